/**
 * Helpers for tests that go through the run's real Postfix and Dovecot
 * (test/helpers/mail-servers-global-setup.ts): addresses of a test file's own, an IMAP client,
 * sending through Postfix, and waiting for delivery by polling (STATUS/NOOP answer at once; IDLE
 * notifications lag 200–500 ms in Dovecot itself, INFRA.md §3).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { inject } from 'vitest';
import { MAIL_PASSWORD, type MailServersInfo } from './mail-servers-context.js';

export type { MailServersInfo } from './mail-servers-context.js';
export { MAIL_PASSWORD } from './mail-servers-context.js';

/** The run's mail servers. */
export function mailServers(): MailServersInfo {
  return inject('mail');
}

/**
 * A prefix of the test file's own for its addresses (`imap-source-3f2a`), from its file name
 * (`import.meta.url` or a path) and a random part, so test files never share a mailbox.
 */
export function mailPrefix(file: string): string {
  const name = basename(file.replace(/^file:\/\//, '')).replace(/\.test\.[cm]?[jt]s$/, '').replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  return `${name}-${randomBytes(2).toString('hex')}`;
}

/** `<prefix>-<label>@<domain>`: a mailbox that exists as soon as something is delivered to it. */
export function testAddress(prefix: string, label: string, domain: 'example.org' | 'judge.example.org' = 'example.org'): string {
  return `${prefix}-${label}@${domain}`.toLowerCase();
}

/** An ImapFlow client logged in as `user` (password `secret`), auto-IDLE off. Log out when done. */
export async function imapClient(user: string): Promise<ImapFlow> {
  const { host, imapPort } = mailServers();
  const client = new ImapFlow({ host, port: imapPort, secure: false, auth: { user, pass: MAIL_PASSWORD }, logger: false, disableAutoIdle: true });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Run `fn` with a logged-in client, then log out. */
export async function withImap<T>(user: string, fn: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = await imapClient(user);
  try {
    return await fn(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** What {@link sendViaPostfix} sends: the raw message, or one built from subject and text. */
export interface SendOptions {
  readonly from: string;
  readonly to: string | readonly string[];
  readonly cc?: string | readonly string[];
  readonly raw?: string | Buffer;
  readonly subject?: string;
  readonly text?: string;
  readonly messageId?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Send one message through Postfix (SMTP on loopback); resolves when Postfix has queued it. */
export async function sendViaPostfix(options: SendOptions): Promise<{ messageId: string; response: string }> {
  const { host, smtpPort } = mailServers();
  const transport = nodemailer.createTransport({ host, port: smtpPort, secure: false, ignoreTLS: true });
  try {
    const list = (v: string | readonly string[] | undefined) => (v === undefined ? [] : typeof v === 'string' ? [v] : [...v]);
    const envelope = { from: options.from, to: [...list(options.to), ...list(options.cc)] };
    const info = options.raw !== undefined
      ? await transport.sendMail({ envelope, raw: options.raw })
      : await transport.sendMail({
          from: options.from,
          to: list(options.to),
          cc: list(options.cc),
          subject: options.subject ?? '',
          text: options.text ?? '',
          ...(options.messageId ? { messageId: options.messageId } : {}),
          headers: { ...options.headers },
        });
    return { messageId: info.messageId as string, response: info.response as string };
  } finally {
    transport.close();
  }
}

/** Messages in `user`'s mailbox (STATUS: no need to select it, sees new mail at once). */
export async function countMessages(user: string, mailbox = 'INBOX'): Promise<number> {
  return withImap(user, async (c) => {
    const s = await c.status(mailbox, { messages: true });
    return s ? (s.messages ?? 0) : 0;
  });
}

/**
 * Wait until `user`'s mailbox holds at least `n` messages, polling STATUS every 10 ms on one
 * connection. Throws after `timeoutMs` with the count seen and the tail of Postfix's log.
 */
export async function waitForMessages(user: string, n: number, timeoutMs = 10_000, mailbox = 'INBOX'): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  return withImap(user, async (c) => {
    for (;;) {
      const s = await c.status(mailbox, { messages: true }).catch(() => false as const);
      const count = s ? (s.messages ?? 0) : 0;
      if (count >= n) return count;
      if (Date.now() > deadline) {
        const log = spawnSync('tail', ['-n', '15', `${mailServers().dir}/postfix/maillog`], { encoding: 'utf8' }).stdout;
        throw new Error(`${user} has ${count} message(s) in ${mailbox}, expected ${n} within ${timeoutMs} ms; Postfix log:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  });
}

/** One message as stored in a mailbox. */
export interface MailboxMessage {
  readonly uid: number;
  readonly internalDate: Date;
  readonly flags: ReadonlySet<string>;
  readonly raw: Buffer;
  readonly parsed: ParsedMail;
}

/** Every message in `user`'s mailbox, in UID order, parsed (mailparser). */
export async function readMailbox(user: string, mailbox = 'INBOX'): Promise<MailboxMessage[]> {
  return withImap(user, async (c) => {
    const box = await c.mailboxOpen(mailbox, { readOnly: true });
    if (box.exists === 0) return [];
    const fetched = await c.fetchAll('1:*', { uid: true, internalDate: true, flags: true, source: true });
    const out: MailboxMessage[] = [];
    for (const m of fetched) {
      const raw = m.source!;
      out.push({ uid: m.uid, internalDate: new Date(m.internalDate!), flags: m.flags ?? new Set(), raw, parsed: await simpleParser(raw) });
    }
    return out.sort((a, b) => a.uid - b.uid);
  });
}

/**
 * Disconnect every IMAP session of `user` on the server side (`doveadm kick`): a real connection
 * loss, as a dropped network or a server restart would cause.
 */
export function kickImapUser(user: string): void {
  const r = spawnSync('doveadm', ['-c', mailServers().dovecotConf, 'kick', user], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`doveadm kick ${user} failed (${r.status}): ${r.stderr}`);
}
