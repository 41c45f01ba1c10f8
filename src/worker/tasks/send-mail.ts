/**
 * Task `send-mail`: deliver one outbox mail, or the several mails queued together. The row is claimed with SKIP LOCKED for the length of
 * the send, marked sent in the same transaction, and skipped when already sent, so a retry after a
 * crash never sends a delivered mail twice to the file outbox (and resends the same Message-ID over
 * SMTP, which receivers recognise). A permanent refusal (or the last failed attempt) is recorded: `mailjudge
 * outbox` lists it with the answer, the log has `mail.failed` at level error, and the GM's digest names it.
 */
import { claimPendingOutbox, markOutboxFailed, markOutboxSentMany } from '../../db/outbox.js';
import type { Db } from '../../db/schema.js';
import { log } from '../../config/log.js';
import { SendError, type MailTransport } from '../../mail/outbound/send.js';
import { recordBounce } from '../../db/mail-bounces.js';
import { noticeBounce } from '../../service/bounce-notice.js';
import type { OutboxMail } from '../../db/outbox.js';
import { judgeNow } from '../../config/clock.js';

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
export async function sendMailTask(db: Db, transport: MailTransport, payload: SendMailPayload, bounces?: { fromAddress: string; now?: () => Date }): Promise<void> {
  const ids = 'outboxIds' in payload ? payload.outboxIds : [payload.outboxId];
  const failures: Failure[] = [];
  await db.transaction().execute(async (trx) => {
    const mails = ids.length === 1 ? await claimPendingOutbox(trx, { id: ids[0]!, limit: 1 }) : await claimPendingOutbox(trx, { ids, limit: ids.length });
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
