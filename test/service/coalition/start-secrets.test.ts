/**
 * Issue 33 item 8 (issue 25): the Coalition start mail issues every player and judge a secret of
 * their own and says how each proves who they are; a message in a judge's name without it, from a
 * domain that publishes no DMARC (every DNS look-up fails here), is refused, the judge told and the
 * other judge alarmed; with it, it is read.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPersonByEmail } from '../../../src/db/people.js';
import { verifySecret } from '../../../src/mail/inbound/identity.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { receiveMessage } from '../../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, outboxTo } from './fixtures.js';

let t: TestDatabase;
const NOW = at('2026-11-18T12:00:00Z');
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const spec = {
  id: 'cvs1', address: 'cvs1@judge.example.org', pmAddress: 'cvs1-mj@judge.example.org', battleAddress: 'cvs1-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@nodmarc.test' }, battleJudge: { name: 'Bea', email: 'bea@nodmarc.test' },
  world: { map: exampleMap(), armies: [
    { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
    { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
  ] },
  players: [
    { name: 'Ann', email: 'ann@nodmarc.test', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@nodmarc.test', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Gix', email: 'gix@nodmarc.test', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@nodmarc.test', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: at('2026-11-20T05:00:00Z'),
};
const EVERYONE = ['ann@nodmarc.test', 'bob@nodmarc.test', 'gix@nodmarc.test', 'kara@nodmarc.test', 'mo@nodmarc.test', 'bea@nodmarc.test'];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  const r = await runCoalitionCreate(t.db, spec, 'test', NOW, JUDGE);
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
});
afterAll(async () => t.close());

async function send(from: string, to: string, text: string, id: string) {
  const raw = await new MailComposer({ from, to, subject: 'turn 1', text, messageId: `<${id}@nodmarc.test>` }).compile().build();
  return receiveMessage(t.db, { fromAddress: JUDGE, auth: { resolver }, now: () => NOW }, { raw, receivedAt: NOW, source: 'pipe', mailbox: 'pipe:game' });
}

describe('the Coalition start mail issues secrets', () => {
  it('every player and judge gets a secret of their own, kept only as a hash, and is told how to use it', async () => {
    const seen = new Set<string>();
    for (const who of EVERYONE) {
      const body = (await outboxTo(t.db, 'cvs1', who, 'coalition-start'))[0]!.body_text;
      const secret = /Your secret: ([a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5})/.exec(body)?.[1];
      expect(secret, body).toBeDefined();
      seen.add(secret!);
      expect(body).toContain(`Add the line "Secret: ${secret}" to every ${who.startsWith('mo') || who.startsWith('bea') ? 'ruling, order and command' : 'order, post and strategy'} (required when your mail domain publishes no DMARC policy).`);
      expect(body).toContain('Players and the judges prove who they are the same way');
      expect(verifySecret(secret!, (await findPersonByEmail(t.db, who))!.secretHash!)).toBe(true);
    }
    expect(seen.size).toBe(6);
  });

  it("a message in the Battle Judge's name without the secret is refused, Bea told and the Movement Judge alarmed", async () => {
    const r = await send('bea@nodmarc.test', spec.battleAddress, 'RULING 5D: Ann wins', 'forged-bea');
    expect(r).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    const told = await outboxTo(t.db, 'cvs1', 'bea@nodmarc.test', 'identity-refused');
    expect(told).toHaveLength(1);
    expect(told[0]!.body_text).toContain('(the secret the judge sent you as the Battle Judge of this game;');
    const alarm = await outboxTo(t.db, 'cvs1', 'mo@nodmarc.test', 'impersonation-alert');
    expect(alarm.map((m) => m.subject)).toEqual(["[cvs1] Alert: a message in bea@nodmarc.test's name failed verification"]);
    // Ann, a player, forgetting her secret: refused and told, not alarmed (D.X(6) alarms impersonation).
    expect(await send('ann@nodmarc.test', spec.address, 'Ann: 16C > 17C', 'ann-nosecret')).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    const annSecret = /Your secret: (\S+)/.exec((await outboxTo(t.db, 'cvs1', 'ann@nodmarc.test', 'coalition-start'))[0]!.body_text)![1]!;
    expect(await send('ann@nodmarc.test', spec.address, `Ann: 16C > 17C\nSecret: ${annSecret}`, 'ann-secret')).toMatchObject({ kind: 'movement', armies: ['Ann'] });
  });
});
