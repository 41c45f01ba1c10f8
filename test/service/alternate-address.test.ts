/**
 * Issue 27: a person's other registered address (sql/0029), where the judge tells them that mail to
 * their registered address bounced. Registered by the registration file (`alternate_email`), by
 * `game create`'s CSV, by `mailjudge person alternate`, or by the player's own `OTHER ADDRESS` line,
 * which is read only from the registered address and verified as an order set is (D.II(3), D.X(6));
 * shown by `game show`. The other address never sends orders: a set from it is not accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPersonByEmail, setPersonSecretHash } from '../../src/db/people.js';
import { hashSecret } from '../../src/mail/inbound/secrets.js';
import { runTournamentCreate } from '../../src/cli/commands/tournament.js';
import { runTournamentRegister } from '../../src/cli/commands/tournament-td.js';
import { parseRegistration } from '../../src/cli/registration-file.js';
import { parseGameSpec } from '../../src/cli/game-spec.js';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { runGameShow } from '../../src/cli/commands/game-show.js';
import { runPersonAlternate } from '../../src/service/alternate-address.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { TestDomains } from '../helpers/dkim.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => {
  await t?.close();
});

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const audits = (action: string) => t.db.selectFrom('audit_log').select(['actor', 'detail']).where('action', '=', action).orderBy('id').execute();

describe('registering the other address', () => {
  it('the registration CSV stores alternate_email; a person who has one keeps it, and the answer says so', async () => {
    await runTournamentCreate(t.db, { slug: 'alt-cup', name: 'Alt Cup' }, 'test');
    const rows = POWERS.map((p, i) => `Blue,Blue ${i + 1},blue${i + 1}@example.org,${p},${i === 0 ? 'yes' : ''},UTC,${i === 2 ? 'blue3@home.example' : ''}`);
    const reg = parseRegistration(['team,name,email,power,captain,time_zone,alternate_email', ...rows].join('\n'), 'csv');
    expect(reg.ok).toBe(true);
    const r = await runTournamentRegister(t.db, 'alt-cup', reg.ok ? reg.value : (undefined as never), 'test');
    expect(r.ok).toBe(true);
    expect((await findPersonByEmail(t.db, 'blue3@example.org'))!.alternateEmail).toBe('blue3@home.example');
    expect((await findPersonByEmail(t.db, 'blue4@example.org'))!.alternateEmail).toBeNull();
    // A second tournament's file gives blue3 another one: registration data is never overwritten silently.
    await runTournamentCreate(t.db, { slug: 'alt-cup-2', name: 'Alt Cup 2' }, 'test');
    const again = parseRegistration(['team,name,email,power,captain,time_zone,alternate_email', ...rows.map((l) => l.replace('blue3@home.example', 'blue3@elsewhere.example'))].join('\n'), 'csv');
    const r2 = await runTournamentRegister(t.db, 'alt-cup-2', again.ok ? again.value : (undefined as never), 'test');
    expect(r2.ok && r2.text).toContain('blue3@example.org keeps the other address blue3@home.example (the file gives blue3@elsewhere.example; change it with mailjudge person alternate)');
    expect((await findPersonByEmail(t.db, 'blue3@example.org'))!.alternateEmail).toBe('blue3@home.example');
  });

  it('game create reads alternate_email from its CSV; game create and game show print it beside the registered address', async () => {
    const csv = ['power,name,email,time_zone,alternate_email', ...POWERS.map((p) => `${p},${p} Gc,${p.toLowerCase()}@gc.example.org,UTC,${p === 'FRANCE' ? 'france@home.example' : ''}`)].join('\n');
    const spec = parseGameSpec(csv, 'csv', { id: 'alt-gc', address: 'alt-gc@judge.example.org', gmEmail: 'gm@gc.example.org', deadline: '2031-01-10T12:00Z' });
    expect(spec.ok).toBe(true);
    const made = await runGameCreate(t.db, spec.ok ? spec.spec : (undefined as never), 'test', new Date('2031-01-01T12:00:00Z'), JUDGE);
    expect(made.ok && made.text).toContain('  FRANCE   FRANCE Gc <france@gc.example.org> (other address: france@home.example)');
    const shown = await runGameShow(t.db, 'alt-gc', new Date('2031-01-01T12:00:00Z'));
    expect(shown.ok && shown.text).toContain('FRANCE Gc <france@gc.example.org> (other: france@home.example)');
    expect(shown.ok && shown.text.split('\n').filter((l) => l.includes('(other: '))).toHaveLength(1);
    // The same address twice is refused, by its line.
    const same = parseGameSpec(csv.replace('france@home.example', 'FRANCE@gc.example.org'), 'csv', { id: 'alt-gc2', address: 'alt-gc2@judge.example.org', gmEmail: 'gm@gc.example.org' });
    expect(same.ok ? [] : same.problems).toContain("the file line 4: the other address FRANCE@gc.example.org is the player's registered address itself; give a different mailbox, or leave it out");
  });

  it('mailjudge person alternate: shows, sets, refuses the registered address and someone else\'s, clears; each change audited', async () => {
    const p = await runPersonAlternate(t.db, 'blue4@example.org', undefined, false, 'cli:td');
    expect(p.ok && p.text).toBe('Blue 4 <blue4@example.org>: no other address');
    const set = await runPersonAlternate(t.db, 'BLUE4@example.org', 'blue4@home.example', false, 'cli:td');
    expect(set.ok && set.text).toBe('Blue 4 <blue4@example.org>: other address blue4@home.example (was none). The judge writes there only when mail to blue4@example.org bounces; orders count only from blue4@example.org.');
    expect(await runPersonAlternate(t.db, 'blue4@example.org', 'Blue4@Example.org', false, 'cli:td')).toEqual({ ok: false, problems: ['Blue4@Example.org is the registered address itself; the other address must be a different mailbox (it is where the judge writes when the registered one bounces)'] });
    expect(await runPersonAlternate(t.db, 'blue4@example.org', 'blue5@example.org', false, 'cli:td')).toEqual({ ok: false, problems: ['blue5@example.org is the registered address of another person; give a mailbox of your own'] });
    expect(await runPersonAlternate(t.db, 'nobody@example.org', 'x@y.example', false, 'cli:td')).toEqual({ ok: false, problems: ['nobody is registered with nobody@example.org: a person is registered by game create, tournament register or replace'] });
    const cleared = await runPersonAlternate(t.db, 'blue4@example.org', undefined, true, 'cli:td');
    expect(cleared.ok && cleared.text).toBe('Blue 4 <blue4@example.org>: no other address (was blue4@home.example).');
    const changes = (await audits('person.alternate')).filter((a) => (a.detail as { person: string }).person === 'blue4@example.org');
    expect(changes.map((a) => [a.actor, (a.detail as { before: unknown }).before, (a.detail as { after: unknown }).after])).toEqual([['cli:td', null, 'blue4@home.example'], ['cli:td', 'blue4@home.example', null]]);
  });
});

describe('OTHER ADDRESS by mail', () => {
  // Through the identity check as any player's mail (not an operator's entry): example.org and
  // home.example publish DMARC and the test signs for them; nodmarc.test publishes nothing.
  const domains = new TestDomains(['example.org', 'home.example'], ['nodmarc.test']);
  let n = 0;
  const send = async (id: string, from: string, text: string, subject = 'address') => {
    const raw = await domains.build({ from, to: `${id}@judge.example.org`, subject, text, messageId: `<alt-${++n}@example.org>` });
    return receiveMessage(t.db, { fromAddress: JUDGE, auth: { resolver: domains.resolver }, now: () => new Date('2030-04-20T12:00:00Z') }, { raw, receivedAt: new Date('2030-04-20T12:00:00Z'), source: 'pipe', role: 'game', mailbox: 'pipe:game' });
  };
  const replies = (to: string, kind: string) => t.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();

  it("France sets it from her registered address: answered to her, no order set, no acknowledgement; NONE clears it; her own address is refused", async () => {
    const { players } = await gameWithPlayers(t.db, 'alt-mail');
    const france = players.get('FRANCE')!.email;
    const got = await send('alt-mail', france, 'OTHER ADDRESS <fr.home@home.example>');
    expect(got.kind).toBe('noOrders');
    expect((await findPersonByEmail(t.db, france))!.alternateEmail).toBe('fr.home@home.example');
    const [set] = await replies(france, 'other-address');
    expect(set!.subject).toBe('[alt-mail] Other address set: fr.home@home.example');
    expect(set!.body_text).toContain('Your other registered address is now fr.home@home.example.');
    expect(set!.body_text).toContain(`commands from it: those count only from ${france} (rules D.II(3) and D.X(6)).`);
    expect(await replies(france, 'orders-received')).toEqual([]);
    expect(await t.db.selectFrom('order_sets').select('id').where('game_id', '=', 'alt-mail').execute()).toEqual([]);
    const decision = await t.db.selectFrom('inbound_decisions').select(['outcome', 'reason']).where('inbound_message_id', '=', got.inboundId!).executeTakeFirstOrThrow();
    expect(decision.outcome).toBe('command');
    expect((await audits('person.alternate')).at(-1)).toMatchObject({ actor: `person:${players.get('FRANCE')!.id}`, detail: { person: france, before: null, after: 'fr.home@home.example', via: 'mail' } });

    await send('alt-mail', france, `other address ${france.toUpperCase()}`);
    const refused = (await replies(france, 'other-address')).at(-1)!;
    expect(refused.subject).toBe('[alt-mail] Other address not changed');
    expect(refused.body_text).toContain(`Not changed: ${france.toUpperCase()} is the registered address itself;`);
    expect((await findPersonByEmail(t.db, france))!.alternateEmail).toBe('fr.home@home.example');

    await send('alt-mail', france, 'OTHER ADDRESS NONE');
    const none = (await replies(france, 'other-address')).at(-1)!;
    expect(none.subject).toBe('[alt-mail] Other address removed');
    expect(none.body_text).toContain('You have no other registered address now.');
    expect((await findPersonByEmail(t.db, france))!.alternateEmail).toBeNull();
  });

  it('the other address cannot send orders (D.II(3), D.X(6)): a set from it is no set of France\'s', async () => {
    const { players } = await gameWithPlayers(t.db, 'alt-send');
    const france = players.get('FRANCE')!;
    await runPersonAlternate(t.db, france.email, 'fr.send@home.example', false, 'cli:td');
    const got = await send('alt-send', 'fr.send@home.example', DEMO_ORDERS.S1901M.FRANCE, 'S1901M FINAL');
    // The judge knows no person by that address: refused as from an unregistered sender.
    expect(got).toMatchObject({ kind: 'refused', reason: 'unregistered' });
    expect(await t.db.selectFrom('order_sets').select('id').where('game_id', '=', 'alt-send').execute()).toEqual([]);
    // And OTHER ADDRESS from it changes nothing.
    await send('alt-send', 'fr.send@home.example', 'OTHER ADDRESS mallory@evil.example');
    expect((await findPersonByEmail(t.db, france.email))!.alternateEmail).toBe('fr.send@home.example');
  });

  it('OTHER ADDRESS is verified as an order set is (D.X(6)): where the secret decides, a message without it or with a wrong one changes nothing', async () => {
    const { players } = await gameWithPlayers(t.db, 'alt-forge');
    await t.db.updateTable('people').set({ email: 'alt-forge-france@nodmarc.test' }).where('id', '=', players.get('FRANCE')!.id).execute();
    const france = (await findPersonByEmail(t.db, 'alt-forge-france@nodmarc.test'))!;
    await setPersonSecretHash(t.db, france.id, hashSecret('q4t8w-2kd9m-x7c3p'));
    expect(await send('alt-forge', france.email, 'OTHER ADDRESS mallory@evil.example')).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    expect(await send('alt-forge', france.email, 'Secret: guess\nOTHER ADDRESS mallory@evil.example')).toMatchObject({ kind: 'refused', reason: 'identity: secret-wrong' });
    expect((await findPersonByEmail(t.db, france.email))!.alternateEmail).toBeNull();
    expect(await send('alt-forge', france.email, 'Secret: q4t8w-2kd9m-x7c3p\nOTHER ADDRESS fr.forge@home.example')).toMatchObject({ kind: 'noOrders' });
    expect((await findPersonByEmail(t.db, france.email))!.alternateEmail).toBe('fr.forge@home.example');
  });
});
