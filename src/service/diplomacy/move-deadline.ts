/**
 * Moving the deadline of the open phase (an extension, D.VII(5); the GM's change, D.VII(4)(a)): the
 * phase row, the adjudication job (same key, moved), the announcement to every player and the GM
 * with the new deadline in their own zone (as njudge did), and the audit entry — one transaction.
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { findPhase, updatePhaseDeadline } from '../../db/phases.js';
import type { Trx } from '../../db/schema.js';
import { adjudicateJobKey, enqueueJob } from '../../db/jobs.js';
import { announcementRecipients } from '../game-people.js';
import { sendNotice, when } from '../notify.js';

export interface DeadlineMove {
  readonly game: Game;
  readonly phase: string;
  readonly from: Date;
  readonly to: Date;
  /** One line for the players: why it moved ("ENGLAND's guaranteed extension (D.VII(5))"). */
  readonly reason: string;
  readonly actor: string;
  /** Audit verb: `deadline.extend` or `deadline.set`. */
  readonly action: 'deadline.extend' | 'deadline.set';
  readonly detail?: Record<string, unknown>;
  readonly now: Date;
  readonly fromAddress: string;
}

/** Move the deadline; `false` (and nothing done) when the phase is adjudicated already. */
export async function moveDeadline(trx: Trx, m: DeadlineMove): Promise<boolean> {
  if (!(await updatePhaseDeadline(trx, m.game.id, m.phase, m.to, m.now))) return false;
  await enqueueJob(trx, 'adjudicate-phase', { gameId: m.game.id, phase: m.phase }, { jobKey: adjudicateJobKey(m.game.id, m.phase), runAt: m.to, jobKeyMode: 'replace' });
  // The update raised the deadline's revision: the calendar event replaces the one each player has.
  const sequence = (await findPhase(trx, m.game.id, m.phase))!.deadlineSequence;
  await sendNotice(
    trx,
    m.fromAddress,
    {
      game: m.game,
      template: 'deadline-changed',
      key: `deadline:${m.game.id}:${m.phase}:${m.from.toISOString()}:${m.to.toISOString()}`,
      context: (zone) => ({ phase: m.phase, reason: m.reason, before: when(m.from, zone), deadline: when(m.to, zone), later: m.to.getTime() > m.from.getTime() }),
      calendar: { phase: m.phase, deadline: m.to, sequence, stamp: m.now },
    },
    (await announcementRecipients(trx, m.game)).map((r) => r.person),
  );
  await appendAudit(trx, {
    gameId: m.game.id,
    actor: m.actor,
    action: m.action,
    detail: { phase: m.phase, from: m.from.toISOString(), to: m.to.toISOString(), reason: m.reason, ...m.detail },
  });
  return true;
}
