/**
 * Real-world-shaped mail through the judge's SMTP listener (issue 20): every message of
 * test/fixtures/real-world sent by nodemailer as the delivering MTA, with the envelope sender its
 * Return-Path names (`<>` for a bounce): 250 for each, stored once, decided once, answered or
 * ignored as its README line says. A message over MAX_MESSAGE_BYTES is refused at DATA with 552, so
 * the sending MTA (not the judge) tells its sender, and nothing is stored.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveMessage, type ReceiveOutcome } from '../../src/service/intake/receive-message.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { checkDecidedOnce, JUDGE, loadRealWorld, oversized, realWorldGame, RW_ADDRESS, RW_CAST, type RealWorldMessage } from '../helpers/real-world-corpus.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

/** No DNS in tests: every lookup fails at once, as for a domain that publishes nothing. */
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const CTX = { fromAddress: JUDGE, auth: { resolver } };

let t: TestDatabase;
let listener: SmtpListener;
const corpus = loadRealWorld();
const outcomes: ReceiveOutcome[] = [];
const handlerErrors: Error[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await realWorldGame(t.db);
  listener = await startSmtpListener({
    port: 0,
    accepts: async (address) => (address === RW_ADDRESS ? 'game' : undefined),
    handle: async (m) => {
      try {
        const outcome = await receiveMessage(t.db, CTX, m);
        outcomes.push(outcome);
        return outcome;
      } catch (e) {
        handlerErrors.push(e as Error);
        throw e;
      }
    },
    logger: SILENT_LOGGER,
  });
});
afterAll(async () => {
  await listener.stop();
  await t.close();
});

async function send(from: string, raw: Buffer): Promise<{ response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
  try {
    return (await transport.sendMail({ envelope: { from, to: [RW_ADDRESS] }, raw })) as { response: string };
  } finally {
    transport.close();
  }
}

describe('the SMTP listener: the real-world corpus', () => {
  it.each(corpus.map((m) => [m.name, m] as const))('%s: 250, stored once, decided once', async (_name, m: RealWorldMessage) => {
    const before = outcomes.length;
    const info = await send(m.envelopeFrom, m.raw);
    expect(info.response).toMatch(/^250 /);
    expect(handlerErrors).toEqual([]);
    expect(outcomes).toHaveLength(before + 1);
    const outcome = outcomes[before]!;
    expect(outcome.kind).not.toBe('duplicate');
    const rows = await t.db.selectFrom('inbound_messages').select(['id', 'source', 'mailbox']).where('id', '=', outcome.inboundId).execute();
    expect(rows).toEqual([{ id: outcome.inboundId, source: 'smtp', mailbox: 'smtp:game' }]);
    await checkDecidedOnce(t.db, outcome.inboundId, m.expected);
  });

  it('stored every message once and left nothing undecided', async () => {
    const rows = await t.db.selectFrom('inbound_messages as m').leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id').select(['m.id', 'd.outcome']).execute();
    expect(rows).toHaveLength(corpus.length);
    expect(rows.filter((r) => r.outcome === null)).toEqual([]);
  });

  it('refuses a message over MAX_MESSAGE_BYTES with 552 and stores nothing: the sending MTA tells its sender', async () => {
    const count = async () => Number((await t.db.selectFrom('inbound_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const stored = await count();
    const refused = await send(RW_CAST.AUSTRIA, oversized(RW_CAST.AUSTRIA, 'smtp-big')).then(
      () => undefined,
      (e: { responseCode?: number }) => e.responseCode,
    );
    expect(refused).toBe(552);
    expect(await count()).toBe(stored);
  });
});
