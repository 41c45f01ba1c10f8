/**
 * Rollback (D.VIII(1)): "Rollbacks (ie allowing players to resubmit orders for a turn that has been
 * adjudicated) will only be permitted with the express consent of the TD." The TD's approval is a
 * required, recorded note. The rolled-back phase is reopened under a new generation with a new
 * deadline; every phase after it is withdrawn from the game's history (its rows are marked superseded,
 * never deleted: order sets and the audit trail still point at them). The orders that stood are
 * carried into the new generation, so a player who does not resubmit keeps them (D.III(3): the last
 * set counts); sets sent for the withdrawn phases never count. The withdrawn results are kept in the
 * `rollbacks` row, the action in the audit log, and every player and the GM are told.
 */
import { inTransaction } from '../../db/in-transaction.js';
import { appendAudit } from '../../db/audit-log.js';
import { lockGame, updateGameProgress } from '../../db/games.js';
import { findOrderSets, insertOrderSet } from '../../db/order-sets.js';
import { outboxKey } from '../../db/outbox.js';
import { findPhase, findPhases } from '../../db/phases.js';
import type { Db, Trx } from '../../db/schema.js';
import { insertReplayEntry } from '../../db/replay-log.js';
import { parsePhase, phaseIndex } from '../../diplomacy/index.js';
import { formatDeadline } from '../../mail/outbound/report-context.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice } from '../notify.js';
import { defaultDeadline } from '../../diplomacy/calendar/deadlines.js';
import { enqueueJob, removeJob } from '../../db/jobs.js';
import { adjudicateJobKey } from '../../db/jobs.js';
import { gameStateToJson } from '../../db/state-json.js';
import { toJson } from '../../db/canonical-json.js';
import { decideRollbackRequest, findPendingRollbackRequest } from '../../db/rollback-requests.js';
import { lapsePendingRollback } from './lapse-rollback-request.js';

export interface RollbackRequest {
  readonly gameId: string;
  /** The adjudicated phase to reopen, e.g. `S1902M`. */
  readonly phase: string;
  /** The TD's express consent, as recorded (D.VIII(1)): who approved and why. */
  readonly tdApproval: string;
  /** Who ran it (`cli:<user>`). */
  readonly actor: string;
  readonly now: Date;
  /** The reopened phase's deadline (default: the phase's minimum length from now, D.VII(2)). */
  readonly deadline?: Date;
  /** The judge's own address (From of the notices). */
  readonly fromAddress: string;
  /** The GM's emailed ROLLBACK: its archived message is its record (replay_log, 0013). */
  readonly byMail?: boolean;
  /** The judge's clock, run live: `now` is read again under the game's lock. */
  readonly clock?: () => Date;
}

export type RollbackResult =
  | { ok: true; phase: string; generation: number; deadline: Date; withdrawn: string[]; carried: number; notified: number }
  | { ok: false; problem: string };

export async function rollbackPhase(db: Db, req: RollbackRequest): Promise<RollbackResult> {
  const name = req.phase.toUpperCase();
  const parsed = parsePhase(name);
  if (!parsed) return { ok: false, problem: `"${req.phase}" is not a phase name (S1901M, F1901R, W1901A)` };
  if (!req.tdApproval.trim()) return { ok: false, problem: 'a rollback needs the TD\'s express consent (D.VIII(1)): give --td-approval "<who approved, when, why>"' };
  return inTransaction(db, async (trx): Promise<RollbackResult> => {
    // Run live, the instant is read under the game's lock (as a recorded command's, recorded-command.ts).
    if (req.clock) {
      await lockGame(trx, req.gameId);
      req = { ...req, now: req.clock() };
    }
    const deadline = req.deadline ?? defaultDeadline(req.now, parsed);
    if (deadline.getTime() <= req.now.getTime()) return { ok: false, problem: `the new deadline ${deadline.toISOString()} is not in the future` };
    const r = await rollbackNow(trx, req, name, parsed, deadline);
    // Logged for `mailjudge reproduce` (0013), in the same transaction, unless it came by email.
    if (r.ok && !req.byMail) {
      const { clock: _clock, ...args } = req;
      await insertReplayEntry(trx, { gameId: req.gameId, at: req.now, kind: 'command', name: 'rollback', args: { ...args, deadline: r.deadline }, actor: req.actor });
    }
    return r;
  });
}

async function rollbackNow(trx: Trx, req: RollbackRequest, name: string, parsed: NonNullable<ReturnType<typeof parsePhase>>, deadline: Date): Promise<RollbackResult> {
  {
    const game = await lockGame(trx, req.gameId);
    if (!game) return { ok: false, problem: `no game "${req.gameId}"` };
    const target = await findPhase(trx, game.id, name);
    if (!target || target.supersededAt) return { ok: false, problem: `${game.id} has no phase ${name} in its history` };
    if (!target.adjudicatedAt) return { ok: false, problem: `${game.id} ${name} has not been adjudicated: there is nothing to roll back (extend its deadline instead)` };
    const later = (await findPhases(trx, game.id)).filter((p) => phaseIndex(parsePhase(p.name)!) > phaseIndex(parsed));
    const withdrawn = [target, ...later].map((p) => ({
      phase: p.name,
      generation: p.generation,
      adjudicatedAt: p.adjudicatedAt?.toISOString() ?? null,
      stateAfter: p.stateAfter ? gameStateToJson(p.stateAfter) : null,
      results: p.results,
    }));
    const standing = await findOrderSets(trx, game.id, name);
    if (later.length > 0) {
      // The withdrawn phases' deadline revisions rise with their cancellation (below), so a phase
      // re-created in place later (phases.ts insertPhase raises it again) outranks the cancelled event.
      await trx.updateTable('phases').set((eb) => ({ superseded_at: req.now, deadline_sequence: eb('deadline_sequence', '+', 1) })).where('game_id', '=', game.id).where('name', 'in', later.map((p) => p.name)).execute();
      // A withdrawn phase's pending adjudication must not survive to adjudicate its re-opened successor early.
      for (const p of later) await removeJob(trx, adjudicateJobKey(game.id, p.name));
    }
    const generation = target.generation + 1;
    await trx
      .updateTable('phases')
      .set((eb) => ({ state_after: null, results: null, adjudicated_at: null, published_at: null, deadline, generation, deadline_sequence: eb('deadline_sequence', '+', 1) }))
      .where('game_id', '=', game.id)
      .where('name', '=', name)
      .execute();
    // The orders that stood are carried into the new generation, receipt times unchanged.
    for (const s of standing) {
      await insertOrderSet(trx, { gameId: game.id, phase: name, power: s.power, personId: s.personId, inboundMessageId: s.inboundMessageId, receivedAt: s.receivedAt, final: s.final, sheet: s.sheet, orders: s.orders });
    }
    await updateGameProgress(trx, game.id, { currentPhase: name, status: 'active' });
    await trx
      .insertInto('rollbacks')
      .values({ game_id: game.id, phase: name, generation, td_approval: req.tdApproval.trim(), actor: req.actor, withdrawn: JSON.stringify(toJson(withdrawn)), at: req.now })
      .execute();
    await enqueueJob(trx, 'adjudicate-phase', { gameId: game.id, phase: name }, { jobKey: adjudicateJobKey(game.id, name), runAt: deadline, jobKeyMode: 'replace' });
    const notified = await sendNotice(trx, req.fromAddress, {
      game, template: 'rollback-notice', key: outboxKey('rollback', game.id, `${name}.g${generation}`),
      context: (zone) => ({ phase: name, withdrawn: withdrawn.map((w) => w.phase), tdApproval: req.tdApproval.trim(), deadline: formatDeadline(deadline, zone) }),
      // The reopened phase's event: the same UID as before, its revision raised by the update above.
      calendar: { phase: name, deadline, sequence: target.deadlineSequence + 1, stamp: req.now },
    }, (await announcementRecipients(trx, game)).map((r) => r.person));
    // Issue #15: a withdrawn phase whose deadline is still to come is in the players' calendars: its
    // event is cancelled (same UID, SEQUENCE raised, METHOD:CANCEL), one mail per phase since an
    // iTIP object carries one event's UID.
    for (const p of later.filter((x) => x.deadline.getTime() > req.now.getTime())) {
      await sendNotice(trx, req.fromAddress, {
        game, template: 'deadline-cancelled', key: outboxKey('deadline-cancelled', game.id, `${p.name}.g${p.generation}.s${p.deadlineSequence + 1}`),
        context: (zone) => ({ phase: p.name, deadline: formatDeadline(p.deadline, zone), why: `the rollback of ${name} approved by the TD (rule D.VIII(1))`, reopened: name }),
        calendar: { phase: p.name, deadline: p.deadline, sequence: p.deadlineSequence + 1, stamp: req.now, cancelled: true },
      }, (await announcementRecipients(trx, game)).map((r) => r.person));
    }
    // The TD's rollback answers the GM's pending request for this phase, however the TD gave it.
    const pending = await findPendingRollbackRequest(trx, game.id);
    if (pending?.phase === name) await decideRollbackRequest(trx, pending.id, { status: 'approved', by: req.actor, at: req.now, note: req.tdApproval.trim() });
    else if (pending) await lapsePendingRollback(trx, game, { now: req.now, fromAddress: req.fromAddress, because: `${name} was rolled back` });
    await appendAudit(trx, {
      gameId: game.id,
      actor: req.actor,
      action: 'phase.rollback',
      detail: { phase: name, generation, tdApproval: req.tdApproval.trim(), withdrawn: withdrawn.map((w) => w.phase), carriedSets: standing.length, deadline: deadline.toISOString() },
    });
    return { ok: true, phase: name, generation, deadline, withdrawn: withdrawn.map((w) => w.phase), carried: standing.length, notified };
  }
}
