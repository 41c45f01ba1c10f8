/**
 * What the calendar does as soon as a set is accepted (every path that stores a set calls it in the
 * set's transaction; since sql/0037 a set does not send its game back to the calendar tick, which
 * does the same only when it next looks at the game): a round-1 captain standing in who
 * orders becomes the official player (B.8(c)); a withheld 1901 phase whose missing orders are now in
 * is adjudicated at once (D.VII(6)(b)); the early adjudication is scheduled or cancelled (D.VII(2)).
 */
import { findGame, type Game } from '../../db/games.js';
import { inTransaction } from '../../db/in-transaction.js';
import { earlyAdjudicateJobKey, removeJob } from '../../db/jobs.js';
import { findTurnStatus, type OrderSetStatus } from '../../db/order-sets.js';
import { findPhase, type PhaseRecord } from '../../db/phases.js';
import type { Position } from '../../db/positions.js';
import type { Db, Trx } from '../../db/schema.js';
import { processNow } from '../../db/schedule-jobs.js';
import { loadCalendarFacts } from './calendar-facts.js';
import { scheduleEarlyAdjudication } from './early-adjudication.js';
import { withheldReady } from './nmr-handling.js';
import { powersWithOrders } from './powers-to-order.js';
import { confirmCaptainStandIns } from './replacement-procedure.js';

export interface AfterSet {
  readonly gameId: string;
  readonly now: Date;
  readonly fromAddress: string;
  /**
   * Issue 29: what the caller has read in this transaction and nothing has changed since, so it is
   * not read again: the game's row (as locked), its open phase, its current positions.
   */
  readonly known?: { readonly game?: Game; readonly phase?: PhaseRecord; readonly positions?: readonly Position[] };
}

export interface AfterSetResult {
  readonly confirmed: string[];
  readonly released: boolean;
  readonly early: Date | undefined;
  /** The open phase's order-set statuses as read after the set (undefined when no turn is open). */
  readonly statuses?: readonly OrderSetStatus[];
}

/** Re-check the open turn of a game after a set (or on the calendar tick); returns what it did. */
export async function afterOrderSet(trx: Db, a: AfterSet): Promise<AfterSetResult> {
  return inTransaction(trx, (t) => afterSet(t, a));
}

async function afterSet(t: Trx, a: AfterSet): Promise<AfterSetResult> {
  const game = a.known?.game ?? (await findGame(t, a.gameId));
  if (!game || game.status !== 'active') return { confirmed: [], released: false, early: undefined };
  const confirmed = await confirmCaptainStandIns(t, game, a.now, a.fromAddress, a.known?.positions);
  const phase = a.known?.phase?.name === game.currentPhase ? a.known.phase : await findPhase(t, game.id, game.currentPhase);
  if (!phase || phase.adjudicatedAt || phase.supersededAt) return { confirmed, released: false, early: undefined };
  // The sets' statuses, the powers in civil disorder and whether the phase's results are withheld
  // (D.VII(6)(b)), in one statement (issue 29); only a withheld phase is read in full.
  const turn = await findTurnStatus(t, game.id, phase.name, phase.generation);
  const statuses = turn.statuses;
  const civilDisorder = new Set(turn.civilDisorder);
  const ready = turn.withheld ? await withheldReady(t, game, phase, civilDisorder) : undefined;
  if (ready === true) {
    await processNow(t, game.id, phase.name, a.now);
    return { confirmed, released: true, early: undefined, statuses };
  }
  if (ready === false) return { confirmed, released: false, early: undefined, statuses };
  // D.VII(2): no early adjudication while a power with something to order has no Final set in (its
  // latest set), or is in civil disorder: the job is removed without reading the rest of the
  // calendar (windows, holidays, votes), which matter only once every set is Final (early-adjudication.ts).
  const powers = powersWithOrders(phase.stateBefore);
  const allFinal = powers.length > 0 && powers.every((p) => statuses.find((s) => s.power === p)?.final === true && !civilDisorder.has(p));
  if (!allFinal) {
    await removeJob(t, earlyAdjudicateJobKey(game.id, phase.name));
    return { confirmed, released: false, early: undefined, statuses };
  }
  const facts = (await loadCalendarFacts(t, game, { phase, statuses, civilDisorder }))!;
  return { confirmed, released: false, early: await scheduleEarlyAdjudication(t, facts, a.now), statuses };
}
