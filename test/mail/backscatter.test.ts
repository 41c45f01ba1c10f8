/**
 * No backscatter (issue 16): an unregistered sender is answered only when its From is
 * authenticated (a DKIM signature aligned with the From domain, or SPF or DMARC pass, as mailauth
 * reports them); otherwise the message is recorded and nobody is written to. A From that names a
 * player or power of the game (display name, local part, the player's own name) but comes from
 * another address is reported to that player and the GM, answered or not. Real PostgreSQL, DNS from
 * an injected zone (test/helpers/dkim.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAuthenticated, type AuthResult } from '../../src/mail/inbound/identity.js';
import { fold, namedHolders } from '../../src/mail/inbound/lookalike.js';
import { receiveMessage, type ReceiveContext } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { TestDomains } from '../helpers/dkim.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
const domains = new TestDomains(['example.org', 'evil.test'], ['nodmarc.test']);
const now = new Date('2030-04-30T10:00:00Z');
const ctx: ReceiveContext = { fromAddress: 'judge@judge.example.org', auth: { resolver: domains.resolver }, now: () => now };
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, 'bk', new Date('2030-05-01T12:00:00Z'));
});
afterAll(async () => t.close());

async function send(m: Parameters<TestDomains['build']>[0]) {
  const raw = await domains.build({ messageId: `<bk${++n}@example.net>`, to: 'bk@judge.example.org', text: 'A PAR - BUR', ...m });
  return receiveMessage(t.db, ctx, { raw, receivedAt: now, source: 'pipe', mailbox: 'pipe:game' });
}
const mailTo = (to: string) => t.db.selectFrom('outbox').select(['kind', 'subject', 'body_text']).where('to_address', '=', to).orderBy('id').execute();
const decisionOf = (id: number) => t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', id).executeTakeFirstOrThrow();

describe('an unregistered sender', () => {
  // prettier-ignore
  it.each([
    // what                                                          From                        signed as
    ['unsigned, from a domain that publishes nothing',                'victim@nodmarc.test',       false],
    ['a forged From, signed by another domain (DKIM not aligned)',    'victim2@example.org',       'evil.test'],
    ['a forged From at a DMARC domain, unsigned',                     'victim3@example.org',       false],
  ] as const)('%s: recorded, not answered', async (_what, from, signAs) => {
    const r = await send({ from, signAs });
    expect(r).toMatchObject({ kind: 'refused', reason: 'unregistered' });
    const d = await decisionOf(r.inboundId);
    expect(d).toMatchObject({ outcome: 'refused', replied: false, from_address: from });
    expect(d.identity).toMatchObject({ code: 'unregistered', authenticated: false });
    expect(await mailTo(from)).toEqual([]);
  });

  it('with an aligned DKIM signature: answered once, ever', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await send({ from: 'stranger@example.org' });
      expect((await decisionOf(r.inboundId)).identity).toMatchObject({ authenticated: true, dkim: 'pass' });
    }
    expect((await mailTo('stranger@example.org')).map((m) => m.kind)).toEqual(['unknown-sender']);
  });
});

describe('a From naming a player or power of the game', () => {
  // prettier-ignore
  it.each([
    // what                                   From                                      signed as     power       answered
    ['a power as the display name',            '"France" <someone@nodmarc.test>',         false,        'FRANCE',   false],
    ['a power in the local part',              'bk-germany@evil.test',                    undefined,    'GERMANY',  true],
    ["the player's own name, another address", '"Player bk-italy" <ivo@nodmarc.test>',    false,        'ITALY',    false],
    ["the player's local part, another domain", 'bk-turkey@nodmarc.test',                 false,        'TURKEY',   false],
  ] as const)('%s: the player and the GM are told', async (_what, from, signAs, power, answered) => {
    const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
    const r = await send({ from, ...(signAs === undefined ? {} : { signAs }) });
    const d = await decisionOf(r.inboundId);
    expect(d).toMatchObject({ outcome: 'refused', reason: 'unregistered', game_id: 'bk', replied: answered });
    expect((d.identity as { named: { power: string }[] }).named.map((x) => x.power)).toEqual([power]);
    const player = await mailTo(`bk-${power.toLowerCase()}@example.org`);
    expect(player.filter((m) => m.kind === 'lookalike-alert')).toHaveLength(1);
    expect(player.at(-1)!.subject).toBe(`[bk] Alert: a message from ${address} used ${power}'s name`);
    expect(player.at(-1)!.body_text).toContain('the GM has been told as well');
    const gm = (await mailTo('bk-gm@example.org')).filter((m) => m.body_text.includes(address));
    expect(gm).toHaveLength(1);
    expect(gm[0]!.body_text).toContain('the player has been told as well');
    expect((await mailTo(address)).length).toBe(answered ? 1 : 0);
  });
});

describe('the pure parts', () => {
  const auth = (a: Partial<AuthResult>): AuthResult => ({ dkim: 'none', dkimDomains: [], spf: 'none', dmarc: 'none', dmarcPolicy: undefined, fromDomain: undefined, header: '', ...a });
  // prettier-ignore
  it.each([
    [auth({}),                                                         'a@x.example', false],
    [auth({ dkim: 'pass', dkimDomains: ['x.example'] }),               'a@x.example', true],
    [auth({ dkim: 'pass', dkimDomains: ['mail.x.example'] }),          'a@x.example', true],
    [auth({ dkim: 'pass', dkimDomains: ['x.example'] }),               'a@sub.x.example', true],
    [auth({ dkim: 'pass', dkimDomains: ['evil.example'] }),            'a@x.example', false],
    [auth({ dkim: 'pass', dkimDomains: ['ax.example'] }),              'a@x.example', false],
    [auth({ spf: 'pass' }),                                            'a@x.example', true],
    [auth({ spf: 'softfail' }),                                        'a@x.example', false],
    [auth({ dmarc: 'pass' }),                                          'a@x.example', true],
  ])('fromAuthenticated(%o, %s) = %s', (a, from, expected) => {
    expect(fromAuthenticated(a, from)).toBe(expected);
  });

  it('names nobody from their own address, and folds case and accents', () => {
    const holders = [{ power: 'FRANCE' as const, name: 'François Dupont', email: 'fd@example.org' }];
    expect(namedHolders({ address: 'fd@example.org', name: 'France' }, holders)).toEqual([]);
    expect(namedHolders({ address: 'x@example.net', name: 'FRANCOIS  dupont' }, holders)).toHaveLength(1);
    expect(namedHolders({ address: 'x@example.net', name: 'Franceville' }, holders)).toEqual([]);
    expect(fold('Ｆｒａｎｃｅ!')).toBe('france');
  });
});
