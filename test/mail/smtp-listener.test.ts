/**
 * The embedded SMTP listener with nodemailer as the sending MTA and this file's PostgreSQL: an
 * accepted message is stored once per role with the end of DATA as its receipt time, unknown
 * recipients get 550 5.1.1, a failing handler gets 451 and the retry loses nothing, and the size
 * limit holds at the cap and one over.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src/rules/limits.js';
import { receiveMessage, type IncomingMessage } from '../../src/service/intake/receive-message.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const PREFIX = mailPrefix(import.meta.url);
const GAME = `${PREFIX}-g1`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const CONFIRM_ADDRESS = `${PREFIX}-confirm@judge.example.org`;
const CTX = { fromAddress: 'judge@judge.example.org' };

let t: TestDatabase;
let listener: SmtpListener;
/** What the listener's handler does; each test may wrap it. */
let handle: (m: IncomingMessage) => Promise<unknown>;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, GAME);
  listener = await startSmtpListener({
    port: 0,
    accepts: async (address) => (address === GAME_ADDRESS ? 'game' : address === CONFIRM_ADDRESS ? 'confirm' : address.startsWith('lookup-fails') ? Promise.reject(new Error('db down')) : undefined),
    handle: (m) => handle(m),
    logger: SILENT_LOGGER,
  });
});
afterAll(async () => {
  await listener.stop();
  await t.close();
});

const pipeline = (m: IncomingMessage) => receiveMessage(t.db, CTX, m);

async function send(envelope: { from: string; to: string[] }, raw: string | Buffer) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}

function sendError(envelope: { from: string; to: string[] }, raw: string | Buffer): Promise<{ responseCode: number; response: string }> {
  return send(envelope, raw).then(
    () => {
      throw new Error('expected the listener to refuse');
    },
    (e: { responseCode: number; response: string }) => e,
  );
}

const orders = (id: string, to = GAME_ADDRESS) =>
  [`Message-ID: <${id}@example.org>`, `From: ${GAME}-france@example.org`, `To: ${to}`, 'Subject: S1901M orders', '', 'A PAR - BUR', '..a line starting with a dot', ''].join('\r\n');

/** The stored rows of a Message-ID (written with or without its angle brackets). */
const rowsOf = (messageId: string) =>
  t.db.selectFrom('inbound_messages').selectAll().where('message_id', 'in', [`${messageId}@example.org`, `<${messageId}@example.org>`]).orderBy('mailbox').execute();

describe('startSmtpListener', () => {
  beforeAll(() => {
    handle = pipeline;
  });

  it('stores an accepted message with the end of DATA as its receipt time, bytes as sent, with the SMTP envelope', async () => {
    const handed: IncomingMessage[] = [];
    handle = (m) => {
      handed.push(m);
      return pipeline(m);
    };
    const before = Date.now();
    const info = await send({ from: `${GAME}-france@example.org`, to: [GAME_ADDRESS] }, orders('smtp-1')).finally(() => (handle = pipeline));
    const after = Date.now();
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ source: 'smtp', role: 'game', mailbox: 'smtp:game', envelope: { ip: '127.0.0.1', mailFrom: `${GAME}-france@example.org` } });
    expect(handed[0]!.envelope?.helo).toEqual(expect.any(String));
    expect(info.response).toMatch(/^250 /);
    const [row, ...more] = await rowsOf('smtp-1');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ source: 'smtp', mailbox: 'smtp:game', uid: null });
    expect(row!.raw.toString()).toBe(orders('smtp-1'));
    expect(row!.received_at.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.received_at.getTime()).toBeLessThanOrEqual(after);
  });

  it('stores one copy per role: to the game and Cc the confirmation address', async () => {
    await send({ from: `${GAME}-france@example.org`, to: [GAME_ADDRESS, CONFIRM_ADDRESS] }, orders('smtp-2'));
    const rows = await rowsOf('smtp-2');
    expect(rows.map((r) => r.mailbox)).toEqual(['smtp:confirm', 'smtp:game']);
    expect(rows[0]!.received_at).toEqual(rows[1]!.received_at);
  });

  it('refuses an unknown recipient with 550 5.1.1 and takes the message for the others', async () => {
    const refused = await sendError({ from: 'x@example.org', to: ['nobody@judge.example.org'] }, orders('smtp-3'));
    expect(refused.responseCode).toBe(550);
    expect(refused.response).toMatch(/^550 5\.1\.1 <nobody@judge\.example\.org>/);
    expect(await rowsOf('smtp-3')).toEqual([]);

    const info = await send({ from: 'x@example.org', to: ['nobody@judge.example.org', GAME_ADDRESS] }, orders('smtp-4'));
    expect(info.rejected).toEqual(['nobody@judge.example.org']);
    expect(info.accepted).toEqual([GAME_ADDRESS]);
    expect((await rowsOf('smtp-4')).map((r) => r.mailbox)).toEqual(['smtp:game']);
  });

  it('answers 451 at RCPT when the address cannot be looked up', async () => {
    const e = await sendError({ from: 'x@example.org', to: ['lookup-fails@judge.example.org'] }, orders('smtp-5'));
    expect(e.responseCode).toBe(451);
  });

  it('answers 451 when the handler fails, and the retry loses and duplicates nothing', async () => {
    // The confirmation copy is stored, then the game copy fails: the sender keeps the message.
    let failures = 1;
    handle = async (m) => {
      if (m.role === 'game' && failures-- > 0) throw new Error('database down');
      return pipeline(m);
    };
    try {
      const e = await sendError({ from: `${GAME}-france@example.org`, to: [GAME_ADDRESS, CONFIRM_ADDRESS] }, orders('smtp-6'));
      expect(e.responseCode).toBe(451);
      expect((await rowsOf('smtp-6')).map((r) => r.mailbox)).toEqual(['smtp:confirm']);

      const retry = await send({ from: `${GAME}-france@example.org`, to: [GAME_ADDRESS, CONFIRM_ADDRESS] }, orders('smtp-6'));
      expect(retry.response).toMatch(/^250 /);
      expect((await rowsOf('smtp-6')).map((r) => r.mailbox)).toEqual(['smtp:confirm', 'smtp:game']);
    } finally {
      handle = pipeline;
    }
  });

  it(`takes a message of exactly MAX_MESSAGE_BYTES (${MAX_MESSAGE_BYTES}) and refuses one byte more with 552`, async () => {
    const sized = (id: string, size: number) => {
      const head = Buffer.from(`Message-ID: <${id}@example.org>\r\nFrom: x@example.org\r\nTo: ${GAME_ADDRESS}\r\nSubject: big\r\n\r\n`);
      const line = `${'x'.repeat(998)}\r\n`;
      let body = line.repeat(Math.floor((size - head.length) / line.length));
      const rest = size - head.length - body.length;
      body += rest >= 2 ? `${'y'.repeat(rest - 2)}\r\n` : 'z'.repeat(rest);
      const raw = Buffer.concat([head, Buffer.from(body)]);
      expect(raw.length).toBe(size);
      return raw;
    };
    const atCap = sized('smtp-big-1', MAX_MESSAGE_BYTES);
    await send({ from: 'x@example.org', to: [GAME_ADDRESS] }, atCap);
    const [row] = await rowsOf('smtp-big-1');
    expect(row!.raw.equals(atCap)).toBe(true);

    const over = await sendError({ from: 'x@example.org', to: [GAME_ADDRESS] }, sized('smtp-big-2', MAX_MESSAGE_BYTES + 1));
    expect(over.responseCode).toBe(552);
    expect(await rowsOf('smtp-big-2')).toEqual([]);
  });
});
