/**
 * A set written for the phase just adjudicated (D.VII(1), D.VII(3)). When a set arrives a second after
 * the deadline, the judge may already have adjudicated the phase and opened the next one; read against
 * the new position its orders are "no unit there" problems, and filed as a preliminary set for the new
 * phase the player would never learn it was late. D.VII(3): "Orders will not be accepted after the
 * deadline" — so such a set is refused as late for the phase it was written for, with that phase's
 * deadline and the receipt time to the second.
 *
 * It is taken to be written for the previous phase when all of these hold:
 * - it was received after the previous phase's deadline (at the deadline's whole second, D.VII(1)),
 *   or after that phase was adjudicated early (D.VII(2): every set Final, or the GM's override) —
 *   a set that can no longer count either way;
 * - the power has sent no set for the current phase before it (the first set of a new phase is where
 *   the slip happens; once the player has ordered for the new position, later sets are for it);
 * - more of its orders fit the power's units in the previous phase's position than in the current
 *   one (an order that fits both, such as a hold of an unmoved unit, decides nothing).
 * A set that meets the last two conditions but was received by the deadline (and before an early
 * adjudication) should have counted: it was read only after the adjudication (stamped within the
 * deadline's own second while the deadline's job ran, or held up by a crash between storing and
 * deciding). It is `missed`: not filed for the new phase, and the player, the GM and the TD are told,
 * since only a rollback with the TD's consent can put it right (D.VIII(1)).
 * Pure.
 */
import { isOnTime, lateDecision, type LatePolicy } from './on-time.js';

export interface PreviousPhaseInput {
  readonly receivedAt: Date;
  /** The phase adjudicated last, whose results opened the current one; `undefined` in the first phase. */
  readonly previous: { readonly name: string; readonly deadline: Date; readonly adjudicatedAt: Date } | undefined;
  /** When the power's first set for the current phase was received, if it has sent one. */
  readonly firstSetThisPhase: Date | undefined;
  /** How many of the message's orders are for the power's units in the previous phase's position. */
  readonly fitsPrevious: number;
  /** How many are for its units in the current position. */
  readonly fitsCurrent: number;
  /** The game's D.VII(3) policy. */
  readonly policy: LatePolicy;
}

export type PreviousPhaseDecision =
  | { readonly late: false }
  | {
      readonly late: true;
      /** The phase the set was written for. */
      readonly phase: string;
      readonly deadline: Date;
      /**
       * `missed`: received by the deadline, so it should have counted (D.VII(1)), but read only after
       * the deadline's adjudication had been done (a set stamped within the deadline's own second, or
       * mail held up on its way in). Not filed for the new phase; the GM and the TD are told, since
       * only a rollback with the TD's consent can put it right (D.VIII(1)).
       */
      readonly code: 'late' | 'adjudication-started' | 'adjudicated-early' | 'missed';
      /** Player-facing: why it is not accepted, with the rule. */
      readonly reason: string;
    };

/** Whether a set received now was written for the previous phase, and if so why it is refused. */
export function lateForPreviousPhase(input: PreviousPhaseInput): PreviousPhaseDecision {
  const prev = input.previous;
  if (!prev) return { late: false };
  const onTime = isOnTime(input.receivedAt, prev.deadline);
  // Adjudicated before its deadline (early), and this arrived after that.
  const early = onTime && prev.adjudicatedAt.getTime() < prev.deadline.getTime() && input.receivedAt.getTime() > prev.adjudicatedAt.getTime();
  if (input.firstSetThisPhase && input.firstSetThisPhase.getTime() <= input.receivedAt.getTime()) return { late: false };
  if (input.fitsPrevious <= input.fitsCurrent) return { late: false };
  if (onTime && !early) {
    return { late: true, phase: prev.name, deadline: prev.deadline, code: 'missed', reason: `it was received by the deadline and should have counted (D.VII(1)), but ${prev.name} had already been adjudicated when the judge read it` };
  }
  if (early) {
    // D.VII(2): the phase was adjudicated before its deadline; nothing sent after that can count for it.
    return { late: true, phase: prev.name, deadline: prev.deadline, code: 'adjudicated-early', reason: `it arrived after ${prev.name} had been adjudicated, before its deadline (D.VII(2): early adjudication once every set is marked Final), so it can no longer count` };
  }
  // D.VII(3): refused after the deadline, or, under the alternative rule, after adjudication started.
  const d = lateDecision(input.receivedAt, prev.deadline, input.policy, prev.adjudicatedAt);
  if (!d.accept) return { late: true, phase: prev.name, deadline: prev.deadline, code: d.code, reason: d.reason };
  // Received before adjudication started (alternative rule) but read after it had been done.
  return {
    late: true, phase: prev.name, deadline: prev.deadline, code: 'adjudication-started',
    reason: `it arrived after the deadline, and ${prev.name} had been adjudicated when the judge read it; late orders are accepted only until adjudication starts (D.VII(3))`,
  };
}
