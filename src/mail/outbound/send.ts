/**
 * Delivering an outbox mail: over SMTP through a smarthost (nodemailer, pooled) when one is
 * configured, otherwise as an `.eml` file under `<stateDir>/outbox/`. Every mail carries its
 * deterministic Message-ID, `Auto-Submitted: auto-generated` (RFC 3834: nobody's autoresponder
 * answers it), a `List-Id` per game and threading headers, so a resend is recognisable as the same mail.
 */
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { OutboxMail } from '../../db/outbox.js';

export interface MailTransport {
  /** Deliver one mail; throws on failure (`permanent` set on a 5xx refusal). */
  send(mail: OutboxMail): Promise<void>;
  /** A description for logs and `mailjudge outbox` (`smtp://host:port` or the folder). */
  readonly where: string;
  close(): void;
}

export class SendError extends Error {
  constructor(message: string, readonly permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface TransportOptions {
  readonly from: string;
  /** `smtp://user:pass@host:port` (or smtps://); absent → files under `outboxDir`. */
  readonly smtpUrl?: string;
  readonly outboxDir: string;
}

/** The nodemailer message for an outbox row: every header the judge promises. */
function message(mail: OutboxMail, from: string) {
  const domain = from.split('@')[1] ?? 'localhost';
  const headers: Record<string, string> = {
    'Auto-Submitted': 'auto-generated',
    ...(mail.gameId ? { 'List-Id': `<${mail.gameId}.${domain}>` } : {}),
    ...mail.headers,
  };
  const thread = mail.gameId ? `<${mail.gameId}@${domain}>` : undefined;
  return {
    from: mail.fromAddress ?? from,
    to: mail.to,
    subject: mail.subject,
    text: mail.bodyText,
    messageId: `<${mail.messageId}>`,
    date: mail.createdAt,
    headers,
    ...(thread && !headers['References'] ? { references: thread } : {}),
    ...(thread && !headers['In-Reply-To'] ? { inReplyTo: thread } : {}),
  };
}

/** The raw RFC 822 bytes of a mail (used by the file transport and by tests). */
export async function composeMail(mail: OutboxMail, from: string): Promise<Buffer> {
  return new MailComposer(message(mail, from)).compile().build();
}

/** A file name that is the same for every attempt at the same mail. */
export function outboxFileName(mail: Pick<OutboxMail, 'id' | 'kind' | 'to' | 'createdAt'>): string {
  return `${mail.createdAt.toISOString().slice(0, 10)}-${mail.kind}-${mail.id}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
}

export function createTransport(options: TransportOptions): MailTransport {
  if (options.smtpUrl) {
    const t = nodemailer.createTransport(options.smtpUrl.includes('?') ? options.smtpUrl : `${options.smtpUrl}?pool=true`);
    const where = options.smtpUrl.replace(/\/\/[^@/]*@/, '//');
    return {
      where,
      async send(mail) {
        try {
          await t.sendMail(message(mail, options.from));
        } catch (e) {
          const code = (e as { responseCode?: number }).responseCode;
          throw new SendError(`SMTP ${where}: ${(e as Error).message}`, code !== undefined && code >= 500, { cause: e });
        }
      },
      close: () => t.close(),
    };
  }
  return {
    where: options.outboxDir,
    async send(mail) {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, outboxFileName(mail));
      if (existsSync(file)) return; // a retry of a mail already written: the same file, once
      const tmp = `${file}.tmp-${process.pid}`;
      writeFileSync(tmp, await composeMail(mail, options.from));
      renameSync(tmp, file); // atomic: a killed worker leaves a .tmp, never half a mail
    },
    close: () => {},
  };
}
