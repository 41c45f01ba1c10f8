/**
 * Secrets by default (issue 16, D.X(6)): under every identity policy but `address`, each player's
 * game-start mail carries a secret of their own (only its hash is stored), so orders from a domain
 * that publishes no DMARC cannot be forged on the From alone: without the secret line they are
 * refused, saying what to add; with it they are accepted. A person who already has a secret (another
 * game) keeps it; `identity address` issues none. Real PostgreSQL; DNS answers nothing.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { DEFAULT_POLICIES, type GamePolicies } from '../../src/db/games.js';
import { findPersonByEmail } from '../../src/db/people.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { verifySecret } from '../../src/mail/inbound/identity.js';
import { receiveMessage, type ReceiveContext } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const now = new Date('2030-04-01T12:00:00Z');
const ctx: ReceiveContext = { fromAddress: JUDGE, auth: { resolver }, now: () => now };
let t: TestDatabase;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function create(id: string, policies: GamePolicies, email: (power: string) => string) {
  const r = await runGameCreate(t.db, {
    id, address: `${id}@judge.example.org`, gm: { email: `gm-${id}@example.org`, name: 'GM' }, rules: 'wm', endYear: 1909,
    policies, tournament: undefined, round: undefined, board: id, deadline: new Date('2030-05-01T12:00:00Z'),
    players: POWERS.map((power) => ({ power, name: power, email: email(power), timeZone: 'UTC', where: power })),
  }, 'test', now, JUDGE);
  expect(r.ok).toBe(true);
}
const startMail = (id: string, to: string) => t.db.selectFrom('outbox').select('body_text').where('kind', '=', 'game-start').where('game_id', '=', id).where('to_address', '=', to).executeTakeFirstOrThrow();
const SECRET = /Your secret: ([a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5})/;

async function orders(id: string, from: string, text: string, to = `${id}@judge.example.org`) {
  const raw = await new MailComposer({ from, to, subject: 'orders', text, messageId: `<sec-${++n}@example.org>` }).compile().build();
  return receiveMessage(t.db, ctx, { raw, receivedAt: now, source: 'pipe', mailbox: 'pipe:game' });
}

describe('secrets issued with the game-start mail', () => {
  it('gives each player and the GM a secret of their own (issue 25), keeps only its hash', async () => {
    await create('sec1', DEFAULT_POLICIES, (p) => `${p.toLowerCase()}@sec1.example.org`);
    const seen = new Set<string>();
    for (const power of POWERS) {
      const email = `${power.toLowerCase()}@sec1.example.org`;
      const body = (await startMail('sec1', email)).body_text;
      const secret = SECRET.exec(body)?.[1];
      expect(secret, body).toBeDefined();
      expect(body).toContain(`Add the line "Secret: ${secret}" to every message (required when your mail domain publishes no DMARC policy).`);
      seen.add(secret!);
      const person = (await findPersonByEmail(t.db, email))!;
      expect(person.secretHash).not.toContain(secret!);
      expect(verifySecret(secret!, person.secretHash!)).toBe(true);
    }
    expect(seen.size).toBe(7);
    // Issue 25: the GM's commands are protected like an order set.
    const gmBody = (await startMail('sec1', 'gm-sec1@example.org')).body_text;
    const gmSecret = SECRET.exec(gmBody)?.[1];
    expect(gmSecret).toBeDefined();
    expect(seen.has(gmSecret!)).toBe(false);
    expect(gmBody).toContain(`Add the line "Secret: ${gmSecret}" to every GM command`);
    expect(verifySecret(gmSecret!, (await findPersonByEmail(t.db, 'gm-sec1@example.org'))!.secretHash!)).toBe(true);
  });

  it('refuses orders from a domain without DMARC that lack the secret, saying what to add; accepts them with it', async () => {
    const from = 'france@sec1.example.org';
    const secret = SECRET.exec((await startMail('sec1', from)).body_text)![1]!;
    const forged = await orders('sec1', from, 'A PAR - BUR\nA MAR H\nF BRE H');
    expect(forged).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    const refusal = await t.db.selectFrom('outbox').select('body_text').where('kind', '=', 'orders-refused').where('to_address', '=', from).executeTakeFirstOrThrow();
    expect(refusal.body_text).toContain('add a line "Secret: <your secret>" to your message');
    expect(await orders('sec1', from, `A PAR - BUR\nA MAR H\nF BRE H\nPassword: ${secret}`)).toMatchObject({ kind: 'orders', power: 'FRANCE' });
    expect(await orders('sec1', from, 'A PAR - BUR\nPassword: aaaaa-bbbbb-ccccc')).toMatchObject({ kind: 'refused', reason: 'identity: secret-wrong' });
  });

  it('keeps the secret of a person who has one (another game), and issues none under identity address', async () => {
    const before = (await findPersonByEmail(t.db, 'england@sec1.example.org'))!.secretHash;
    await create('sec2', DEFAULT_POLICIES, (p) => (p === 'ENGLAND' ? 'england@sec1.example.org' : `${p.toLowerCase()}@sec2.example.org`));
    expect((await findPersonByEmail(t.db, 'england@sec1.example.org'))!.secretHash).toBe(before);
    expect((await startMail('sec2', 'england@sec1.example.org')).body_text).toContain('Use the secret the judge sent you before');

    await create('sec3', { ...DEFAULT_POLICIES, identity: 'address' }, (p) => `${p.toLowerCase()}@sec3.example.org`);
    expect((await startMail('sec3', 'italy@sec3.example.org')).body_text).not.toMatch(/secret/i);
    expect((await findPersonByEmail(t.db, 'italy@sec3.example.org'))!.secretHash).toBeNull();
  });
});

describe('reply tokens', () => {
  it("every mail to a player carries their reply address; a reply to it is authenticated by the token, and only for them", async () => {
    const from = 'italy@sec1.example.org';
    const start = await t.db.selectFrom('outbox').select('headers').where('kind', '=', 'game-start').where('game_id', '=', 'sec1').where('to_address', '=', from).executeTakeFirstOrThrow();
    const replyTo = (start.headers as Record<string, string>)['Reply-To']!;
    expect(replyTo).toMatch(/^judge\+sec1\.[a-z2-9]{8}@judge\.example\.org$/);
    const gm = await t.db.selectFrom('outbox').select('headers').where('kind', '=', 'game-start').where('to_address', '=', 'gm-sec1@example.org').executeTakeFirstOrThrow();
    // The GM has no reply token: their Reply-To is the game's own address (issue 28), so an answer is
    // read as a GM command and proven by the GM's secret (issue 25).
    expect((gm.headers as Record<string, string> | null)?.['Reply-To']).toBe('sec1@judge.example.org');

    // No secret line, only the reply address in To: accepted, the token being the proof.
    const r = await orders('sec1', from, 'A VEN H\nA ROM H\nF NAP H', replyTo);
    expect(r).toMatchObject({ kind: 'orders', power: 'ITALY' });
    const d = await t.db.selectFrom('inbound_decisions').select('identity').where('inbound_message_id', '=', r.inboundId).executeTakeFirstOrThrow();
    expect(d.identity).toMatchObject({ method: 'reply-token' });
    const ack = await t.db.selectFrom('outbox').select('headers').where('kind', '=', 'orders-received').where('to_address', '=', from).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((ack.headers as Record<string, string>)['Reply-To']).toBe(replyTo);

    // Another player using Italy's token gains nothing: their own identity check applies.
    expect(await orders('sec1', 'germany@sec1.example.org', 'A BER H', replyTo)).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    // A made-up token: the same.
    expect(await orders('sec1', from, 'A VEN H', 'judge+sec1.aaaaaaaa@judge.example.org')).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
  });
});
