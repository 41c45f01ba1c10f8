/**
 * What the calendar does as soon as a set is accepted (the pipeline calls it in its transaction; the
 * calendar tick does the same within a minute if it does not): a round-1 captain standing in who
 * orders becomes the official player (B.8(c)); a withheld 1901 phase whose missing orders are now in
 * is adjudicated at once (D.VII(6)(b)); the early adjudication is scheduled or cancelled (D.VII(2)).
 */
import { findGame } from '../../db/games.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { Db, Trx } from '../../db/schema.js';
import { processNow } from '../../db/schedule-jobs.js';
import { loadCalendarFacts } from './calendar-facts.js';
import { scheduleEarlyAdjudication } from './early-adjudication.js';
import { withheldReady } from './nmr-handling.js';
import { confirmCaptainStandIns } from './replacement-procedure.js';

export interface AfterSet {
  readonly gameId: string;
  readonly now: Date;
  readonly fromAddress: string;
}

/** Re-check the open turn of a game after a set (or on the calendar tick); returns what it did. */
export async function afterOrderSet(trx: Db, a: AfterSet): Promise<{ confirmed: string[]; released: boolean; early: Date | undefined }> {
  return inTransaction(trx, (t) => afterSet(t, a));
}

async function afterSet(t: Trx, a: AfterSet): Promise<{ confirmed: string[]; released: boolean; early: Date | undefined }> {
  const game = await findGame(t, a.gameId);
  if (!game || game.status !== 'active') return { confirmed: [], released: false, early: undefined };
  const confirmed = await confirmCaptainStandIns(t, game, a.now, a.fromAddress);
  const facts = await loadCalendarFacts(t, game);
  if (!facts) return { confirmed, released: false, early: undefined };
  const ready = await withheldReady(t, game, facts.phase, facts.civilDisorder);
  if (ready === true) {
    await processNow(t, game.id, facts.phase.name, a.now);
    return { confirmed, released: true, early: undefined };
  }
  if (ready === false) return { confirmed, released: false, early: undefined };
  return { confirmed, released: false, early: await scheduleEarlyAdjudication(t, facts, a.now) };
}
