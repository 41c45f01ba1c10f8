/**
 * Hostile bytes through every source (issue 16): a NUL in an 8-bit body, NULs in the From name, the
 * Subject, the Message-ID and In-Reply-To, a lone UTF-16 surrogate in an encoded-word subject and in
 * an HTML body's character reference, invalid UTF-8. Each message goes through the pipe (the built
 * `mailjudge ingest`), the SMTP listener and the IMAP source (APPENDed to the run's Dovecot), and
 * must be: stored once with its bytes as delivered (bytea, NULs and all), decided once, answered,
 * with every text column the intake wrote free of NULs and lone surrogates, and the decision noting
 * what was removed or replaced (inbound_decisions.text_cleaned, the audit entry's textCleaned).
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImapSource } from '../../src/mail/sources/imap-source.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import { receiveMessage, type ReceiveContext } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix, mailServers, MAIL_PASSWORD, testAddress, withImap } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
const GAME = 'hostile';
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const CTX: ReceiveContext = { fromAddress: JUDGE, auth: { resolver } };
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Source = 'pipe' | 'smtp' | 'imap';

interface Hostile {
  readonly name: string;
  readonly power: string;
  /** The raw message for one source (ids differ per source, so each is its own message). */
  readonly raw: (source: Source) => Buffer;
  /** What the decision must say was cleaned (`undefined`: nothing). */
  readonly cleaned: RegExp | undefined;
  /** An order the set must hold once the text is clean. */
  readonly order: string;
  /** Dovecot turns a NUL of an APPEND into another byte (IMAP has no NUL without BINARY): that order line is unreadable there. */
  readonly imapMangles?: boolean;
}

const from = (power: string) => `${GAME}-${power}@example.org`;
const head = (power: string, id: string, extra: string[] = []) =>
  [`Received: from mail.example.org by mx.judge.example.org; Fri, 20 Nov 2026 18:30:00 +0000`, `From: ${from(power)}`, `To: ${GAME_ADDRESS}`, `Message-ID: <${id}@example.org>`, 'MIME-Version: 1.0', ...extra].join('\r\n');

const HOSTILE: readonly Hostile[] = [
  {
    name: 'a NUL in an 8-bit body (A PAR\\x00 - BUR)',
    power: 'france',
    raw: (s) => Buffer.from(`${head('france', `nul-body-${s}`, ['Subject: orders', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'])}\r\n\r\nA PAR\x00 - BUR\r\nA MAR H\r\nF BRE H\r\n`, 'latin1'),
    cleaned: /^1 NUL byte removed from the body/,
    order: 'A PAR - BUR',
    imapMangles: true,
  },
  {
    name: 'NULs in the From name, Subject, Message-ID and In-Reply-To',
    power: 'england',
    raw: (s) => Buffer.from([
      `Received: from mail.example.org by mx.judge.example.org; Fri, 20 Nov 2026 18:30:00 +0000`,
      `From: "Ed\x00ward" <${from('england')}>`, `To: ${GAME_ADDRESS}`, `Subject: S1901M ord\x00ers`,
      `Message-ID: <nul\x00id-${s}@example.org>`, `In-Reply-To: <re\x00ply@example.org>`, 'Content-Type: text/plain; charset=us-ascii',
      '', 'F LON - NTH', 'F EDI - NWG', 'A LVP - YOR', '',
    ].join('\r\n'), 'latin1'),
    cleaned: /^2 NUL bytes removed from the headers; 1 NUL byte removed from the subject/,
    order: 'F LON - NTH',
  },
  {
    name: 'a lone surrogate in an encoded-word subject and in an HTML body',
    power: 'germany',
    raw: (s) => Buffer.from(`${head('germany', `lone-${s}`, ['Subject: =?UTF-7?Q?orders_+2D3-?=', 'Content-Type: text/html; charset=utf-8'])}\r\n\r\n<p>A BER - KIE &#xD83D;</p><p>A MUN - RUH</p><p>F KIE - DEN</p>\r\n`),
    cleaned: /lone surrogate replaced by U\+FFFD in the subject/,
    order: 'A MUN - RUH',
  },
  {
    name: 'invalid UTF-8 in the body',
    power: 'russia',
    raw: (s) => Buffer.concat([Buffer.from(`${head('russia', `bad-utf8-${s}`, ['Subject: orders', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'])}\r\n\r\nA WAR - UKR \xC3\x28\xFF\xFE\r\nA MOS - SEV\r\n`, 'latin1')]),
    cleaned: undefined,
    order: 'A MOS - SEV',
  },
];

let t: TestDatabase;
let listener: SmtpListener;
const inboundIds = new Map<string, number>(); // `${source}:${name}` → inbound id
const PREFIX = mailPrefix(import.meta.url);

function viaPipe(raw: Buffer): number {
  const r = spawnSync(process.execPath, [CLI, 'ingest'], { input: raw, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_FROM_ADDRESS: JUDGE, MAILJUDGE_LOG_LEVEL: 'silent' } });
  expect(r.status, r.stderr.toString()).toBe(0);
  return (JSON.parse(r.stdout.toString().trim().split('\n').pop()!) as { inboundId: number }).inboundId;
}

async function viaSmtp(raw: Buffer, power: string): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: from(power), to: [GAME_ADDRESS] }, raw });
  } finally {
    transport.close();
  }
}

const idByMessage = async (source: Source, sha: string) =>
  (await t.db.selectFrom('inbound_messages').select('id').where('source', '=', source).where('sha256', '=', sha).executeTakeFirst())?.id;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, GAME);
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(t.db);

  for (const h of HOSTILE) inboundIds.set(`pipe:${h.name}`, viaPipe(h.raw('pipe')));

  listener = await startSmtpListener({ port: 0, accepts: async (a) => (a === GAME_ADDRESS ? 'game' : undefined), handle: (m) => receiveMessage(t.db, CTX, m), logger: SILENT_LOGGER });
  for (const h of HOSTILE) await viaSmtp(h.raw('smtp'), h.power);
  for (const h of HOSTILE) {
    const rows = await t.db.selectFrom('inbound_messages').select(['id', 'raw']).where('source', '=', 'smtp').execute();
    const row = rows.find((r) => r.raw.includes(h.raw('smtp').subarray(h.raw('smtp').indexOf('\r\n\r\n'))));
    expect(row, h.name).toBeDefined();
    inboundIds.set(`smtp:${h.name}`, row!.id);
  }

  const user = testAddress(PREFIX, 'judge', 'judge.example.org');
  await withImap(user, async (client) => {
    for (const h of HOSTILE) await client.append('INBOX', h.raw('imap'), [], new Date('2026-11-20T18:30:00Z'));
  });
  const { host, imapPort } = mailServers();
  const source = startImapSource(t.db, {
    name: `imap://${user}@127.0.0.1/INBOX`, connection: { host, port: imapPort, secure: false, user, password: MAIL_PASSWORD },
    role: 'game', idle: false, pollIntervalMs: 3_600_000, retryDelayMs: 20, logger: SILENT_LOGGER, handle: (m) => receiveMessage(t.db, CTX, m),
  });
  try {
    expect(await source.syncNow()).toEqual({ fetched: HOSTILE.length, stored: HOSTILE.length });
  } finally {
    await source.stop();
  }
  // IMAP carries no NUL without the BINARY extension: the server stores what it makes of the
  // APPEND, and the judge must store exactly what the server hands it.
  const imapRows = await t.db.selectFrom('inbound_messages').select(['id', 'raw']).where('source', '=', 'imap').execute();
  for (const h of HOSTILE) {
    const row = imapRows.find((r) => r.raw.includes(Buffer.from(`-imap@example.org>`)) && r.raw.includes(Buffer.from(from(h.power))));
    expect(row, `${h.name}: stored by IMAP`).toBeDefined();
    inboundIds.set(`imap:${h.name}`, row!.id);
  }
}, 120_000);
afterAll(async () => {
  await listener?.stop();
  await t.close();
});

/** Every text value of a row (jsonb and arrays as their text), for the NUL / lone-surrogate scan. */
function texts(row: Record<string, unknown>): string[] {
  return Object.values(row).flatMap((v) => (typeof v === 'string' ? [v] : v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v) ? [JSON.stringify(v)] : []));
}

describe.each(['pipe', 'smtp', 'imap'] as const)('hostile bytes through the %s', (source) => {
  it.each(HOSTILE.map((h) => [h.name, h] as const))('%s: stored as delivered, decided once, answered, every text storable', async (_n, h) => {
    const id = inboundIds.get(`${source}:${h.name}`)!;
    const stored = await t.db.selectFrom('inbound_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const body = h.raw(source).subarray(h.raw(source).indexOf('\r\n\r\n'));
    if (source !== 'imap') expect(stored.raw.includes(body)).toBe(true); // the bytes as delivered, NULs and all
    if (source === 'pipe') expect(stored.raw.equals(h.raw(source))).toBe(true);

    const decisions = await t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', id).execute();
    expect(decisions).toHaveLength(1);
    const d = decisions[0]!;
    expect(d).toMatchObject({ outcome: 'orders', from_address: from(h.power), game_id: GAME, replied: true });
    if (h.cleaned && (source !== 'imap' || stored.raw.includes(0))) expect(d.text_cleaned).toMatch(h.cleaned);
    else if (!h.cleaned) expect(d.text_cleaned).toBeNull();
    const audit = await t.db.selectFrom('audit_log').selectAll().where(sql<number>`(detail->>'inboundId')::bigint`, '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['mail.orders']);
    expect((audit[0]!.detail as { textCleaned?: string }).textCleaned).toBe(d.text_cleaned ?? undefined);

    const sets = await t.db.selectFrom('order_sets').selectAll().where('inbound_message_id', '=', id).execute();
    expect(sets).toHaveLength(1);
    if (source === 'imap' && h.imapMangles) {
      expect(stored.raw.includes(0)).toBe(false);
      expect(sets[0]!.orders).toEqual(['A MAR H', 'F BRE H']); // the mangled line is reported to the player, not read
    } else expect(sets[0]!.orders).toContain(h.order);
    const answers = await t.db.selectFrom('outbox').selectAll().where('dedupe_key', '~', `^[a-z-]+:${id}(:|$)`).execute();
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.to_address === from(h.power))).toBe(true);

    // Every text column the intake wrote for this message: no NUL, no lone surrogate.
    for (const row of [{ message_id: stored.message_id }, ...decisions, ...audit, ...sets, ...answers] as Record<string, unknown>[]) {
      for (const s of texts(row)) {
        expect(s.includes('\u0000') || s.includes('\\u0000'), s.slice(0, 200)).toBe(false);
        expect(LONE.test(s) || /\\ud[89a-f][0-9a-f]{2}/i.test(s), s.slice(0, 200)).toBe(false);
      }
    }
  });
});
