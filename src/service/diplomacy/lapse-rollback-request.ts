/**
 * D.VIII(1): a rollback request the TD has not answered lapses when the game moves on — its open
 * phase adjudicated, another phase rolled back, the game ended — and the GM and the TD are told at
 * once, so neither waits for an answer that can no longer apply (src/service/diplomacy/rollback-request.ts).
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { decideRollbackRequest, findPendingRollbackRequest } from '../../db/rollback-requests.js';
import type { Trx } from '../../db/schema.js';
import { formatGmt } from '../command-result.js';
import { distinctPeople, findGm, findTds } from '../game-people.js';
import { sendNotice } from '../notify.js';

/** Lapse the game's pending request (`because`: what moved the game on); `false` when none was pending. */
export async function lapsePendingRollback(trx: Trx, game: Game, a: { now: Date; fromAddress: string; because: string }): Promise<boolean> {
  const pending = await findPendingRollbackRequest(trx, game.id);
  if (!pending) return false;
  await decideRollbackRequest(trx, pending.id, { status: 'lapsed', by: 'worker', at: a.now, note: a.because });
  await sendNotice(trx, a.fromAddress, {
    game, template: 'rollback-answer', key: `rollback-answer:${game.id}:${pending.id}`,
    context: () => ({ phase: pending.phase, outcome: 'lapsed', refused: false, because: a.because, openPhase: pending.openPhase, askedAt: formatGmt(pending.requestedAt) }),
  }, distinctPeople([await findGm(trx, game), ...(await findTds(trx, game))]));
  await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'rollback.request.lapsed', detail: { request: pending.id, phase: pending.phase, openPhase: pending.openPhase, because: a.because } });
  return true;
}
