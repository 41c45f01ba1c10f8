/**
 * Task `send-mail`: deliver one outbox mail, or the several mails queued together. The row is claimed with SKIP LOCKED for the length of
 * the send, marked sent in the same transaction, and skipped when already sent, so a retry after a
 * crash never sends a delivered mail twice to the file outbox (and resends the same Message-ID over
 * SMTP, which receivers recognise). A permanent refusal (or the last failed attempt) is recorded: `mailjudge
 * outbox` lists it with the answer, the log has `mail.failed` at level error, and the GM's digest names it.
 */
import { claimPendingOutbox, markOutboxFailed, markOutboxSentMany, outboxMailsFromRows } from '../../db/outbox.js';
import type { Db } from '../../db/schema.js';
import { log } from '../../config/log.js';
import { SendError, type MailTransport } from '../../mail/outbound/send.js';
import { recordBounce } from '../../db/mail-bounces.js';
import { noticeBounce } from '../../service/bounce-notice.js';
import type { OutboxMail } from '../../db/outbox.js';
import { judgeNow } from '../../config/clock.js';
import { sql } from 'kysely';
import { enqueueJob, SEND_MAIL_PRIORITY } from '../../db/jobs.js';
import type { OutboxRow, Trx } from '../../db/schema.js';

/** One mail (`outboxId`), or several queued together (`outboxIds`, issue 29: a deadline's reports of one game). */
export type SendMailPayload = { readonly outboxId: number } | { readonly outboxIds: readonly number[] };

/** Attempts after which a mail that keeps failing is recorded as failed. */
export const MAX_SEND_ATTEMPTS = 10;

interface Failure {
  readonly error: Error;
  readonly permanent: boolean;
  readonly attempts: number;
  readonly mail: OutboxMail;
}

/**
 * `bounces`: the judge's address, when a 5xx refusal is to be handled as a bounce (issue 27: recorded
 * in mail_bounces and the GM told, like a delivery report).
 *
 * Several mails are claimed together and sent at once over the transport's pooled connections; those
 * delivered are marked sent in the claim's transaction, each failure is recorded for its own mail as
 * a single mail's would be, and the job is retried (for the still pending ones only) when any failure
 * may pass.
 */
export async function sendMailTask(db: Db, transport: MailTransport, payload: SendMailPayload, bounces?: { fromAddress: string; now?: () => Date }, options: { job?: { id: string }; takeOver?: number } = {}): Promise<void> {
  const own = 'outboxIds' in payload ? payload.outboxIds : [payload.outboxId];
  let ids: readonly number[] = own;
  const failures: Failure[] = [];
  await db.transaction().execute(async (trx) => {
    // Issue 29: the other send-mail jobs waiting now are taken over (a burst of acknowledgements):
    // their mails go out with this job's over the pool, claimed, sent and marked in this transaction.
    // One statement for both (issue 29: was two): the jobs taken over and the claim of every mail.
    const claim = options.job && options.takeOver
      ? await takeOverAndClaim(trx, own, options.job.id, options.takeOver)
      : { taken: [], mails: own.length === 1 ? await claimPendingOutbox(trx, { id: own[0]!, limit: 1 }) : await claimPendingOutbox(trx, { ids: own, limit: own.length }) };
    const { taken, mails } = claim;
    ids = [...own, ...taken];
    // A taken mail this claim skipped (sent already, or locked by whoever is sending it) keeps a job:
    // one that finds it sent does nothing.
    for (const id of taken.filter((t) => !mails.some((m) => m.id === t))) {
      await enqueueJob(trx, 'send-mail', { outboxId: id }, { jobKey: `send:${id}`, priority: SEND_MAIL_PRIORITY });
    }
    if (mails.length === 0) return; // sent already, failed for good, or being sent by another worker
    const results = await Promise.allSettled(mails.map((mail) => transport.send(mail)));
    const sent: OutboxMail[] = [];
    results.forEach((r, i) => {
      const mail = mails[i]!;
      if (r.status === 'fulfilled') sent.push(mail);
      else failures.push({ error: r.reason as Error, permanent: r.reason instanceof SendError && r.reason.permanent, attempts: mail.attempts + 1, mail });
    });
    await markOutboxSentMany(trx, sent.map((m) => m.id));
    for (const mail of sent) {
      log().info({ event: 'mail.sent', outboxId: mail.id, kind: mail.kind, game: mail.gameId ?? null, phase: /\b[sfw]\d{4}[mra]\b/i.exec(mail.dedupeKey)?.[0].toUpperCase() ?? null, key: mail.dedupeKey, to: mail.to, messageId: mail.messageId ?? null }, `mail sent: ${mail.kind}`);
    }
  });
  let retry: Error | undefined;
  for (const failure of failures) {
    const permanent = failure.permanent || failure.attempts >= MAX_SEND_ATTEMPTS;
    const refused = failure.permanent && bounces !== undefined;
    const outboxId = failure.mail.id;
    await db.transaction().execute(async (trx) => {
      await markOutboxFailed(trx, outboxId, failure.error.message, { permanent });
      // A mail of a job taken over (issue 29) has no job of its own any more: it gets one again, at
      // graphile-worker's own backoff (exp(attempts) seconds), as if its job had failed.
      if (!permanent && !own.includes(outboxId)) {
        await enqueueJob(trx, 'send-mail', { outboxId }, { jobKey: `send:${outboxId}`, priority: SEND_MAIL_PRIORITY, runAt: new Date(judgeNow().getTime() + Math.exp(Math.min(failure.attempts, 10)) * 1000) });
      }
      if (refused) {
        // Issue 27: the smarthost refused it for good (5xx): a bounce like any other, the GM told at once.
        const at = bounces.now?.() ?? judgeNow();
        const code = failure.error instanceof SendError ? failure.error.responseCode : undefined;
        const diagnostic = failure.error.message.replace(/^SMTP [^:]*: /, '');
        const status = /\b5\.\d{1,3}\.\d{1,3}\b/.exec(diagnostic)?.[0] ?? (code !== undefined ? String(code) : undefined);
        if (await recordBounce(trx, { outboxId, recipient: failure.mail.to, source: 'smtp', status, diagnostic, at })) {
          await noticeBounce(trx, bounces.fromAddress, { outbox: failure.mail, recipient: failure.mail.to, diagnostic, at, source: 'smtp' });
        }
      }
    });
    log()[permanent ? 'error' : 'warn']({ event: 'mail.failed', outboxId, attempts: failure.attempts, permanent, error: failure.error.message }, 'mail not sent');
    if (!permanent) retry ??= failure.error;
  }
  if (retry) throw retry; // graphile-worker retries with backoff
}

/**
 * Take over up to `limit` other `send-mail` jobs of one mail each (replies: acknowledgements, refusals)
 * that wait now (due, not running, never tried, in no named queue), in the order the queue would run them, inside the caller's transaction: their rows are
 * deleted, so no other worker runs them, and come back if the transaction rolls back (a crash before the
 * mails are marked sent). In the same statement, claim the pending mails of `own` and of the jobs taken
 * (as claimPendingOutbox: `FOR UPDATE SKIP LOCKED`, oldest first). Returns the taken jobs' outbox ids
 * and the mails claimed. One statement, then the attachments' read when a mail has one stored apart.
 */
async function takeOverAndClaim(trx: Trx, own: readonly number[], ownJobId: string, limit: number): Promise<{ taken: number[]; mails: OutboxMail[] }> {
  const r = await sql<OutboxRow & { taken_ids: string[] | null; claimed: boolean }>`
    WITH taken AS (
      DELETE FROM graphile_worker._private_jobs j
       WHERE j.id IN (
         SELECT w.id FROM graphile_worker._private_jobs w
          WHERE w.task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'send-mail')
            -- is_available = true AND job_queue_id IS NULL: graphile-worker's jobs_no_queue_index, read
            -- in (priority, run_at) order, so this stops after \`limit\` rows instead of scanning every job.
            AND w.is_available = true AND w.job_queue_id IS NULL AND w.locked_at IS NULL AND w.attempts = 0 AND w.run_at <= now()
            AND w.payload->>'outboxId' IS NOT NULL -- one mail (a reply); a game's reports are one job already
            AND w.id <> ${ownJobId}::bigint
          ORDER BY w.priority, w.run_at, w.id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
      RETURNING (j.payload->>'outboxId')::bigint AS id),
    claimed AS (
      SELECT o.* FROM outbox o
       WHERE o.status = 'pending' AND (o.id = ANY(${[...own]}::bigint[]) OR o.id IN (SELECT id FROM taken))
       ORDER BY o.id
       LIMIT ${own.length + limit}
       FOR UPDATE SKIP LOCKED)
    -- One row at least (the taken ids), with the claimed mails' columns when there are any.
    SELECT t.taken_ids, c.id IS NOT NULL AS claimed, c.*
      FROM (SELECT array_agg(id ORDER BY id)::text[] AS taken_ids FROM taken) t
      LEFT JOIN claimed c ON true
     ORDER BY c.id`.execute(trx);
  const taken = (r.rows[0]?.taken_ids ?? []).map(Number);
  const rows = r.rows.filter((row) => row.claimed).map(({ taken_ids: _t, claimed: _c, ...row }) => row as OutboxRow);
  return { taken, mails: await outboxMailsFromRows(trx, rows) };
}
