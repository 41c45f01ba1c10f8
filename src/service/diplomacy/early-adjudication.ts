/**
 * Early adjudication (D.VII(2)): when every power with something to order has a Final set in (its
 * latest set: a revised preliminary set cancels "all Final"), every remaining player has voted on every
 * proposal due with this deadline (D.IX(2)), no sooner than 24 hours after the last published adjudication (none before the first turn's), and
 * outside every declared window. A separate job keyed `adjudicate-early:<game>:<phase>`
 * is scheduled for that instant and removed when the condition no longer holds; the adjudication
 * task checks it again under the game lock before it adjudicates early.
 */
import type { Db } from '../../db/schema.js';
import { earlyAdjudicationAt, earlyAdjudicationCheck, type EarlyAdjudicationInput, type EarlyCheck } from '../../diplomacy/calendar/index.js';
import { earlyAdjudicateJobKey, enqueueJob, removeJob } from '../../db/jobs.js';
import { orderStatus, type CalendarFacts } from './calendar-facts.js';

/** The pure rule's input for the open turn at `now`. Pure. */
function earlyInput(facts: CalendarFacts, now: Date): EarlyAdjudicationInput {
  const latestFinal = new Map(facts.powers.map((p) => [p, orderStatus(facts, p) === 'final' && !facts.civilDisorder.has(p)] as const));
  // D.VII(2): 24 hours between adjudications, counted from the last published one (none on the first turn).
  return { latestFinal, powers: facts.powers, ...(facts.lastAdjudication ? { lastPublication: facts.lastAdjudication } : {}), now, deadline: facts.phase.deadline, windows: facts.windows, votesOutstanding: facts.votesOutstanding };
}

/** When the open turn may be adjudicated early, or `undefined`. Pure. */
export function earlyAt(facts: CalendarFacts, now: Date): Date | undefined {
  return earlyAdjudicationAt(earlyInput(facts, now));
}

/** Which conditions of D.VII(2) (and D.IX(2)'s votes) hold for adjudicating the open turn at `now`. Pure. */
export function earlyCheck(facts: CalendarFacts, now: Date): EarlyCheck {
  return earlyAdjudicationCheck(earlyInput(facts, now));
}

/** Schedule (or move) the early adjudication, or remove it when the turn no longer qualifies. */
export async function scheduleEarlyAdjudication(db: Db, facts: CalendarFacts, now: Date): Promise<Date | undefined> {
  const at = earlyAt(facts, now);
  const key = earlyAdjudicateJobKey(facts.game.id, facts.phase.name);
  if (at) await enqueueJob(db, 'adjudicate-phase', { gameId: facts.game.id, phase: facts.phase.name, early: true }, { jobKey: key, runAt: at, jobKeyMode: 'replace' });
  else await removeJob(db, key);
  return at;
}
