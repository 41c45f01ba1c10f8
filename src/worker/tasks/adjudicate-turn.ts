/**
 * Task `adjudicate-phase`: a game's turn, at its deadline, early, or at a judge's "process now",
 * after the messages of the game that wait to be decided (issue 29, D.VII(1): a set received in time
 * counts however busy the workers are). Their jobs wait in the game's queue; the adjudication comes
 * back in two seconds under the same key (so a GM's PROCESS meanwhile is still one job), carrying
 * `waitedSince`, the database's clock when it first found messages waiting: from then on it waits only
 * for those stored by that instant. A set stored after the adjudication first ran is late for it and
 * is decided after it, so a player who revises every two seconds cannot hold a deadline back (the
 * three-judges test's stream of revisions, one per game every two seconds, once did exactly that).
 */
import type { Db } from '../../db/schema.js';
import type { Game } from '../../db/games.js';
import { enqueueJob, turnJobFacts } from '../../db/jobs.js';
import type { TurnContext, TurnJob } from '../../service/game-kind.js';
import { kindOf } from '../../service/game-kinds.js';
import { log } from '../../config/log.js';
import { observeAdjudication } from '../../config/metrics.js';
import { judgeTimeOf } from '../../config/clock.js';

/** The job's payload: the turn, and after a first wait the instant it began. */
export type AdjudicateTurnPayload = TurnJob & { readonly waitedSince?: string };

/** How long an adjudication waits before it looks again at its game's messages. */
export const DECISION_WAIT_MS = 2000;

/** What the task did: adjudicated (or the kind's turn ran), waited for decisions, or found no game. */
export type AdjudicateTurnOutcome = 'ran' | 'waiting' | 'no-game';

export async function adjudicateTurnTask(db: Db, ctx: TurnContext, payload: AdjudicateTurnPayload, jobKey: string | undefined): Promise<AdjudicateTurnOutcome> {
  const { waitedSince, ...job } = payload;
  // The game's kind and its waiting decisions in one statement (issue 29).
  const game = await turnJobFacts(db, job.gameId, waitedSince === undefined ? undefined : new Date(waitedSince));
  if (!game) return 'no-game'; // the game is gone: nothing to adjudicate
  if (game.dueDecisions) {
    const since = waitedSince ?? game.at.toISOString();
    log().info({ event: 'adjudication.postponed', game: job.gameId, phase: job.phase, waitedSince: since }, 'messages of the game stored before the adjudication wait to be decided first');
    await enqueueJob(db, 'adjudicate-phase', { ...job, waitedSince: since }, { ...(jobKey ? { jobKey } : {}), runAt: judgeTimeOf(new Date(Date.now() + DECISION_WAIT_MS)), jobKeyMode: 'replace' });
    return 'waiting';
  }
  const started = performance.now();
  try {
    await kindOf({ id: job.gameId, kind: game.kind as Game['kind'] }).adjudicateTurn(db, ctx, job);
    observeAdjudication((performance.now() - started) / 1000, 'ok');
  } catch (e) {
    observeAdjudication((performance.now() - started) / 1000, 'failed');
    throw e;
  }
  return 'ran';
}
