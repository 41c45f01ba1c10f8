/**
 * The intake's check for a set written for the phase just adjudicated (the pure rule:
 * src/rules/submission/late-for-previous-phase.ts, D.VII(3)): loads the previous phase, the power's
 * first set of the open phase, and reads the message against both positions; returns the refusal to
 * send, or `undefined` when the set is for the open phase.
 */
import type { Game } from '../../db/games.js';
import { phaseFromRow, type PhaseRecord } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { RULE_PROFILES, type Power } from '../../diplomacy/index.js';
import { formatGmt, formatGmtSeconds } from '../../diplomacy/calendar/index.js';
import { parseOrderSheet, type OrderSheet } from '../../diplomacy/sheet/index.js';
import { lateForPreviousPhase } from '../../rules/submission/late-for-previous-phase.js';

export interface PreviousPhaseCheck {
  readonly game: Game;
  /** The open phase. */
  readonly phase: PhaseRecord;
  readonly power: Power;
  /** The message's text (secret lines removed) and subject. */
  readonly text: string;
  readonly subject: string;
  /** The message read against the open phase's position. */
  readonly sheet: OrderSheet;
  readonly receivedAt: Date;
}

export interface PreviousPhaseRefusal {
  /** The phase the set was written for. */
  readonly phase: string;
  readonly code: 'late' | 'adjudication-started' | 'adjudicated-early' | 'missed';
  /** That phase's deadline. */
  readonly deadline: Date;
  /** For `missed`: when the phase was adjudicated (the GM's and TD's alert says it). */
  readonly adjudicatedAt?: Date;
  /** The `orders-refused` template's context. */
  readonly reply: { subjectNote: string; receivedAt: string; reason: string; remedy: string };
}

/** The phase adjudicated last (its publication opened the open phase), if any. */
async function findPreviousPhase(db: Db, game: Game, open: PhaseRecord): Promise<PhaseRecord | undefined> {
  const row = await db
    .selectFrom('phases')
    .selectAll()
    .where('game_id', '=', game.id)
    .where('superseded_at', 'is', null)
    .where('adjudicated_at', 'is not', null)
    .where('name', '!=', open.name)
    .orderBy('adjudicated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && phaseFromRow(row);
}

/** The refusal for a set written for the previous phase and received after its deadline; `undefined` otherwise. */
export async function refusalForPreviousPhase(db: Db, c: PreviousPhaseCheck): Promise<PreviousPhaseRefusal | undefined> {
  // Only a message with order lines the open phase could not use can fit the previous phase better
  // (fitsPrevious ≤ its order lines = fitsCurrent otherwise): questions, press and ordinary sets stop here.
  if (!c.sheet.lines.some((l) => l.kind === 'notUsed' || l.kind === 'issue')) return undefined;
  const prev = await findPreviousPhase(db, c.game, c.phase);
  if (!prev || !prev.adjudicatedAt) return undefined;
  const first = await db
    .selectFrom('order_sets')
    .select('received_at')
    .where('game_id', '=', c.game.id)
    .where('phase', '=', c.phase.name)
    .where('power', '=', c.power)
    .orderBy('received_at')
    .limit(1)
    .executeTakeFirst();
  const asPrevious = parseOrderSheet(c.text, { state: prev.stateBefore, power: c.power, subject: c.subject, rules: RULE_PROFILES[c.game.ruleProfile] });
  const d = lateForPreviousPhase({
    receivedAt: c.receivedAt,
    previous: { name: prev.name, deadline: prev.deadline, adjudicatedAt: prev.adjudicatedAt },
    firstSetThisPhase: first?.received_at,
    fitsPrevious: asPrevious.orders.length,
    fitsCurrent: c.sheet.orders.length,
    policy: c.game.policies.lateOrders,
  });
  if (!d.late) return undefined;
  const received = formatGmtSeconds(c.receivedAt);
  if (d.code === 'missed') {
    return {
      phase: d.phase,
      code: d.code,
      deadline: d.deadline,
      adjudicatedAt: prev.adjudicatedAt,
      reply: {
        subjectNote: `${c.power} ${d.phase}: received on time, read after the adjudication`,
        receivedAt: received,
        reason: `it was written for ${d.phase} and received ${received}, by the ${d.phase} deadline (${formatGmtSeconds(d.deadline)}), so it should have counted (D.VII(1)); but ${d.phase} had been adjudicated at ${formatGmtSeconds(prev.adjudicatedAt)}, before the judge read it, and it was not used`,
        remedy: `the GM and the Tournament Director have been told: only a rollback of ${d.phase} with the TD's consent can put it right (D.VIII(1)). Nothing was filed for ${c.phase.name}: if the results stand, send your ${c.phase.name} orders by ${formatGmt(c.phase.deadline)}`,
      },
    };
  }
  return {
    phase: d.phase,
    code: d.code,
    deadline: d.deadline,
    reply: {
      subjectNote: `${c.power} ${d.phase}: late, not accepted`,
      receivedAt: received,
      reason:
        `it was written for ${d.phase} (its orders are for your units as they stood in ${d.phase}, not in ${c.phase.name}), and it is late for ${d.phase}: ` +
        (d.code === 'adjudicated-early'
          ? `${d.phase} was adjudicated at ${formatGmtSeconds(prev.adjudicatedAt)}, before its deadline (${formatGmtSeconds(d.deadline)}), and your message was received ${received}. `
          : `the ${d.phase} deadline was ${formatGmtSeconds(d.deadline)}, and your message was received ${received}. `) +
        `${d.reason.charAt(0).toUpperCase()}${d.reason.slice(1)}`,
      remedy:
        `${d.phase} has been adjudicated with the orders ${d.code === 'adjudicated-early' ? 'received before that' : 'received by its deadline'}. Nothing was filed for ${c.phase.name}: send your ${c.phase.name} orders for the new position by ${formatGmt(c.phase.deadline)}. ` +
        `If you sent a copy to the confirmation mailbox before the ${d.phase} deadline with this game's address in To or Cc, write to your GM (D.VII(1))`,
    },
  };
}
