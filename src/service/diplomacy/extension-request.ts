/**
 * An extension request (D.VII(5)), from a player's mail or the GM's CLI: decided by the pure rule
 * (`decideExtension`), recorded (append-only, with its decision), and, when granted, the deadline
 * moved and announced ({@link moveDeadline}); a request the GM must decide goes to the GM.
 */
import { findExtensions, grantedHistory, insertExtension, pendingRequests, type StoredExtension } from '../../db/extensions.js';
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { PhaseRecord } from '../../db/phases.js';
import type { Trx } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { decideExtension, type ExtensionDecision } from '../../diplomacy/calendar/index.js';
import { loadCalendarInputs } from './calendar-facts.js';
import { findGm } from '../game-people.js';
import { moveDeadline } from './move-deadline.js';
import { sendNotice, when } from '../notify.js';

export interface ExtensionAsk {
  readonly game: Game;
  readonly phase: PhaseRecord;
  /** The position asking; `GM` for the GM's own (uncharged, D.VII(4)(a)). */
  readonly power: Power | 'GM';
  readonly person?: Person;
  readonly hours: number;
  /** When it was asked (the receipt time of the mail; D.VII(5)'s 12 hours count to it). */
  readonly at: Date;
  readonly inboundMessageId?: number;
  readonly line?: number;
  /** The GM's answer to a discretionary extension (the CLI); `undefined` from a player's mail. */
  readonly gmApproves?: boolean;
  /** The GM's pending request row this decision answers. */
  readonly answers?: number;
  /** Record it uncharged whatever the rule says (the GM's `--uncharged`). */
  readonly uncharged?: boolean;
  readonly reason?: string;
  readonly actor: string;
  readonly now: Date;
  readonly fromAddress: string;
}

export interface ExtensionOutcome {
  readonly decision: ExtensionDecision;
  /** `false` when this message line had been decided already (a re-run): nothing was done. */
  readonly recorded: boolean;
  /** One line for the requester. */
  readonly note: string;
}

/** The request of `power` still waiting for the GM, if any. */
export async function findPendingRequest(trx: Trx, gameId: string, power: Power): Promise<StoredExtension | undefined> {
  return pendingRequests(await findExtensions(trx, gameId)).filter((r) => r.power === power).at(-1);
}

/** Decide, record and act on an extension request; never throws for a refusal. */
export async function handleExtensionRequest(trx: Trx, ask: ExtensionAsk): Promise<ExtensionOutcome> {
  const { game, phase } = ask;
  const inputs = await loadCalendarInputs(trx, game);
  const history = grantedHistory(await findExtensions(trx, game.id));
  let decision = decideExtension({
    request: { at: ask.at, hours: ask.hours, power: ask.power, ...(ask.person ? { person: String(ask.person.id) } : {}) },
    deadline: phase.deadline,
    history,
    holidays: inputs.holidays,
    windows: inputs.windows,
    ...(ask.gmApproves !== undefined ? { gmApproves: ask.gmApproves } : {}),
  });
  if (decision.kind === 'granted' && ask.uncharged) decision = { ...decision, charged: false, guaranteed: false };
  const zone = ask.person?.timeZone ?? 'UTC';
  const row = await insertExtension(trx, {
    gameId: game.id,
    phase: phase.name,
    power: ask.power === 'GM' ? null : ask.power,
    personId: ask.person?.id ?? null,
    inboundMessageId: ask.inboundMessageId ?? null,
    line: ask.line ?? null,
    requestedAt: ask.at,
    hoursRequested: Math.round(Number.isFinite(ask.hours) ? ask.hours : 0),
    decision: decision.kind,
    hoursGranted: decision.kind === 'granted' ? decision.hours : 0,
    charged: decision.kind === 'granted' && decision.charged,
    guaranteed: decision.kind === 'granted' && decision.guaranteed,
    holiday: decision.kind === 'granted' ? (decision.holiday ?? null) : null,
    oldDeadline: phase.deadline,
    newDeadline: decision.kind === 'granted' ? decision.deadline : null,
    reason: ask.reason ? `${decision.message}; ${ask.reason}` : decision.message,
    answersId: ask.answers ?? null,
    decidedBy: ask.actor,
    decidedAt: ask.now,
  });
  if (!row) return { decision, recorded: false, note: `Extension request already handled: ${decision.message}.` };

  const who = ask.power === 'GM' ? 'the GM' : ask.power;
  if (decision.kind === 'granted') {
    await moveDeadline(trx, {
      game,
      phase: phase.name,
      from: phase.deadline,
      to: decision.deadline,
      reason: `${decision.hours}-hour extension for ${who}${decision.holiday ? ` (${decision.holiday}, not charged)` : ''}${ask.reason ? `: ${ask.reason}` : ''} (D.VII(5))`,
      actor: ask.actor,
      action: 'deadline.extend',
      detail: { extension: row.id, power: ask.power, hours: decision.hours, charged: decision.charged, guaranteed: decision.guaranteed, holiday: decision.holiday ?? null },
      now: ask.now,
      fromAddress: ask.fromAddress,
    });
    const d = when(decision.deadline, zone);
    return { decision, recorded: true, note: `Extension granted: the ${phase.name} deadline is now ${d.gmt}${d.local ? ` (${d.local})` : ''}. ${capitalise(decision.message)}.` };
  }
  if (decision.kind === 'needs-gm') {
    const gm = await findGm(trx, game);
    if (gm) {
      await sendNotice(trx, ask.fromAddress, {
        game,
        template: 'extension-request',
        key: `extension-request:${row.id}`,
        context: (z) => ({ power: ask.power, hours: ask.hours, phase: phase.name, askedAt: when(ask.at, z), deadline: when(phase.deadline, z), remainingHours: decision.remainingHours, requestId: row.id }),
      }, [gm]);
    }
    return { decision, recorded: true, note: `Extension of ${ask.hours} hour${ask.hours === 1 ? '' : 's'} passed to the GM: ${decision.message}.` };
  }
  return { decision, recorded: true, note: `Extension refused: ${decision.message}.` };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
