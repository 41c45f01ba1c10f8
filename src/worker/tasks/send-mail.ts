/**
 * Task `send-mail`: deliver one outbox mail. The row is claimed with SKIP LOCKED for the length of
 * the send, marked sent in the same transaction, and skipped when already sent, so a retry after a
 * crash never sends a delivered mail twice to the file outbox (and resends the same Message-ID over
 * SMTP, which receivers recognise). A permanent refusal (or the last failed attempt) is recorded: `mailjudge
 * outbox` lists it with the answer, the log has `mail.failed` at level error, and the GM's digest names it.
 */
import { claimPendingOutbox, markOutboxFailed, markOutboxSent } from '../../db/outbox.js';
import type { Db } from '../../db/schema.js';
import { log } from '../../config/log.js';
import { SendError, type MailTransport } from '../../mail/outbound/send.js';
import { recordBounce } from '../../db/mail-bounces.js';
import { noticeBounce } from '../../service/bounce-notice.js';
import type { OutboxMail } from '../../db/outbox.js';
import { judgeNow } from '../../config/clock.js';

export interface SendMailPayload {
  readonly outboxId: number;
}

/** Attempts after which a mail that keeps failing is recorded as failed. */
export const MAX_SEND_ATTEMPTS = 10;

/**
 * `bounces`: the judge's address, when a 5xx refusal is to be handled as a bounce (issue 27: recorded
 * in mail_bounces and the GM told, like a delivery report).
 */
export async function sendMailTask(db: Db, transport: MailTransport, payload: SendMailPayload, bounces?: { fromAddress: string; now?: () => Date }): Promise<void> {
  let failure: { error: Error; permanent: boolean; attempts: number; mail: OutboxMail } | undefined;
  await db.transaction().execute(async (trx) => {
    const [mail] = await claimPendingOutbox(trx, { id: payload.outboxId, limit: 1 });
    if (!mail) return; // sent already, failed for good, or being sent by another worker
    try {
      await transport.send(mail);
      await markOutboxSent(trx, mail.id);
      log().info({ event: 'mail.sent', outboxId: mail.id, kind: mail.kind, game: mail.gameId ?? null, phase: /\b[sfw]\d{4}[mra]\b/i.exec(mail.dedupeKey)?.[0].toUpperCase() ?? null, key: mail.dedupeKey, to: mail.to, messageId: mail.messageId ?? null }, `mail sent: ${mail.kind}`);
    } catch (e) {
      failure = { error: e as Error, permanent: e instanceof SendError && e.permanent, attempts: mail.attempts + 1, mail };
    }
  });
  if (failure) {
    const permanent = failure.permanent || failure.attempts >= MAX_SEND_ATTEMPTS;
    const refused = failure.permanent && bounces !== undefined;
    await db.transaction().execute(async (trx) => {
      await markOutboxFailed(trx, payload.outboxId, failure!.error.message, { permanent });
      if (refused) {
        // Issue 27: the smarthost refused it for good (5xx): a bounce like any other, the GM told at once.
        const at = bounces.now?.() ?? judgeNow();
        const code = failure!.error instanceof SendError ? failure!.error.responseCode : undefined;
        const diagnostic = failure!.error.message.replace(/^SMTP [^:]*: /, '');
        const status = /\b5\.\d{1,3}\.\d{1,3}\b/.exec(diagnostic)?.[0] ?? (code !== undefined ? String(code) : undefined);
        if (await recordBounce(trx, { outboxId: payload.outboxId, recipient: failure!.mail.to, source: 'smtp', status, diagnostic, at })) {
          await noticeBounce(trx, bounces.fromAddress, { outbox: failure!.mail, recipient: failure!.mail.to, diagnostic, at, source: 'smtp' });
        }
      }
    });
    log()[permanent ? 'error' : 'warn']({ event: 'mail.failed', outboxId: payload.outboxId, attempts: failure.attempts, permanent, error: failure.error.message }, 'mail not sent');
    if (!permanent) throw failure.error; // graphile-worker retries with backoff
  }
}
