/**
 * `mailjudge doctor` (issue 27): the configuration checked as the judge will run it. The game and
 * confirmation mailboxes (IMAP login, the mailbox opened read-only), outgoing mail (the smarthost's
 * SMTP authentication, or the file outbox writable), the DKIM key, the database and its migrations
 * (read, never applied), the clock (an SNTP query; skipped with a note when no server answers) and
 * the domain's DNS (src/mail/dns-check.ts). Every problem says what to fix; the command exits 1 when
 * there is any.
 */
import { promises as dns } from 'node:dns';
import { createSocket } from 'node:dgram';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import pg from 'pg';
import type { Config, ImapConfig } from '../config/config.js';
import { checkDomainDns, type Check, type Resolver } from '../mail/dns-check.js';
import { readDkimKey } from '../mail/outbound/dkim-key.js';
import { pendingMigrations, readMigrations } from '../db/migrate.js';
import { describeClock, realNow } from '../config/clock.js';
import { runtimeCheck } from './runtime-check.js';

export interface DoctorOptions {
  /** DNS lookups (default node's resolver). */
  readonly resolver?: Resolver;
  /** The addresses mail leaves from; default the smarthost's A records. */
  readonly sendingIps?: readonly string[];
  /** SNTP server for the clock check (default pool.ntp.org); `false`: skip. */
  readonly ntpServer?: string | false;
  /** Wait on each server (ms). */
  readonly timeoutMs?: number;
}

/** Largest clock offset accepted: receipt times are shown to the second and deadlines bind to the minute (D.VII(1)). */
export const MAX_CLOCK_OFFSET_MS = 2_000;

function withPassword(url: string, password: string | undefined): string {
  if (!password) return url;
  const u = new URL(url);
  u.password = encodeURIComponent(password);
  return u.toString();
}

async function imapCheck(name: string, c: ImapConfig, timeoutMs: number): Promise<Check> {
  const u = new URL(c.url);
  const client = new ImapFlow({
    host: u.hostname, port: Number(u.port) || (u.protocol === 'imaps:' ? 993 : 143), secure: u.protocol === 'imaps:',
    auth: { user: decodeURIComponent(u.username), pass: c.password ?? '' }, logger: false, disableAutoIdle: true,
    connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs,
  });
  client.on('error', () => {});
  const where = `${u.protocol}//${decodeURIComponent(u.username)}@${u.host}/${c.mailbox}`;
  try {
    await client.connect();
  } catch (e) {
    const auth = /auth|login|credential/i.test((e as Error).message) || (e as { authenticationFailed?: boolean }).authenticationFailed;
    return { name, ok: false, detail: `${where}: ${auth ? 'login refused' : 'cannot connect'} (${(e as Error).message}); fix ${name === 'IMAP' ? 'MAILJUDGE_IMAP_URL / MAILJUDGE_IMAP_PASSWORD' : 'MAILJUDGE_CONFIRM_IMAP_URL / MAILJUDGE_CONFIRM_IMAP_PASSWORD'}` };
  }
  try {
    const box = await client.mailboxOpen(c.mailbox, { readOnly: true });
    return { name, ok: true, detail: `${where}: logged in, ${box.exists} message(s)` };
  } catch (e) {
    return { name, ok: false, detail: `${where}: logged in, but the mailbox cannot be opened (${(e as Error).message}); fix ${name === 'IMAP' ? 'MAILJUDGE_IMAP_MAILBOX' : 'MAILJUDGE_CONFIRM_IMAP_MAILBOX'}` };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function smtpCheck(config: Config, timeoutMs: number): Promise<Check> {
  if (!config.smtp) {
    const dir = resolve(join(config.stateDir, 'outbox'));
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return { name: 'SMTP', ok: true, note: true, detail: `no smarthost: mail is written as .eml files in ${dir} and nobody receives it; set MAILJUDGE_SMTP_URL to send it` };
    } catch (e) {
      return { name: 'SMTP', ok: false, detail: `no smarthost, and the file outbox ${dir} is not writable (${(e as NodeJS.ErrnoException).code}); fix MAILJUDGE_STATE_DIR or set MAILJUDGE_SMTP_URL` };
    }
  }
  const where = config.smtp.url.replace(/\/\/[^@/]*@/, '//');
  const t = nodemailer.createTransport({ url: withPassword(config.smtp.url, config.smtp.password), connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  try {
    await t.verify();
    return { name: 'SMTP', ok: true, detail: `${where}: ${new URL(config.smtp.url).username ? 'authenticated' : 'connected (no authentication configured)'}` };
  } catch (e) {
    const code = (e as { code?: string }).code;
    return { name: 'SMTP', ok: false, detail: `${where}: ${code === 'EAUTH' ? 'authentication refused' : 'cannot connect'} (${(e as Error).message}); fix MAILJUDGE_SMTP_URL / MAILJUDGE_SMTP_PASSWORD` };
  } finally {
    t.close();
  }
}

async function databaseCheck(config: Config): Promise<Check> {
  let url = config.databaseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const dataDir = resolve(config.stateDir, 'pgdata');
    if (!existsSync(join(dataDir, 'PG_VERSION'))) return { name: 'database', ok: true, note: true, detail: `embedded PostgreSQL in ${dataDir} not made yet: the first mailjudge start makes it` };
    try {
      const { startEmbeddedPostgres } = await import('../db/embedded.js');
      const server = await startEmbeddedPostgres(config.stateDir, { port: config.embeddedPort });
      url = server.url;
      stop = () => server.stop();
    } catch (e) {
      return { name: 'database', ok: false, detail: `${(e as Error).message}` };
    }
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const version = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
    const exists = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations') AS t")).rows[0]!.t;
    const applied = exists ? (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name')).rows : [];
    const pending = pendingMigrations(readMigrations(), applied);
    const where = config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL';
    return pending.length === 0
      ? { name: 'database', ok: true, detail: `${where} (PostgreSQL ${version}): ${applied.length} migrations, up to date` }
      : { name: 'database', ok: true, note: true, detail: `${where} (PostgreSQL ${version}): ${pending.length} migration(s) to apply (${pending.map((m) => m.name).join(', ')}); mailjudge start (or mailjudge migrate) applies them` };
  } catch (e) {
    return { name: 'database', ok: false, detail: `${(e as Error).message}${config.databaseUrl ? '; fix DATABASE_URL' : ''}` };
  } finally {
    await client.end().catch(() => {});
    await stop?.();
  }
}

/** The clock's offset from an SNTP server (RFC 4330), in ms; rejects when it does not answer in time. */
export function sntpOffset(server: string, timeoutMs: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no answer from ${server} in ${timeoutMs} ms`));
    }, timeoutMs);
    const packet = Buffer.alloc(48);
    packet[0] = 0x1b; // LI 0, version 3, mode 3 (client)
    const sent = realNow().getTime();
    socket.on('error', (e) => {
      clearTimeout(timer);
      socket.close();
      reject(e);
    });
    socket.on('message', (msg) => {
      const received = realNow().getTime();
      clearTimeout(timer);
      socket.close();
      if (msg.length < 48) return reject(new Error('short SNTP answer'));
      const ntp = (off: number) => (msg.readUInt32BE(off) - 2_208_988_800) * 1000 + (msg.readUInt32BE(off + 4) * 1000) / 2 ** 32;
      const t2 = ntp(32); // server receive
      const t3 = ntp(40); // server transmit
      resolvePromise(((t2 - sent) + (t3 - received)) / 2);
    });
    socket.send(packet, 123, server);
  });
}

async function clockCheck(server: string | false, timeoutMs: number): Promise<Check> {
  if (server === false) return { name: 'clock', ok: true, note: true, detail: 'not checked (--no-ntp)' };
  try {
    const offset = await sntpOffset(server, timeoutMs);
    if (Math.abs(offset) > MAX_CLOCK_OFFSET_MS) {
      return { name: 'clock', ok: false, detail: `this machine's clock is ${(offset / 1000).toFixed(1)} s ${offset > 0 ? 'behind' : 'ahead of'} ${server}: receipt times and deadlines (D.VII(1)) would be wrong; enable time synchronisation (systemd-timesyncd, chrony)` };
    }
    return { name: 'clock', ok: true, detail: `within ${Math.round(Math.abs(offset))} ms of ${server}` };
  } catch (e) {
    return { name: 'clock', ok: true, note: true, detail: `not checked: ${(e as Error).message} (no NTP reachable from here; make sure the machine synchronises its clock)` };
  }
}

/** Every check, in the order an operator fixes them. Never throws. */
export async function runDoctor(config: Config, options: DoctorOptions = {}): Promise<Check[]> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Bounded, so a slow or dead resolver cannot hold the doctor for minutes: node's default resolver
  // waits 5 s and tries 4 times, doubling, per record.
  const system = new dns.Resolver({ timeout: 2_500, tries: 2 });
  const resolver: Resolver = options.resolver ?? ((name, rr) => system.resolve(name, rr as 'TXT'));
  const checks: Check[] = [];
  checks.push(runtimeCheck(process.version, process.release.lts, realNow()));
  checks.push(await databaseCheck(config));
  if (config.imap) checks.push(await imapCheck('IMAP', config.imap, timeoutMs));
  else checks.push({ name: 'IMAP', ok: true, note: true, detail: 'no game mailbox (MAILJUDGE_IMAP_URL unset): mail reaches the judge only by the SMTP listener or mailjudge ingest' });
  if (config.confirmImap) checks.push(await imapCheck('confirmation IMAP', config.confirmImap, timeoutMs));
  checks.push(await smtpCheck(config, timeoutMs));
  let privateKey: string | undefined;
  if (config.dkim) {
    try {
      privateKey = readDkimKey(config.dkim).privateKey;
      checks.push({ name: 'DKIM key', ok: true, detail: `${config.dkim.keyFile} (selector ${config.dkim.selector}, domain ${config.dkim.domain})` });
    } catch (e) {
      checks.push({ name: 'DKIM key', ok: false, detail: (e as Error).message });
    }
  }
  checks.push(await clockCheck(options.ntpServer ?? 'pool.ntp.org', Math.min(timeoutMs, 3_000)));
  // Issue 30: the fast clock is for rehearsals; a real event's deadlines and receipt times must be real.
  if (config.clock) {
    checks.push({ name: 'simulated clock', ok: false, detail: `${describeClock(config.clock)}: for rehearsals only, a real event must run on the real clock; unset MAILJUDGE_CLOCK_ORIGIN, MAILJUDGE_CLOCK_ANCHOR and MAILJUDGE_CLOCK_SPEED (or clock in the config file)` });
  }
  const domain = config.fromAddress.slice(config.fromAddress.lastIndexOf('@') + 1).toLowerCase();
  let sendingIps = options.sendingIps ?? [];
  if (!options.sendingIps && config.smtp) {
    const host = new URL(config.smtp.url).hostname;
    sendingIps = /^[\d.]+$/.test(host) ? [host] : ((await resolver(host, 'A').catch(() => [])) as string[]);
  }
  checks.push(...(await checkDomainDns({
    domain, sendingIps, resolver,
    ...(config.dkim && privateKey ? { dkim: { selector: config.dkim.selector, domain: config.dkim.domain, privateKey } } : {}),
  })));
  return checks;
}

/** The report as printed: one line per check, `ok`, `note` or `PROBLEM`, and a last line with the count. */
export function formatDoctor(checks: readonly Check[]): string {
  const lines = checks.map((c) => `${c.ok ? (c.note ? 'note   ' : 'ok     ') : 'PROBLEM'} ${c.name}: ${c.detail}`);
  const problems = checks.filter((c) => !c.ok).length;
  lines.push(problems === 0 ? 'No problems found.' : `${problems} problem(s) to fix.`);
  return `${lines.join('\n')}\n`;
}
