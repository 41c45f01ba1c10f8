/**
 * Issue 25 items 1–4 through the SMTP listener (src/mail/sources/smtp-listener.ts) on a real
 * PostgreSQL, every DNS look-up failing (a domain that publishes nothing, so the secret decides):
 * - a forged GM `EXTEND 48` and a forged TD `HOLIDAY` are refused and alarmed; the mails the real GM
 *   and TD receive are checked, and nothing was done;
 * - 100 forgeries in France's name cost France nothing: France hears of 3 (the identity budget), the
 *   GM once of the burst, and France's real FINAL set is acknowledged — as is every accepted set past
 *   France's own hourly cap;
 * - auto-responders (only `X-Autoreply: yes`; the null sender; a plain vacation text) are answered
 *   once a day, out of a budget of their own;
 * - `From: Italy (Player <italy@…>` is read as Italy's set; a From with no address at all is
 *   quarantined, attributed by the SMTP envelope to ITALY.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { runTournamentCreate } from '../../src/cli/commands/tournament.js';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import { findPhase } from '../../src/db/phases.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR } from '../../src/rules/limits.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import { receiveMessage, type ReceiveContext } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
const G = 'afl1';
const GAME = `${G}@judge.example.org`;
const GM = 'gail@nodmarc.test';
const TD = 'tessa@nodmarc.test';
const addr = (p: string) => `${p.toLowerCase()}@nodmarc.test`;
const HOUR = 3_600_000;
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};

let t: TestDatabase;
let listener: SmtpListener;
let clock = new Date();
let ownPerHour: number | undefined;
const ctx = (): ReceiveContext => ({ fromAddress: JUDGE, auth: { resolver }, now: () => clock, ...(ownPerHour ? { repliesPerHour: ownPerHour } : {}) });
let n = 0;
const secrets = new Map<string, string>();

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  expect(await runTournamentCreate(t.db, { slug: 'afl', name: 'Auth Masters', td: { email: TD, name: 'Tessa TD' } }, 'test', { fromAddress: JUDGE, now: clock })).toMatchObject({ ok: true });
  const r = await runGameCreate(t.db, {
    id: G, address: GAME, gm: { email: GM, name: 'Gail GM' }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
    tournament: 'afl', round: 1, board: G, deadline: new Date(clock.getTime() + 120 * HOUR),
    players: POWERS.map((power) => ({ power, name: `${power} player`, email: addr(power), timeZone: 'UTC', where: power })),
  }, 'test', clock, JUDGE);
  expect(r.ok).toBe(true);
  // Every role's secret, from the mail that issued it (the judge keeps only hashes).
  const issued = await t.db.selectFrom('outbox').select(['to_address', 'body_text']).where('kind', 'in', ['game-start', 'td-named']).execute();
  for (const m of issued) {
    const s = /Your secret: ([a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5})/.exec(m.body_text)?.[1];
    if (s) secrets.set(m.to_address, s);
  }
  listener = await startSmtpListener({ port: 0, accepts: async (a) => (a === GAME ? 'game' : undefined), handle: (m) => receiveMessage(t.db, ctx(), m), logger: SILENT_LOGGER });
});
afterAll(async () => {
  await listener?.stop();
  await t.close();
});

/** One message through the listener; its decision. */
async function send(o: { from: string; text: string; subject?: string; envelopeFrom?: string; headers?: Record<string, string>; raw?: string }) {
  const id = `<afl-${++n}@nodmarc.test>`;
  const raw = o.raw !== undefined
    ? Buffer.from(o.raw.replace('MESSAGE-ID', id))
    : await new MailComposer({ from: o.from, to: GAME, subject: o.subject ?? 'orders', text: o.text, messageId: id, ...(o.headers ? { headers: o.headers } : {}) }).compile().build();
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: o.envelopeFrom ?? o.from, to: [GAME] }, raw });
  } finally {
    transport.close();
  }
  const row = await t.db.selectFrom('inbound_messages').innerJoin('inbound_decisions', 'inbound_decisions.inbound_message_id', 'inbound_messages.id').selectAll('inbound_decisions').where('inbound_messages.message_id', '=', id).executeTakeFirstOrThrow();
  return row;
}

const mailsTo = (to: string, kind: string) => t.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();

describe('every role is issued a secret', () => {
  it('the GM, the TD and every player have one; the start mail says how each role proves who they are', async () => {
    expect([...secrets.keys()].sort()).toEqual([GM, TD, ...POWERS.map(addr)].sort());
    const gmStart = (await mailsTo(GM, 'game-start'))[0]!.body_text;
    expect(gmStart).toContain(`Add the line "Secret: ${secrets.get(GM)}" to every GM command (required when your mail domain publishes no DMARC policy).`);
    expect(gmStart).toContain('A GM command without it is refused, and the TD is told.');
    expect(gmStart).toContain('As the GM you prove who you are the same way for your commands (the TD too, with a secret of their own).');
    const playerStart = (await mailsTo(addr('FRANCE'), 'game-start'))[0]!.body_text;
    expect(playerStart).toContain('The GM and the TD prove who they are the same way, with secrets of their own, for their commands.');
    const tdMail = (await mailsTo(TD, 'td-named'))[0]!;
    expect(tdMail.subject).toBe('[afl] You are the Tournament Director of Auth Masters');
    expect(tdMail.body_text).toContain(`Add the line "Secret: ${secrets.get(TD)}" to every TD command`);
  });
});

describe('forged GM and TD commands', () => {
  it('a forged EXTEND 48 is refused: nothing moves, the real GM is told, the TD alarmed, the alarm audited', async () => {
    const before = (await findPhase(t.db, G, 'S1901M'))!;
    const d = await send({ from: `Gail GM <${GM}>`, envelopeFrom: 'attacker@evil.test', text: 'EXTEND 48', subject: 'extend' });
    expect(d).toMatchObject({ outcome: 'refused', reason: 'identity: secret-missing', replied: true, reply_budget: 'identity' });
    const after = (await findPhase(t.db, G, 'S1901M'))!;
    expect(after.deadline).toEqual(before.deadline);
    expect(after.deadlineSequence).toBe(0);
    expect(await t.db.selectFrom('outbox').select('id').where('kind', '=', 'deadline-changed').execute()).toHaveLength(0);
    const [refusal] = await mailsTo(GM, 'identity-refused');
    expect(refusal!.subject).toBe(`[${G}] Not carried out: a message in your name could not be verified`);
    expect(refusal!.body_text).toContain('(subject "extend") was refused:\nthe judge could not verify that it came from you, so none of its commands was carried out.');
    expect(refusal!.body_text).toContain(`Also told: Tessa TD <${TD}>.`);
    const [alarm] = await mailsTo(TD, 'impersonation-alert');
    expect(alarm!.subject).toBe(`[${G}] Alert: a message in ${GM}'s name failed verification`);
    expect(alarm!.body_text).toContain(`A message claiming to come from ${GM} (the GM) was refused`);
    expect(alarm!.body_text).toContain("It would have given the GM's commands; none of them was carried out.");
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'identity.alarm').execute();
    expect(audit.map((a) => a.detail)).toEqual([expect.objectContaining({ claimed: GM, role: 'gm', code: 'secret-missing', alerted: [TD] })]);

    // The real GM, with the secret: carried out (48 hours later than the deadline that stood).
    const real = await send({ from: `Gail GM <${GM}>`, text: `EXTEND 48\nSecret: ${secrets.get(GM)}`, subject: 'extend' });
    expect(real).toMatchObject({ outcome: 'command' });
    const extended = (await findPhase(t.db, G, 'S1901M'))!;
    expect(extended.deadline.getTime() - before.deadline.getTime()).toBe(48 * HOUR);
  });

  it('a forged TD HOLIDAY is refused: no holiday, the real TD told, the GM alarmed', async () => {
    const d = await send({ from: `Tessa TD <${TD}>`, envelopeFrom: 'attacker@evil.test', text: 'HOLIDAY Carnival FROM 2030-02-10T00:00Z TO 2030-02-12T00:00Z', subject: 'holiday' });
    expect(d).toMatchObject({ outcome: 'refused', reason: 'identity: secret-missing' });
    expect(await t.db.selectFrom('holidays').select('id').execute()).toHaveLength(0);
    const [refusal] = await mailsTo(TD, 'identity-refused');
    expect(refusal!.body_text).toContain('(the secret the judge sent you as the TD of this game;');
    expect(refusal!.body_text).toContain(`Also told: Gail GM <${GM}>.`);
    const [alarm] = await mailsTo(GM, 'impersonation-alert');
    expect(alarm!.body_text).toContain(`A message claiming to come from ${TD} (the TD) was refused`);
  });
});

describe('a forgery never costs the real person anything', () => {
  it('100 forgeries in France\'s name: France told 3 times, the GM once; France\'s real FINAL set acknowledged', { timeout: 180_000 }, async () => {
    const france = addr('FRANCE');
    for (let i = 0; i < 100; i++) {
      const d = await send({ from: `FRANCE player <${france}>`, envelopeFrom: 'attacker@evil.test', text: 'A PAR - PIC\nA MAR - PIE\nF BRE - ENG\nFinal' });
      expect(d.reason).toBe('identity: secret-missing');
    }
    // 100 refusals recorded; 3 answered (MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR), 97 not.
    const refused = await t.db.selectFrom('inbound_decisions').select(['replied']).where('from_address', '=', france).where('reason', '=', 'identity: secret-missing').execute();
    expect(refused).toHaveLength(100);
    expect(refused.filter((r) => r.replied)).toHaveLength(MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR);
    expect(await mailsTo(france, 'orders-refused')).toHaveLength(3);
    // The GM: one alert for the burst (sent with the 4th forgery: 3 answered + 1), none per forgery.
    const burst = await mailsTo(GM, 'forgery-burst');
    expect(burst).toHaveLength(1);
    expect(burst[0]!.subject).toBe(`[${G}] Alert: a burst of messages in ${france}'s name failing verification (4 within the hour)`);
    expect(burst[0]!.body_text).toContain('this is the only alert for this burst');
    // The game kind's rule and tool: D.X(6) and `mailjudge audit` for a Diplomacy game (a Coalition game cites 1.3, 1.6).
    expect(burst[0]!.body_text).toContain('Each attempt is in the audit log (D.X(6)); `mailjudge audit` shows it to the TD.');
    expect((await mailsTo(GM, 'impersonation-alert')).filter((m) => m.body_text.includes(france))).toHaveLength(0);

    // France's real set, with the secret.
    const real = await send({ from: `FRANCE player <${france}>`, text: `A PAR - BUR\nA MAR - SPA\nF BRE - MAO\nFinal\nSecret: ${secrets.get(france)}` });
    expect(real).toMatchObject({ outcome: 'orders', power: 'FRANCE', replied: true, reply_budget: 'own' });
    const acks = await mailsTo(france, 'orders-received');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.subject).toBe(`[${G}] FRANCE S1901M: orders received (FINAL)`);
  });

  it('an accepted set is acknowledged even past the person\'s own hourly cap', async () => {
    ownPerHour = 1; // France has had 1 answer of her own this hour: the cap is reached
    try {
      const england = addr('ENGLAND');
      for (const text of ['F LON - NTH\nF EDI - NWG\nA LVP - YOR', 'F LON - ENG\nF EDI - NTH\nA LVP - YOR', 'F LON - ENG\nF EDI - NTH\nA LVP - WAL\nFinal']) {
        expect(await send({ from: england, text: `${text}\nSecret: ${secrets.get(england)}` })).toMatchObject({ outcome: 'orders', replied: true });
      }
      expect(await mailsTo(england, 'orders-received')).toHaveLength(3);
      // A message that is no set (STATUS) is held to the cap: 3 answers in the hour ≥ 1.
      expect(await send({ from: england, text: `STATUS\nSecret: ${secrets.get(england)}` })).toMatchObject({ replied: false });
    } finally {
      ownPerHour = undefined;
    }
  });
});

describe('From headers mailparser cannot read', () => {
  it('From: Italy (Player <italy@…> is read from the raw header: Italy\'s set, acknowledged', async () => {
    const italy = addr('ITALY');
    const raw = [`From: Italy (Player <${italy}>`, `To: ${GAME}`, 'Subject: orders', 'Message-ID: MESSAGE-ID', '', 'A VEN H', 'A ROM - APU', 'F NAP - ION', `Secret: ${secrets.get(italy)}`, ''].join('\r\n');
    const d = await send({ from: italy, text: '', raw });
    expect(d, JSON.stringify(d)).toMatchObject({ outcome: 'orders', power: 'ITALY', replied: true });
    expect(d.identity).toMatchObject({ method: 'secret', fromRecovered: expect.stringContaining(italy) });
    expect(await mailsTo(italy, 'orders-received')).toHaveLength(1);
  });

  it('a From with no address is quarantined, attributed to ITALY by the SMTP envelope', async () => {
    const italy = addr('ITALY');
    const raw = ['From: Italy (Player', `To: ${GAME}`, 'Subject: orders', 'Message-ID: MESSAGE-ID', '', 'A VEN H', ''].join('\r\n');
    const d = await send({ from: italy, text: '', raw });
    expect(d).toMatchObject({ outcome: 'quarantined', game_id: G, power: 'ITALY', from_address: italy });
    expect(d.reason).toBe(`the From header holds no address the judge can read unambiguously; the SMTP envelope names ${italy} (ITALY)`);
  });
});

describe('auto-responders are answered at most once a day', () => {
  const automaticReplies = (to: string) => mailsTo(to, 'automatic-reply');
  const ownReplies = (to: string) => t.db.selectFrom('inbound_decisions').select('replied').where('from_address', '=', to).where('reply_budget', '=', 'own').where('replied', '=', true).execute();

  it('only X-Autoreply: yes — 5 messages, 1 answer', async () => {
    const a = addr('TURKEY');
    for (let i = 0; i < 5; i++) {
      const d = await send({ from: a, subject: `Re: [${G}] orders`, text: 'I am away.', headers: { 'X-Autoreply': 'yes' } });
      expect(d).toMatchObject({ outcome: 'ignored', reason: 'automatic mail (X-Autoreply: yes): not read, answered at most once a day (RFC 3834)' });
    }
    const replies = await automaticReplies(a);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.subject).toBe(`[${G}] Automatic reply received, not read`);
    expect(await ownReplies(a)).toHaveLength(0);
  });

  it('the null sender — 3 messages, 1 answer', async () => {
    const a = addr('GERMANY');
    for (let i = 0; i < 3; i++) expect(await send({ from: a, envelopeFrom: '', text: 'Thank you for your message.' })).toMatchObject({ outcome: 'ignored', reason: expect.stringContaining('the null sender (MAIL FROM:<>)') });
    expect(await automaticReplies(a)).toHaveLength(1);
    expect(await ownReplies(a)).toHaveLength(0);
  });

  it('a plain vacation text — 3 messages, 1 answer; a day later, 1 more', async () => {
    const a = addr('AUSTRIA');
    const vacation = { from: a, subject: `Re: [${G}] S1901M orders received`, text: 'I am out of the office until Monday 3 June with limited access to email.' };
    for (let i = 0; i < 3; i++) expect(await send(vacation)).toMatchObject({ outcome: 'ignored', reason: expect.stringContaining('a vacation text and no order-like line') });
    expect(await automaticReplies(a)).toHaveLength(1);
    clock = new Date(clock.getTime() + 24 * HOUR + 1000);
    await send(vacation);
    await send(vacation);
    expect(await automaticReplies(a)).toHaveLength(2);
    expect(await ownReplies(a)).toHaveLength(0);
  });
});
