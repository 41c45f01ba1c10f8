/**
 * Task `adjudicate-phase`: load → decide (the engine, pure) → save the result, open the next phase
 * and enqueue every email, all in one transaction (STYLE.md 6.3). Idempotent: a retried or duplicate
 * job finds the game already past the phase and does nothing, so a phase is adjudicated exactly once
 * and each email is enqueued once (outbox dedupe keys).
 */
import {
  POWERS,
  RULE_PROFILES,
  adjudicate,
  adjustmentCounts,
  formatPhase,
  STANDARD_MAP,
  type GameState,
  type Power,
} from '../../game/index.js';
import { appendAudit } from '../../db/audit-log.js';
import { lockGame, updateGameProgress } from '../../db/games.js';
import { findOrderSets } from '../../db/order-sets.js';
import { outboxKey } from '../../db/outbox.js';
import { findPhase, insertPhase, markPhasePublished, savePhaseResult } from '../../db/phases.js';
import type { Db } from '../../db/schema.js';
import { buildReportContext } from '../../mail/outbound/report-context.js';
import { gameRecipients, queueMail } from '../../mail/outbound/queue-mail.js';
import { defaultDeadline } from '../../rules/deadlines.js';
import { effectiveOrders } from '../../rules/effective-orders.js';
import { enqueueJob } from '../queue.js';

export interface AdjudicatePayload {
  readonly gameId: string;
  readonly phase: string;
}

export interface TaskContext {
  readonly now: () => Date;
  /** The judge's own address (From of every mail; its domain names Message-IDs). */
  readonly fromAddress: string;
}

/** Powers with something to order in this phase (the others cannot NMR). */
export function powersWithOrders(state: GameState): Power[] {
  if (state.phase.kind === 'R') return POWERS.filter((p) => state.dislodged.some((d) => d.power === p));
  if (state.phase.kind === 'A') return [...adjustmentCounts(STANDARD_MAP, state.units, state.centers).keys()];
  return POWERS.filter((p) => state.units.some((u) => u.power === p));
}

export function adjudicateJobKey(gameId: string, phase: string): string {
  return `adjudicate:${gameId}:${phase}`;
}

export async function adjudicatePhaseTask(db: Db, ctx: TaskContext, payload: AdjudicatePayload): Promise<'adjudicated' | 'skipped'> {
  return db.transaction().execute(async (trx) => {
    const game = await lockGame(trx, payload.gameId);
    if (!game || game.status !== 'active' || game.currentPhase !== payload.phase) return 'skipped';
    const record = await findPhase(trx, game.id, payload.phase);
    if (!record || record.adjudicatedAt) return 'skipped';
    const now = ctx.now();
    const state = record.stateBefore;
    const sets = await findOrderSets(trx, game.id, payload.phase);
    const chosen = effectiveOrders(
      sets.map((s) => ({ id: s.id, power: s.power, receivedAt: s.receivedAt, orders: s.orders, written: writtenOf(s.sheet, s.orders) })),
      powersWithOrders(state),
      record.deadline,
      now,
      game.policies,
    );
    // D.VII(6)(c): a power with no orders holds (the engine's default for unordered units).
    const outcome = adjudicate(state, chosen.orders, { rules: RULE_PROFILES[game.ruleProfile], ...(game.endYear ? { endYear: game.endYear } : {}) });
    await savePhaseResult(trx, game.id, payload.phase, {
      stateAfter: outcome.state,
      results: { results: outcome.results, next: outcome.next && formatPhase(outcome.next), winner: outcome.winner ?? null, ended: outcome.ended ?? false, nmr: chosen.missing, sets: chosen.setIds },
      adjudicatedAt: now,
    });
    const deadline = outcome.next ? defaultDeadline(now, outcome.next) : undefined;
    const nextName = outcome.next ? formatPhase(outcome.next) : undefined;
    if (outcome.next && deadline) await insertPhase(trx, { gameId: game.id, state: outcome.state, deadline });
    await updateGameProgress(trx, game.id, { currentPhase: nextName ?? payload.phase, status: nextName ? 'active' : 'finished' });

    // One report per recipient: every acting player and the GM, each with the deadline in their zone.
    const recipients = await gameRecipients(trx, game);
    const input = {
      game: { id: game.id, board: game.boardName, address: game.address },
      phase: state.phase,
      results: outcome.results,
      writtenLines: chosen.writtenLines,
      after: outcome.state,
      next: outcome.next,
      nmr: chosen.missing,
      ...(deadline ? { deadline } : {}),
      ...(outcome.winner ? { winner: outcome.winner } : {}),
      ...(outcome.ended ? { ended: true } : {}),
    };
    // A phase re-adjudicated after a rollback (D.VIII(1)) sends its reports again, under new keys.
    const reportKey = record.generation ? `${payload.phase}.g${record.generation}` : payload.phase;
    for (const [to, zone] of recipients) {
      await queueMail(trx, ctx.fromAddress, {
        dedupeKey: outboxKey('report', game.id, reportKey, to),
        gameId: game.id,
        template: 'adjudication-report',
        context: buildReportContext(input, zone),
        to,
      });
    }
    await markPhasePublished(trx, game.id, payload.phase, now);
    if (nextName && deadline) await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: nextName }, { jobKey: adjudicateJobKey(game.id, nextName), runAt: deadline });
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'phase.adjudicate', detail: { phase: payload.phase, next: nextName ?? null, nmr: chosen.missing, sets: chosen.setIds } });
    return 'adjudicated';
  });
}

/** The written lines of a stored sheet, parallel to its canonical orders. */
function writtenOf(sheet: unknown, orders: readonly string[]): string[] {
  const list = (sheet as { orders?: { written?: string; text?: string }[] } | null)?.orders;
  if (!Array.isArray(list)) return [...orders];
  return orders.map((o, i) => list[i]?.written ?? o);
}
