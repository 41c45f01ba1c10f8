/**
 * A delivery report reaching the judge (issue 27). It is never answered (RFC 3464 / RFC 3834: a
 * reply to a report can only loop); it is read (src/mail/inbound/delivery-report.ts) and tied to the
 * mail it answers by the return path it was sent to (judge+b.<outbox id>.<mac>@…, whose mac only
 * the judge can make), and then the outbox row is marked failed with the diagnostic and the GM is
 * told (src/service/bounce-notice.ts). A report tied to nothing, a delay notice, or a report whose
 * return path does not verify is recorded as ignored with the reason, and nothing else happens.
 */
import { headerFields } from '../../mail/inbound/header-fields.js';
import { readDeliveryReport, type ReportedRecipient } from '../../mail/inbound/delivery-report.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { parseBounceAddress } from '../../mail/outbound/return-path.js';
import { findOutboxMail } from '../../db/outbox.js';
import { recordBounce } from '../../db/mail-bounces.js';
import { verpKey } from '../../db/judge-keys.js';
import type { Db } from '../../db/schema.js';
import { noticeBounce } from '../bounce-notice.js';
import { log } from '../../config/log.js';
import type { ReceiveOutcome } from '../../mail/inbound/intake.js';

/** The addresses a report was delivered to: To, Cc, and what our MTA wrote (Delivered-To, X-Original-To). */
function deliveredTo(raw: Buffer, mail: Pick<InboundMail, 'to' | 'cc'>): string[] {
  const fromHeaders = headerFields(raw).filter((f) => f.name === 'delivered-to' || f.name === 'x-original-to').map((f) => f.value.trim().replace(/^<|>$/g, ''));
  return [...mail.to, ...mail.cc, ...fromHeaders].map((a) => a.toLowerCase());
}

/** Decide a message that looks like a bounce (parse-message.ts `isBounce`). */
export async function receiveDeliveryReport(db: Db, ctx: { fromAddress: string }, rec: Received, raw: Buffer, mail: InboundMail): Promise<ReceiveOutcome> {
  const ignore = async (reason: string): Promise<ReceiveOutcome> => {
    await decide(db, rec, { outcome: 'ignored', reason, fromAddress: mail.from ?? null, replied: false });
    return { kind: 'ignored', inboundId: rec.inboundId, reason };
  };
  const key = await verpKey(db);
  const outboxId = deliveredTo(raw, mail).map((a) => parseBounceAddress(ctx.fromAddress, a, key)).find((id) => id !== undefined);
  const report = readDeliveryReport(raw);
  if (outboxId === undefined) {
    return ignore(report ? `a bounce or delivery report (${report.format}) not sent to a return path of the judge's: not tied to any mail` : 'a bounce or delivery report');
  }
  const outbox = await findOutboxMail(db, outboxId);
  if (!outbox) return ignore(`a bounce or delivery report for outbox mail ${outboxId}, which does not exist`);
  const failed: ReportedRecipient | undefined = report?.recipients.find((r) => r.action === 'failed' && r.address === outbox.to.toLowerCase())
    ?? report?.recipients.find((r) => r.action === 'failed')
    ?? (report?.format === 'text' && report.diagnostic ? { address: outbox.to, action: 'failed', diagnostic: report.diagnostic } : undefined);
  if (!failed) {
    const actions = report?.recipients.map((r) => r.action).join(', ');
    return ignore(report ? `a bounce or delivery report for outbox mail ${outboxId} that reports no failure (${actions || 'no recipients'})` : `a bounce or delivery report for outbox mail ${outboxId} that could not be read`);
  }
  const diagnostic = failed.diagnostic + (failed.status && !failed.diagnostic.includes(failed.status) ? ` (status ${failed.status})` : '');
  const reason = `a bounce or delivery report: mail ${outboxId} to ${outbox.to} failed: ${diagnostic}`;
  await db.transaction().execute(async (trx) => {
    const created = await recordBounce(trx, { outboxId, recipient: outbox.to, source: 'report', status: failed.status, diagnostic, reportFormat: report!.format, inboundId: rec.inboundId, at: rec.receivedAt });
    if (created) await noticeBounce(trx, ctx.fromAddress, { outbox, recipient: outbox.to, diagnostic, at: rec.receivedAt, source: 'report', inboundId: rec.inboundId, ...(report!.reportingMta ? { reporter: report!.reportingMta } : {}) });
    // No game_id: the report is about delivery, not the game; `mailjudge reproduce` replays a game's own mail only.
    await decide(trx, rec, { outcome: 'bounce', reason, fromAddress: mail.from ?? null, gameId: null, replied: false });
  });
  log().warn({ event: 'mail.bounced', outboxId, to: outbox.to, kind: outbox.kind, game: outbox.gameId, diagnostic, format: report!.format }, 'mail bounced');
  return { kind: 'bounce', inboundId: rec.inboundId, outboxId, gameId: outbox.gameId, reason };
}
