/**
 * The inbound pipeline against a real PostgreSQL, with DKIM-signed messages checked by mailauth
 * through an injected DNS zone: identity (D.X(6)), proxies (D.II(3)), To/Cc (D.II(2)), the deadline
 * to the second (D.VII(1),(3)), the confirmation mailbox (D.VII(1),(7)), HELP/STATUS, GM commands,
 * unknown senders, the reply rate limit, and the TD's audit settling a dispute from the archive.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { findOrderSets, insertOrderSet } from '../../src/db/order-sets.js';
import { insertPerson, setPersonSecretHash } from '../../src/db/people.js';
import { insertPosition } from '../../src/db/positions.js';
import { hashSecret } from '../../src/mail/inbound/identity.js';
import { receiveMessage, retryUndecided, type ReceiveContext } from '../../src/service/intake/receive-message.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { runAudit } from '../../src/cli/commands/audit.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { TestDomains } from '../helpers/dkim.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
const domains = new TestDomains(['example.org', 'evil.test'], ['nodmarc.test']);
const deadline = new Date('2030-05-01T12:00:00Z');
const before = new Date('2030-04-30T10:00:00Z');
const ctx: ReceiveContext = { fromAddress: 'judge@judge.example.org', confirmAddress: 'confirm@judge.example.org', auth: { resolver: domains.resolver }, now: () => before };
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function send(m: Parameters<TestDomains['build']>[0], at = before, extra: { role?: 'game' | 'confirm'; ctx?: Partial<ReceiveContext> } = {}) {
  const raw = await domains.build({ messageId: `<m${++n}@example.org>`, ...m });
  const role = extra.role ?? 'game';
  return receiveMessage(t.db, { ...ctx, ...extra.ctx }, { raw, receivedAt: at, source: 'pipe', role, mailbox: `pipe:${role}` });
}

const mailTo = (to: string, kind?: string) => {
  let q = t.db.selectFrom('outbox').select(['kind', 'subject', 'body_text', 'from_address', 'headers']).where('to_address', '=', to);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
};

describe('identity (D.X(6))', () => {
  it('accepts signed orders from the player of record, and records the evidence', async () => {
    await gameWithPlayers(t.db, 'id1', deadline);
    const r = await send({ from: 'id1-england@example.org', to: 'id1@judge.example.org', text: 'F LON - NTH\nF EDI - NWG\nA LVP - YOR\nFinal' });
    expect(r).toMatchObject({ kind: 'orders', power: 'ENGLAND', final: true });
    const d = await t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', r.inboundId).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ outcome: 'orders', power: 'ENGLAND', replied: true });
    expect(d.identity).toMatchObject({ method: 'dmarc', dkim: 'pass', dmarc: 'pass' });
    const [ack] = await mailTo('id1-england@example.org', 'orders-received');
    expect(ack!.subject).toBe('[id1] ENGLAND S1901M: orders received (FINAL)');
    expect(ack!.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied', 'In-Reply-To': `<m${n}@example.org>` });
  });

  it('refuses a forged From (signed by another domain): the real player and the GM are told', async () => {
    await gameWithPlayers(t.db, 'id2', deadline);
    const r = await send({ from: 'id2-france@example.org', to: 'id2@judge.example.org', text: 'A PAR - BUR', signAs: 'evil.test' });
    expect(r).toMatchObject({ kind: 'refused', reason: 'identity: dmarc-fail' });
    expect(await findOrderSets(t.db, 'id2', 'S1901M')).toHaveLength(0);
    const [warning] = await mailTo('id2-france@example.org', 'orders-refused');
    expect(warning!.body_text).toContain('someone tried to send orders in your name');
    const [alert] = await mailTo('id2-gm@example.org', 'impersonation-alert');
    expect(alert!.body_text).toContain('claiming to come from id2-france@example.org');
    expect(alert!.body_text).toMatch(/dmarc=fail/);
  });

  it('refuses an unsigned message from a domain that publishes DMARC', async () => {
    await gameWithPlayers(t.db, 'id3', deadline);
    expect(await send({ from: 'id3-italy@example.org', to: 'id3@judge.example.org', text: 'A VEN H', signAs: false })).toMatchObject({ kind: 'refused', reason: 'identity: dmarc-fail' });
  });

  it('where the domain publishes nothing: the secret decides, and is never echoed back', async () => {
    const { game } = await gameWithPlayers(t.db, 'id4', deadline);
    // Turkey's player moves to a domain without DMARC and is issued a secret.
    const p = await insertPerson(t.db, { name: 'Tess', email: 'tess@nodmarc.test' });
    await setPersonSecretHash(t.db, p.id, hashSecret('k7q2m-9xp4h-rt3vc'));
    await t.db.updateTable('positions').set({ ended_at: new Date() }).where('game_id', '=', game.id).where('power', '=', 'TURKEY').execute();
    await insertPosition(t.db, { gameId: game.id, power: 'TURKEY', personId: p.id, kind: 'permanent', reason: 'test' });
    const ok = await send({ from: 'tess@nodmarc.test', to: 'id4@judge.example.org', text: 'Password: k7q2m-9xp4h-rt3vc\nF ANK - BLA\nA CON - BUL\nA SMY H' });
    expect(ok).toMatchObject({ kind: 'orders', power: 'TURKEY' });
    const [ack] = await mailTo('tess@nodmarc.test', 'orders-received');
    expect(ack!.body_text).not.toContain('k7q2m');
    const wrong = await send({ from: 'tess@nodmarc.test', to: 'id4@judge.example.org', text: 'Password: guess\nF ANK - ARM' });
    expect(wrong).toMatchObject({ kind: 'refused', reason: 'identity: secret-wrong' });
    expect(await mailTo('id4-gm@example.org', 'impersonation-alert')).toHaveLength(1);
    const missing = await send({ from: 'tess@nodmarc.test', to: 'id4@judge.example.org', text: 'F ANK - ARM' });
    expect(missing).toMatchObject({ kind: 'refused', reason: 'identity: secret-missing' });
    // A forgotten secret is no alarm: the GM is not told (still the one alert above), and the refusal says so.
    expect(await mailTo('id4-gm@example.org', 'impersonation-alert')).toHaveLength(1);
    const refusals = await mailTo('tess@nodmarc.test', 'orders-refused');
    expect(refusals.at(-1)!.body_text).toContain('tell the GM: no one may send orders in your name (D.X(6)); the GM has not been told of this one');
    expect(refusals.at(-1)!.body_text).not.toContain('the GM has been told');
  });
});

describe('who may order, and where (D.II(2), D.II(3))', () => {
  it('refuses proxy orders and tells the power\'s own player and the GM', async () => {
    await gameWithPlayers(t.db, 'px1', deadline);
    await gameWithPlayers(t.db, 'px2', deadline);
    // px2's Germany (a registered player, of another game) orders France's units in px1.
    const r = await send({ from: 'px2-germany@example.org', to: 'px1@judge.example.org', text: 'A PAR - BUR\nA MAR - SPA\nF BRE - MAO' });
    expect(r).toMatchObject({ kind: 'refused', reason: 'proxy' });
    expect((await mailTo('px2-germany@example.org', 'orders-refused'))[0]!.body_text).toContain('D.II(3)');
    expect((await mailTo('px1-france@example.org', 'proxy-alert'))[0]!.subject).toBe('[px1] Alert: orders for FRANCE from someone else');
    expect(await mailTo('px1-gm@example.org', 'proxy-alert')).toHaveLength(1);
    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'mail.refused').where('game_id', '=', 'px1').execute();
    expect(audit.map((a) => (a.detail as { power: string }).power)).toContain('FRANCE');
  });

  it('a player ordering another power\'s units: those lines are not used, and that power\'s player and the GM are told', async () => {
    await gameWithPlayers(t.db, 'px3', deadline);
    const r = await send({ from: 'px3-russia@example.org', to: 'px3@judge.example.org', text: 'A MOS - UKR\nF ANK - BLA\nA CON - BUL' });
    expect(r).toMatchObject({ kind: 'orders', power: 'RUSSIA' });
    expect((await findOrderSets(t.db, 'px3', 'S1901M'))[0]!.orders).toEqual(['A MOS - UKR']);
    expect((await mailTo('px3-turkey@example.org', 'proxy-alert'))[0]!.subject).toBe('[px3] Alert: orders for TURKEY from someone else');
    expect(await mailTo('px3-gm@example.org', 'proxy-alert')).toHaveLength(1);
    expect((await mailTo('px3-russia@example.org', 'orders-received'))[0]!.body_text).toContain('not yours');
    // A message without such lines alerts nobody.
    await send({ from: 'px3-russia@example.org', to: 'px3@judge.example.org', text: 'A MOS - SEV' });
    expect(await mailTo('px3-turkey@example.org', 'proxy-alert')).toHaveLength(1);
  });

  it('refuses a set without the game\'s address in To or Cc, naming the address', async () => {
    await gameWithPlayers(t.db, 'adr', deadline);
    const r = await send({ from: 'adr-russia@example.org', to: 'someone@example.org', subject: '[adr] orders', text: 'A MOS - UKR' });
    expect(r).toMatchObject({ kind: 'refused' });
    expect((await mailTo('adr-russia@example.org', 'orders-refused'))[0]!.body_text).toContain('adr@judge.example.org was not in To or Cc (D.II(2))');
  });

  it('answers an unknown sender once, ever', async () => {
    await send({ from: 'stranger@example.org', to: 'id1@judge.example.org', text: 'A PAR - BUR' });
    await send({ from: 'stranger@example.org', to: 'id1@judge.example.org', text: 'A PAR - PIC' });
    await send({ from: 'stranger@example.org', to: 'nobody@judge.example.org', text: 'hello?' });
    const replies = await mailTo('stranger@example.org');
    expect(replies.map((m) => m.kind)).toEqual(['unknown-sender']);
    const decisions = await t.db.selectFrom('inbound_decisions').select('outcome').where('from_address', '=', 'stranger@example.org').execute();
    expect(decisions).toHaveLength(3); // every message stored and decided, none dropped
  });

  it('never answers bounces, auto-replies or its own mail', async () => {
    await gameWithPlayers(t.db, 'loop', deadline);
    expect(await send({ from: 'loop-austria@example.org', to: 'loop@judge.example.org', text: 'I am away', headers: { 'Auto-Submitted': 'auto-replied' } })).toMatchObject({ kind: 'ignored' });
    expect(await send({ from: 'MAILER-DAEMON@example.org', to: 'loop@judge.example.org', subject: 'Undelivered Mail Returned to Sender', text: 'failed', headers: { 'Content-Type': 'text/plain' } })).toMatchObject({ kind: expect.stringMatching(/ignored|refused/) });
    expect(await send({ from: 'judge@judge.example.org', to: 'loop@judge.example.org', text: 'x' })).toMatchObject({ kind: 'ignored', reason: 'our own mail' });
    expect(await mailTo('loop-austria@example.org')).toHaveLength(0);
  });

  it('answers one sender at most N times an hour', async () => {
    await gameWithPlayers(t.db, 'rate', deadline);
    for (let i = 0; i < 4; i++) await send({ from: 'rate-austria@example.org', to: 'rate@judge.example.org', text: 'HELP' }, before, { ctx: { repliesPerHour: 2 } });
    expect(await mailTo('rate-austria@example.org')).toHaveLength(2);
  });
});

describe('nothing stored is left undecided', () => {
  it('a message stored by a process that died before deciding is decided by the retry sweep, once', async () => {
    await gameWithPlayers(t.db, 'crash', deadline);
    const raw = await domains.build({ from: 'crash-france@example.org', to: 'crash@judge.example.org', text: 'A PAR - BUR', messageId: '<crash-1@example.org>' });
    // What the dead process did: the raw row, nothing else.
    const stored = await insertInboundMessage(t.db, { raw, receivedAt: before, source: 'pipe', mailbox: 'pipe:game', messageId: '<crash-1@example.org>' });
    expect(await retryUndecided(t.db, ctx, { graceMs: 0 })).toBe(1);
    expect(await retryUndecided(t.db, ctx, { graceMs: 0 })).toBe(0);
    const d = await t.db.selectFrom('inbound_decisions').select('outcome').where('inbound_message_id', '=', stored.id).execute();
    expect(d).toEqual([{ outcome: 'orders' }]);
    // The MTA's retry of the same delivery is now a duplicate.
    expect(await receiveMessage(t.db, ctx, { raw, receivedAt: before, source: 'pipe', role: 'game', mailbox: 'pipe:game' })).toMatchObject({ kind: 'duplicate' });
    expect(await mailTo('crash-france@example.org', 'orders-received')).toHaveLength(1);
  });
});

describe('a player\'s own abbreviations (D.III(1))', () => {
  it('registered at the outset, they read that player\'s later orders, and only theirs', async () => {
    await gameWithPlayers(t.db, 'abr', deadline);
    const first = await send({ from: 'abr-france@example.org', to: 'abr@judge.example.org', text: 'ABBREVIATIONS: Bg = Burgundy, Mo = Mid-Atlantic Ocean\nA Par - Bg' });
    expect(first).toMatchObject({ kind: 'orders' });
    const later = await send({ from: 'abr-france@example.org', to: 'abr@judge.example.org', text: 'A Par - Bg\nF Bre - Mo' });
    expect(later).toMatchObject({ kind: 'orders' });
    const sets = await findOrderSets(t.db, 'abr', 'S1901M');
    expect(sets.map((s) => s.orders)).toEqual([['A PAR - BUR'], ['A PAR - BUR', 'F BRE - MAO']]);
    // Another player's list does not apply to France, and France's is not anyone else's.
    // England's line is not understood, so it is no set at all (D.III(3)): nothing for ENGLAND is stored.
    expect(await send({ from: 'abr-england@example.org', to: 'abr@judge.example.org', text: 'A Lvp - Bg' })).toMatchObject({ kind: 'noOrders' });
    expect((await findOrderSets(t.db, 'abr', 'S1901M')).filter((s) => s.power === 'ENGLAND')).toEqual([]);
  });
});

describe('commands', () => {
  it('HELP and STATUS: the help text, and what the judge holds for me now', async () => {
    await gameWithPlayers(t.db, 'cmd', deadline);
    await send({ from: 'cmd-germany@example.org', to: 'cmd@judge.example.org', text: 'A BER - KIE\nA MUN - RUH\nF KIE - DEN' });
    await send({ from: 'cmd-germany@example.org', to: 'cmd@judge.example.org', text: 'STATUS\nHELP' });
    const [status] = await mailTo('cmd-germany@example.org', 'status');
    expect(status!.body_text).toContain('The one that counts now');
    expect(status!.body_text).toContain('A MUN - RUH');
    expect(status!.body_text).toContain('PRELIMINARY');
    const [help] = await mailTo('cmd-germany@example.org', 'help');
    expect(help!.body_text).toContain('You play GERMANY');
    // A STATUS-only message does not replace the set (D.III(3)).
    expect(await findOrderSets(t.db, 'cmd', 'S1901M')).toHaveLength(1);
  });

  it('GM by email: PROCESS guarded by the phase name, STATUS without the orders', async () => {
    await gameWithPlayers(t.db, 'gmc', deadline);
    await send({ from: 'gmc-italy@example.org', to: 'gmc@judge.example.org', text: 'A VEN - PIE\nFinal' });
    await send({ from: 'gmc-gm@example.org', to: 'gmc@judge.example.org', text: 'PROCESS F1901M\nSTATUS\nEXTEND 2 days' });
    const [first] = await mailTo('gmc-gm@example.org', 'gm-reply');
    expect(first!.body_text).toContain('PROCESS F1901M: refused, the open phase is S1901M');
    expect(first!.body_text).toMatch(/ITALY\s+FINAL/);
    expect(first!.body_text).toMatch(/ENGLAND\s+no orders/);
    expect(first!.body_text).not.toContain('VEN');
    expect(first!.body_text).toContain('"EXTEND 2 days" is not a command');
    // EXTEND by email: the deadline moves, in the same transaction as the decision, and every player is told.
    await send({ from: 'gmc-gm@example.org', to: 'gmc@judge.example.org', text: 'EXTEND 24\nREFUSE EXTENSION TURKEY' });
    const phase = await t.db.selectFrom('phases').select('deadline').where('game_id', '=', 'gmc').where('name', '=', 'S1901M').executeTakeFirstOrThrow();
    expect(phase.deadline.toISOString()).toBe('2030-05-02T12:00:00.000Z');
    const [second] = (await mailTo('gmc-gm@example.org', 'gm-reply')).slice(1);
    expect(second!.body_text).toContain('EXTEND 24: ');
    expect(second!.body_text).toContain('REFUSE EXTENSION TURKEY: refused, TURKEY has no extension request waiting');
    expect(await mailTo('gmc-england@example.org', 'deadline-changed')).toHaveLength(1);
    // D.VII(2): early only when every set is Final; D.VII(6)(b): no override while powers have no orders.
    await send({ from: 'gmc-gm@example.org', to: 'gmc@judge.example.org', subject: 'PROCESS S1901M', text: '' });
    const [third] = (await mailTo('gmc-gm@example.org', 'gm-reply')).slice(2);
    expect(third!.body_text).toContain('PROCESS S1901M: refused. S1901M cannot be adjudicated early now (D.VII(2)');
    expect(third!.body_text).toContain('not every set is marked Final (AUSTRIA no orders, ENGLAND no orders, FRANCE no orders, GERMANY no orders, RUSSIA no orders, TURKEY no orders)');
    await send({ from: 'gmc-gm@example.org', to: 'gmc@judge.example.org', subject: 'PROCESS S1901M OVERRIDE a test', text: '' });
    const [fourth] = (await mailTo('gmc-gm@example.org', 'gm-reply')).slice(3);
    expect(fourth!.body_text).toContain('PROCESS S1901M OVERRIDE: refused. S1901M allows no NMR (D.VII(6)(b))');
    const jobs = await sql<{ run_at: Date }>`SELECT run_at FROM graphile_worker.jobs WHERE key = 'adjudicate:gmc:S1901M'`.execute(t.db);
    expect(jobs.rows.map((r) => r.run_at.toISOString())).toEqual(['2030-05-02T12:00:00.000Z']);
  });
});

describe('the deadline, to the second (D.VII(1), D.VII(3))', () => {
  it('at the deadline is on time; one second later is late and refused', async () => {
    await gameWithPlayers(t.db, 'dl1', deadline);
    expect(await send({ from: 'dl1-austria@example.org', to: 'dl1@judge.example.org', text: 'A VIE - GAL' }, deadline)).toMatchObject({ kind: 'orders' });
    expect(await send({ from: 'dl1-austria@example.org', to: 'dl1@judge.example.org', text: 'A VIE - TRI' }, new Date(deadline.getTime() + 1000))).toMatchObject({ kind: 'refused', reason: 'late' });
    const [late] = await mailTo('dl1-austria@example.org', 'orders-refused');
    expect(late!.subject).toBe('[dl1] AUSTRIA S1901M: late, not accepted');
    expect((await findOrderSets(t.db, 'dl1', 'S1901M')).map((s) => s.orders)).toEqual([['A VIE - GAL']]);
  });

  it('a game that accepts late orders until adjudication takes the late set', async () => {
    await gameWithPlayers(t.db, 'dl2', deadline);
    await t.db.updateTable('games').set({ late_orders: 'accept-until-adjudication' }).where('id', '=', 'dl2').execute();
    expect(await send({ from: 'dl2-austria@example.org', to: 'dl2@judge.example.org', text: 'A VIE - TRI' }, new Date(deadline.getTime() + 1000))).toMatchObject({ kind: 'orders' });
    expect((await mailTo('dl2-austria@example.org', 'orders-received'))[0]!.body_text).toContain('accepts late orders until adjudication starts');
  });
});

describe('the confirmation mailbox (D.VII(1), D.VII(7))', () => {
  const orders = 'F LON - NTH\nF EDI - NWG\nA LVP - YOR\nFinal';
  const early = new Date(deadline.getTime() - 30_000);
  const late = new Date(deadline.getTime() + 90_000);
  // England's preliminary set an hour before the deadline: she is no missing power, so the 1901
  // withholding (D.VII(6)(b), which takes a missing power's late set) does not apply and a copy that
  // counts only at its own late time is refused (D.VII(3)).
  const inTime = async (id: string, players: Map<string, { id: number }>) => {
    await insertOrderSet(t.db, { gameId: id, phase: 'S1901M', power: 'ENGLAND', personId: players.get('ENGLAND')!.id, receivedAt: new Date(deadline.getTime() - 3_600_000), final: false, sheet: {}, orders: ['F LON H'] });
  };

  it('confirms every copy with its time and SHA-256; the earlier copy naming the game counts', async () => {
    await gameWithPlayers(t.db, 'cf1', deadline);
    const raw = await domains.build({ from: 'cf1-england@example.org', to: 'cf1@judge.example.org', cc: 'confirm@judge.example.org', text: orders, messageId: '<dispute-1@example.org>' });
    const c = await receiveMessage(t.db, ctx, { raw, receivedAt: early, source: 'pipe', role: 'confirm', mailbox: 'pipe:confirm' });
    expect(c).toMatchObject({ kind: 'confirmed', gameId: 'cf1', addressed: true });
    const [receipt] = await mailTo('cf1-england@example.org', 'confirmation-receipt');
    const sha = (await t.db.selectFrom('inbound_messages').select('sha256').where('id', '=', c.inboundId).executeTakeFirstOrThrow()).sha256;
    expect(receipt!.from_address).toBe('confirm@judge.example.org');
    expect(receipt!.body_text).toContain(`SHA-256:     ${sha}`);
    expect(receipt!.body_text).toContain('Received:    Wednesday 1 May 2030, 11:59:30 GMT');
    expect(receipt!.body_text).toContain('this copy counts');
    expect(receipt!.body_text).toContain('F LON - NTH');
    // The game mailbox gets the same message 90 s after the deadline: it counts at the confirmation time.
    const g = await receiveMessage(t.db, ctx, { raw, receivedAt: late, source: 'pipe', role: 'game', mailbox: 'pipe:game' });
    expect(g).toMatchObject({ kind: 'orders', power: 'ENGLAND' });
    const [set] = await findOrderSets(t.db, 'cf1', 'S1901M');
    expect(set!.receivedAt.toISOString()).toBe(early.toISOString());
    expect((await mailTo('cf1-england@example.org', 'orders-received'))[0]!.body_text).toContain('counts as received at Wednesday 1 May 2030, 11:59:30 GMT');
  });

  it('the game copy refused as late is accepted when the earlier confirmation copy arrives after it', async () => {
    await inTime('cf2', (await gameWithPlayers(t.db, 'cf2', deadline)).players);
    const raw = await domains.build({ from: 'cf2-england@example.org', to: 'cf2@judge.example.org', cc: 'confirm@judge.example.org', text: orders, messageId: '<dispute-2@example.org>' });
    expect(await receiveMessage(t.db, ctx, { raw, receivedAt: late, source: 'pipe', role: 'game', mailbox: 'pipe:game' })).toMatchObject({ kind: 'refused', reason: 'late' });
    expect(await findOrderSets(t.db, 'cf2', 'S1901M')).toHaveLength(1); // the preliminary set alone
    await receiveMessage(t.db, ctx, { raw, receivedAt: early, source: 'pipe', role: 'confirm', mailbox: 'pipe:confirm' });
    const sets = await findOrderSets(t.db, 'cf2', 'S1901M');
    expect(sets).toHaveLength(2);
    expect(sets.map((x) => x.receivedAt.toISOString()).sort().at(-1)).toBe(early.toISOString());
    expect((await mailTo('cf2-england@example.org', 'orders-received'))[0]!.body_text).toContain('counts as received at');
  });

  it('the two copies read at the same moment (two mailboxes, two connections): one set, timed by the earlier copy', async () => {
    for (let i = 0; i < 5; i++) {
      const id = `cf-race${i}`;
      await inTime(id, (await gameWithPlayers(t.db, id, deadline)).players);
      const raw = await domains.build({ from: `${id}-england@example.org`, to: `${id}@judge.example.org`, cc: 'confirm@judge.example.org', text: orders, messageId: `<race-${i}@example.org>` });
      const outcomes = await Promise.all([
        receiveMessage(t.db, ctx, { raw, receivedAt: late, source: 'pipe', role: 'game', mailbox: 'pipe:game' }),
        receiveMessage(t.db, ctx, { raw, receivedAt: early, source: 'pipe', role: 'confirm', mailbox: 'pipe:confirm' }),
      ]);
      expect(outcomes[1]).toMatchObject({ kind: 'confirmed', addressed: true });
      const sets = await findOrderSets(t.db, id, 'S1901M');
      expect(sets.map((x) => x.receivedAt.toISOString()).sort()).toEqual([new Date(deadline.getTime() - 3_600_000).toISOString(), early.toISOString()]);
    }
  });

  it('a power with no set by a 1901 movement deadline: its late copy is taken before the judge has withheld the results, and the acknowledgement says why (D.VII(6)(b))', async () => {
    await gameWithPlayers(t.db, 'cf4', deadline);
    const raw = await domains.build({ from: 'cf4-england@example.org', to: 'cf4@judge.example.org', text: orders, messageId: '<late-1901@example.org>' });
    expect(await receiveMessage(t.db, ctx, { raw, receivedAt: late, source: 'pipe', role: 'game', mailbox: 'pipe:game' })).toMatchObject({ kind: 'orders', power: 'ENGLAND' });
    const ack = (await mailTo('cf4-england@example.org', 'orders-received'))[0]!.body_text.replace(/\s+/g, ' ');
    expect(ack).toContain('This game does not accept late orders (D.VII(3)), but the S1901M results are withheld until the missing powers\' orders are in (D.VII(6)(b)), so your set is accepted');
  });

  it('a confirmation copy without the game\'s address does not count', async () => {
    await inTime('cf3', (await gameWithPlayers(t.db, 'cf3', deadline)).players);
    const confirmOnly = await domains.build({ from: 'cf3-england@example.org', to: 'confirm@judge.example.org', subject: '[cf3] orders', text: orders, messageId: '<dispute-3@example.org>' });
    expect(await receiveMessage(t.db, ctx, { raw: confirmOnly, receivedAt: early, source: 'pipe', role: 'confirm', mailbox: 'pipe:confirm' })).toMatchObject({ kind: 'confirmed', addressed: false });
    expect((await mailTo('cf3-england@example.org', 'confirmation-receipt'))[0]!.body_text).toContain('is NOT in To or Cc: this copy does not count (D.VII(7))');
    const gameCopy = await domains.build({ from: 'cf3-england@example.org', to: 'cf3@judge.example.org', text: orders, messageId: '<dispute-3@example.org>' });
    expect(await receiveMessage(t.db, ctx, { raw: gameCopy, receivedAt: late, source: 'pipe', role: 'game', mailbox: 'pipe:game' })).toMatchObject({ kind: 'refused', reason: 'late' });
  });

  it('the TD\'s audit settles the dispute from the archive, and shows tampering', async () => {
    const r = await runAudit(t.db, { game: 'cf1', power: 'ENGLAND', phase: 'S1901M' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const j = r.json as { receipts: { mailbox: string; receivedAt: string; outcome: string }[]; counted: { counts: { receivedAt: string; orders: string[] } }[]; integrity: { verified: boolean } };
    expect(j.receipts.map((x) => [x.mailbox, x.receivedAt, x.outcome])).toEqual([
      ['confirm', '2030-05-01 11:59:30 GMT', 'confirmed'],
      ['game', '2030-05-01 12:01:30 GMT', 'orders'],
    ]);
    expect(j.counted[0]!.counts).toMatchObject({ receivedAt: '2030-05-01 11:59:30 GMT', orders: ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'] });
    expect(j.integrity.verified).toBe(true);
    expect(r.text).toContain('Integrity: verified');
    expect(await verifyAuditChain(t.db)).toBeNull();

    // Someone with database superuser rights rewrites the archived confirmation copy.
    await sql`ALTER TABLE inbound_messages DISABLE TRIGGER inbound_messages_append_only`.execute(t.db);
    await sql`UPDATE inbound_messages SET raw = convert_to('forged', 'UTF8') WHERE message_id = '<dispute-1@example.org>' AND mailbox = 'pipe:confirm'`.execute(t.db);
    await sql`ALTER TABLE inbound_messages ENABLE TRIGGER inbound_messages_append_only`.execute(t.db);
    const after = await runAudit(t.db, { game: 'cf1', power: 'ENGLAND' });
    expect(after.ok && (after.json as { integrity: { verified: boolean } }).integrity.verified).toBe(false);
    expect(after.ok && after.text).toContain('Integrity: NOT verified');
  });
});
