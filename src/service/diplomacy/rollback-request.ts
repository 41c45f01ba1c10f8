/**
 * D.VIII(1): "Rollbacks (ie allowing players to resubmit orders for a turn that has been adjudicated)
 * will only be permitted with the express consent of the TD." In two steps: the GM asks (`ROLLBACK
 * S1902M <why>` by email), the request is recorded as pending and the TD is asked by mail; only the
 * TD's own answer — by mail from the TD's registered address (`APPROVE ROLLBACK S1902M <note>` /
 * `REFUSE ROLLBACK S1902M <why>`) or `mailjudge rollback-request approve|refuse` — decides it. Until
 * then nothing changes, and the GM's STATUS says the request is waiting.
 *
 * When the game moves on first (another adjudication publishes the next phase, or the game ends),
 * the request lapses at once and the GM and the TD are told ({@link lapsePendingRollback}): the
 * players have ordered on results the request did not see, and D.VIII(1) lets an error stand once
 * the next adjudication is published. An approval that arrives after that is answered as lapsed (the
 * check is made again at the answer, so nothing depends on the lapse having been recorded); the GM may
 * ask again, and the TD decides on the game as it stands. A new request from the GM replaces the
 * pending one.
 */
import { appendAudit } from '../../db/audit-log.js';
import { lockGame } from '../../db/games.js';
import { inTransaction } from '../../db/in-transaction.js';
import { recordedCommand } from '../recorded-command.js';
import { findPhase } from '../../db/phases.js';
import { decideRollbackRequest, findPendingRollbackRequest, insertRollbackRequest, type RollbackRequest } from '../../db/rollback-requests.js';
import type { Db } from '../../db/schema.js';
import { parsePhase } from '../../diplomacy/index.js';
import { formatGmt, problems, type CommandResult, type RunContext } from '../command-result.js';
import { distinctPeople, findGm, findTds } from '../game-people.js';
import { sendNotice } from '../notify.js';
import { rollbackPhase } from './rollback-phase.js';
export { lapsePendingRollback } from './lapse-rollback-request.js';

export interface RequestArgs {
  readonly gameId: string;
  readonly phase: string;
  /** The GM's reason (and any approval the GM quotes), as the TD will read it. */
  readonly reason: string;
  /** Who asks, as the TD reads it: `Gina Marsh <gm@example.org>`. */
  readonly requester: string;
  readonly inboundMessageId?: number;
}

/** Whether the game has moved on since `r` was asked (its open phase or that phase's generation changed). */
async function lapsed(db: Db, r: RollbackRequest, game: { currentPhase: string }): Promise<boolean> {
  const open = await findPhase(db, r.gameId, game.currentPhase);
  return game.currentPhase !== r.openPhase || (open?.generation ?? 0) !== r.openGeneration;
}

/** Record the GM's request and ask the TD(s); nothing else changes. */
export async function requestRollback(db: Db, a: RequestArgs, ctx: RunContext): Promise<CommandResult> {
  const name = a.phase.toUpperCase();
  if (!parsePhase(name)) return problems([`"${a.phase}" is not a phase name (S1901M, F1901R, W1901A)`]);
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const game = await lockGame(trx, a.gameId);
    if (!game) return problems([`no game "${a.gameId}"`]);
    const target = await findPhase(trx, game.id, name);
    if (!target || target.supersededAt) return problems([`${game.id} has no phase ${name} in its history`]);
    if (!target.adjudicatedAt) return problems([`${game.id} ${name} has not been adjudicated: there is nothing to roll back (extend its deadline instead)`]);
    const tds = await findTds(trx, game);
    if (tds.length === 0) return problems([`${game.id} is in no tournament, so no TD can consent (D.VIII(1)); the operator may run mailjudge rollback ${game.id} ${name} --td-approval "<who, when, why>"`]);
    const open = await findPhase(trx, game.id, game.currentPhase);
    const { request, replaced } = await insertRollbackRequest(trx, {
      gameId: game.id, phase: name, reason: a.reason.trim() || '(no reason given)', requestedBy: ctx.actor, requestedAt: ctx.now,
      inboundMessageId: a.inboundMessageId ?? null, openPhase: game.currentPhase, openGeneration: open?.generation ?? 0,
    });
    await sendNotice(trx, ctx.fromAddress, {
      game, template: 'rollback-request', key: `rollback-request:${game.id}:${request.id}`,
      context: () => ({ phase: name, reason: request.reason, requester: a.requester, openPhase: game.currentPhase, askedAt: formatGmt(ctx.now), replaced: replaced?.phase }),
    }, tds);
    await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'rollback.request', detail: { request: request.id, phase: name, reason: request.reason, replaced: replaced?.id ?? null } });
    return {
      ok: true,
      text: `pending: the TD (${tds.map((t) => t.name).join(', ')}) has been asked to approve the rollback of ${name} (D.VIII(1)); nothing changes until the TD answers, by mail from the TD's registered address or at the command line. The request lapses if ${game.currentPhase} is adjudicated first.${replaced ? ` It replaces your pending request for ${replaced.phase}.` : ''}`,
      json: { game: game.id, request: request.id, phase: name, status: 'pending', replaced: replaced?.id ?? null },
    };
  });
}

export interface AnswerArgs {
  readonly gameId: string;
  /** The phase the TD names (a check against answering a request they did not read); optional on the CLI. */
  readonly phase?: string;
  readonly approve: boolean;
  readonly note: string;
  /** Who answers, as recorded and announced: `the TD Jane Roe <td@example.org>, by email`. */
  readonly answeredBy: string;
  /** The reopened phase's deadline (default: its minimum length from now). */
  readonly deadline?: Date;
}

/** Begins the answer's problem when the request had lapsed: recorded (the request is closed), so logged too. */
const LAPSED = 'the request to roll back ';

/**
 * The TD's answer to the game's pending request: approved (the rollback happens now), or refused.
 * Logged for `mailjudge reproduce` as one command (with the rollback it makes) unless it came by
 * email; a lapsed request is logged too, for it closes the request and tells the GM.
 */
export async function answerRollbackRequest(db: Db, a: AnswerArgs, ctx: RunContext): Promise<CommandResult> {
  return recordedCommand(db, 'rollback-request', a.gameId, a, ctx, (trx, c) => answerNow(trx, a, c), answerTookEffect);
}

/** Whether a replayed answer did what the recorded one did: done, or found the request lapsed. */
export function answerTookEffect(r: CommandResult): boolean {
  return r.ok || r.problems[0]?.startsWith(LAPSED) === true;
}

async function answerNow(db: Db, a: AnswerArgs, ctx: RunContext): Promise<CommandResult> {
  return inTransaction(db, async (trx): Promise<CommandResult> => {
    const game = await lockGame(trx, a.gameId);
    if (!game) return problems([`no game "${a.gameId}"`]);
    const pending = await findPendingRollbackRequest(trx, game.id);
    if (!pending) return problems([`no rollback request is pending in ${game.id}; the GM asks with ROLLBACK <phase> <why>`]);
    if (a.phase && a.phase.toUpperCase() !== pending.phase) return problems([`the pending request in ${game.id} is for ${pending.phase}, not ${a.phase.toUpperCase()}; nothing done`]);
    const gm = await findGm(trx, game);
    const tellGm = (outcome: 'refused' | 'lapsed') => sendNotice(trx, ctx.fromAddress, {
      game, template: 'rollback-answer', key: `rollback-answer:${game.id}:${pending.id}`,
      context: () => ({ phase: pending.phase, outcome, refused: outcome === 'refused', note: a.note.trim(), answeredBy: a.answeredBy, openPhase: pending.openPhase, askedAt: formatGmt(pending.requestedAt) }),
    }, distinctPeople([gm]));
    if (await lapsed(trx, pending, game)) {
      await decideRollbackRequest(trx, pending.id, { status: 'lapsed', by: ctx.actor, at: ctx.now, note: a.note.trim() || null });
      await tellGm('lapsed');
      await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'rollback.request.lapsed', detail: { request: pending.id, phase: pending.phase, openPhase: pending.openPhase, now: game.currentPhase } });
      // Recorded (the request is closed) but nothing rolled back: reported as a problem, exit code 2.
      return problems([`${LAPSED}${pending.phase} has lapsed: it was asked while ${pending.openPhase} was open, and the game has moved on to ${game.currentPhase} since; nothing rolled back, the GM told (the GM may ask again)`]);
    }
    if (!a.approve) {
      await decideRollbackRequest(trx, pending.id, { status: 'refused', by: ctx.actor, at: ctx.now, note: a.note.trim() || null });
      await tellGm('refused');
      await appendAudit(trx, { gameId: game.id, actor: ctx.actor, action: 'rollback.request.refused', detail: { request: pending.id, phase: pending.phase, note: a.note.trim() } });
      return { ok: true, text: `refused: the rollback of ${pending.phase} will not happen; the GM has been told.`, json: { game: game.id, request: pending.id, status: 'refused' } };
    }
    const approval = `${a.note.trim() || 'approved'} (${a.answeredBy}, answering the GM's request of ${formatGmt(pending.requestedAt)}: ${pending.reason})`;
    // Not logged as a rollback of its own: the answer is logged whole (or its message is the record).
    const r = await rollbackPhase(trx, { gameId: game.id, phase: pending.phase, tdApproval: approval, actor: ctx.actor, now: ctx.now, fromAddress: ctx.fromAddress, ...(a.deadline ? { deadline: a.deadline } : {}), byMail: true });
    if (!r.ok) return problems([`the rollback of ${pending.phase} cannot be made: ${r.problem}; the request stays pending`]);
    await decideRollbackRequest(trx, pending.id, { status: 'approved', by: ctx.actor, at: ctx.now, note: a.note.trim() || null });
    return {
      ok: true,
      text: `approved: ${r.phase} reopened as generation ${r.generation} with the deadline ${formatGmt(r.deadline)}; withdrawn: ${r.withdrawn.join(', ')}; ${r.carried} standing set(s) carried; every player and the GM told (${r.notified} notices).`,
      json: { game: game.id, request: pending.id, status: 'approved', phase: r.phase, generation: r.generation, deadline: r.deadline.toISOString(), withdrawn: r.withdrawn },
    };
  });
}

/**
 * What the GM's STATUS says of the game's rollback request: the pending one, or one that lapsed or
 * was refused in the last 7 days (so the GM sees what became of it); `undefined` otherwise.
 */
export async function describePendingRollback(db: Db, game: { id: string; currentPhase: string }, now: Date): Promise<string | undefined> {
  const r = await findPendingRollbackRequest(db, game.id);
  if (r) {
    return (await lapsed(db, r, game))
      ? `Rollback of ${r.phase}, asked ${formatGmt(r.requestedAt)}: lapsed, the game has moved on since (ask again if it is still needed).`
      : `Rollback of ${r.phase}, asked ${formatGmt(r.requestedAt)}: pending, waiting for the TD's approval; nothing has changed yet.`;
  }
  const last = await db.selectFrom('rollback_requests').select(['phase', 'status', 'requested_at', 'decided_at', 'td_note']).where('game_id', '=', game.id).orderBy('id', 'desc').executeTakeFirst();
  if (!last || !last.decided_at || now.getTime() - last.decided_at.getTime() > 7 * 24 * 3_600_000) return undefined;
  if (last.status === 'lapsed') return `Rollback of ${last.phase}, asked ${formatGmt(last.requested_at)}: lapsed ${formatGmt(last.decided_at)}${last.td_note ? ` (${last.td_note} before the TD answered)` : ''}; ask again if it is still needed.`;
  if (last.status === 'refused') return `Rollback of ${last.phase}, asked ${formatGmt(last.requested_at)}: refused by the TD ${formatGmt(last.decided_at)}${last.td_note ? `: ${last.td_note}` : ''}.`;
  return undefined;
}
