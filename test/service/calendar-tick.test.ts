/**
 * The calendar tick against a real PostgreSQL: reminders (once per lead time, one email per player,
 * never to civil disorder), the GM's digest (what it shows and what it never shows), early
 * adjudication scheduled and cancelled, the replacement procedure after a contact deadline (captain,
 * reserves, civil disorder), a temporary replacement whose declared phase opens (the player plays again, B.7), and a publication postponed
 * out of a window.
 */
import { afterOrderSet } from '../../src/service/diplomacy/after-order-set.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAbsence } from '../../src/service/gm/absence.js';
import { runReplace } from '../../src/service/gm/replace.js';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { insertDecision } from '../../src/db/inbound-decisions.js';
import { insertNmrNotice, startCivilDisorder } from '../../src/db/nmr-notices.js';
import { findPhase } from '../../src/db/phases.js';
import { findCurrentPositions } from '../../src/db/positions.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { contactDeadline } from '../../src/diplomacy/calendar/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { calendarTickTask } from '../../src/service/diplomacy/calendar-tick.js';
import { readEvent } from '../helpers/ics.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, communicate, mails, orders, storedMessage } from './fixtures.js';
import { JUDGE } from './sim.js';
import { withAttachments } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const D = new Date('2030-06-07T12:00:00Z'); // a Friday
const before = (h: number) => new Date(D.getTime() - h * HOUR);
const ctx = (now: Date) => ({ now: () => now, fromAddress: JUDGE });
const tick = (now: Date) => calendarTickTask(t.db, ctx(now));

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function jobs(prefix: string): Promise<{ key: string; run_at: Date }[]> {
  const rows = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never]).execute();
  return (rows as { key: string | null; run_at: Date }[]).filter((r) => r.key?.startsWith(prefix)) as { key: string; run_at: Date }[];
}

describe('reminders', () => {
  it('go once per lead time to players who have not ordered or are preliminary, never to civil disorder', async () => {
    const g = await calendarGame(t.db, 'rem', { deadline: D });
    await saveCalendarSettings(t.db, 'rem', { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [], digestTimes: [] }, before(100));
    for (const p of ['AUSTRIA', 'FRANCE', 'RUSSIA', 'TURKEY'] as const) await orders(t.db, g, p, 'S1901M', before(48), true);
    await orders(t.db, g, 'ENGLAND', 'S1901M', before(48), false);
    await startCivilDisorder(t.db, 'rem', 'GERMANY', before(48), 'test');
    await tick(before(25));
    expect(await mails(t.db, 'rem', 'reminder')).toHaveLength(0);
    await tick(before(24));
    await tick(before(23)); // nothing new
    expect((await mails(t.db, 'rem', 'reminder')).map((m) => [m.to, m.subject])).toEqual([
      ['rem-england@example.org', '[rem] Reminder: S1901M orders for ENGLAND are only preliminary'],
      ['rem-italy@example.org', '[rem] Reminder: S1901M orders for ITALY not received'],
    ]);
    await orders(t.db, g, 'ENGLAND', 'S1901M', before(10), true);
    await tick(before(6));
    expect((await mails(t.db, 'rem', 'reminder')).map((m) => m.to)).toEqual(['rem-england@example.org', 'rem-italy@example.org', 'rem-italy@example.org']);
    expect((await mails(t.db, 'rem', 'reminder'))[2]!.body).toContain('Time left: 6 hours 0 minutes');
    // Reminders carry the deadline's calendar event too (issue #15): the phase's UID, its revision.
    const events = await withAttachments(t.db, await t.db.selectFrom('outbox').select('attachments').where('game_id', '=', 'rem').where('kind', '=', 'reminder').execute());
    expect(events.map((e) => readEvent(Buffer.from(e.attachments[0]!.content, 'base64').toString('utf8')).event['UID'])).toEqual(['rem.s1901m@judge.example.org', 'rem.s1901m@judge.example.org', 'rem.s1901m@judge.example.org']);
  });

  it('a tick after an outage sends one email per player covering every lead time missed', async () => {
    await calendarGame(t.db, 'rem-late', { deadline: D });
    await saveCalendarSettings(t.db, 'rem-late', { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [], digestTimes: [] }, before(100));
    await tick(before(5));
    const sent = await mails(t.db, 'rem-late', 'reminder');
    expect(sent).toHaveLength(7);
    const keys = await t.db.selectFrom('calendar_sent').select('key').where('game_id', '=', 'rem-late').execute();
    expect(keys).toHaveLength(14); // 7 powers × 2 lead times, all marked sent
    await tick(before(4));
    expect(await mails(t.db, 'rem-late', 'reminder')).toHaveLength(7);
  });
});

describe("the GM's digest", () => {
  it('shows statuses, pending requests, absences, alarms and refusals, never votes or gray authors', async () => {
    const g = await calendarGame(t.db, 'dig', { deadline: D, policies: { pressRule: 'B' } });
    await saveCalendarSettings(t.db, 'dig', { turnHours: {}, reminderLeadHours: [], digestLeadHours: [12], digestTimes: [] }, before(200));
    await orders(t.db, g, 'FRANCE', 'S1901M', before(30), true);
    await orders(t.db, g, 'ENGLAND', 'S1901M', before(29), false);
    await runAbsence(t.db, { gameId: 'dig', power: 'ENGLAND', from: { day: 'Sat', time: '06:00' }, to: { day: 'Sat', time: '10:00' }, clear: false }, { actor: 'cli:gm', now: before(100), fromAddress: JUDGE });
    await communicate(t.db, g, 'ITALY', 'EXTENSION 24h', before(90)); // guaranteed: granted, deadline +24h
    const d2 = (await findPhase(t.db, 'dig', 'S1901M'))!.deadline;
    await communicate(t.db, g, 'ITALY', 'EXTENSION 12h', before(80)); // needs the GM
    await communicate(t.db, g, 'GERMANY', 'GRAY PRESS TO ALL\nsecret author\nEND PRESS\nPROPOSE DRAW FRANCE GERMANY\nVOTE YES', before(70));
    const m1 = await storedMessage(t.db, before(60));
    await insertDecision(t.db, { inboundMessageId: m1, role: 'game', decidedAt: before(60), fromAddress: 'dig-turkey@example.org', gameId: 'dig', power: 'TURKEY', outcome: 'refused', reason: 'identity: dmarc-fail', replied: false });
    const m2 = await storedMessage(t.db, before(59));
    await insertDecision(t.db, { inboundMessageId: m2, role: 'game', decidedAt: before(59), fromAddress: 'stranger@elsewhere.org', gameId: 'dig', power: 'RUSSIA', outcome: 'refused', reason: 'proxy orders (D.II(3))', replied: true });
    const m3 = await storedMessage(t.db, before(58));
    await insertDecision(t.db, { inboundMessageId: m3, role: 'game', decidedAt: before(58), fromAddress: 'dig-austria@example.org', gameId: 'dig', power: 'AUSTRIA', outcome: 'refused', reason: 'game address not in To or Cc (D.II(2))', replied: true });
    await tick(new Date(d2.getTime() - 12 * HOUR));
    const digest = await mails(t.db, 'dig', 'gm-digest');
    expect(digest.map((m) => m.to)).toEqual(['dig-gm@example.org']);
    const body = digest[0]!.body;
    expect(digest[0]!.subject).toBe('[dig] GM digest S1901M: 1 Final, 1 preliminary, 5 missing');
    expect(body).toMatch(/ENGLAND\s+preliminary only\s+last set Thursday 6 June 2030, 07:00 GMT\n\s+unavailable Saturday 8 June 2030, 06:00 GMT to Saturday 8 June 2030, 10:00 GMT\n/);
    expect(body).toMatch(/ITALY\s+no orders\s*\n\s+extension of 12 hours asked Tuesday 4 June 2030, 04:00 GMT: waiting for your decision/);
    expect(body).toContain('Proposals awaiting votes: 1');
    expect(body).toMatch(/Alarms .*\n.*dig-turkey@example.org \(for TURKEY\): identity: dmarc-fail\n.*stranger@elsewhere.org \(for RUSSIA\): proxy orders/);
    expect(body).toContain('other from dig-austria@example.org: game address not in To or Cc (D.II(2))');
    // The refused gray press is listed without its sender (D.X(2)); no vote is shown (D.IX(2)).
    expect(body).toMatch(/press: this game accepts only press that names its author/);
    expect(body).not.toContain('dig-germany@example.org');
    expect(body).not.toMatch(/secret author|YES|FRANCE GERMANY/);
    await tick(new Date(d2.getTime() - 11 * HOUR));
    expect(await mails(t.db, 'dig', 'gm-digest')).toHaveLength(1);
  });
});

describe('early adjudication (D.VII(2))', () => {
  it('is scheduled when every power is Final, cancelled by a preliminary revision, checked again when it runs', async () => {
    const g = await calendarGame(t.db, 'early', { deadline: D });
    for (const p of POWERS) await orders(t.db, g, p, 'S1901M', before(50), true);
    await tick(before(49));
    expect(await jobs('adjudicate-early:early:')).toEqual([{ key: 'adjudicate-early:early:S1901M', run_at: before(49) }]);
    await orders(t.db, g, 'FRANCE', 'S1901M', before(48), false); // a revised, preliminary set
    expect(await adjudicatePhaseTask(t.db, ctx(before(48)), { gameId: 'early', phase: 'S1901M', early: true })).toBe('skipped');
    await tick(before(47));
    expect(await jobs('adjudicate-early:early:')).toEqual([]);
    await orders(t.db, g, 'FRANCE', 'S1901M', before(46), true);
    // What the pipeline does in the set's transaction (a Final set no longer sends the game to the tick, sql/0037).
    await afterOrderSet(t.db, { gameId: 'early', now: before(46), fromAddress: JUDGE });
    await tick(before(45));
    expect(await jobs('adjudicate-early:early:')).toHaveLength(1);
    expect(await adjudicatePhaseTask(t.db, ctx(before(45)), { gameId: 'early', phase: 'S1901M', early: true })).toBe('adjudicated');
    expect((await findPhase(t.db, 'early', 'S1901M'))!.publishedAt).toEqual(before(45));
    expect(await jobs('adjudicate:early:S1901M')).toEqual([]); // the deadline's job is gone
    // F1901M opened now: all Final at once, but not sooner than 24 hours after the publication.
    for (const p of POWERS) await orders(t.db, g, p, 'F1901M', before(44), true);
    await tick(before(44));
    expect(await jobs('adjudicate-early:early:F1901M')).toEqual([{ key: 'adjudicate-early:early:F1901M', run_at: before(21) }]);
    expect(await adjudicatePhaseTask(t.db, ctx(before(30)), { gameId: 'early', phase: 'F1901M', early: true })).toBe('skipped');
    expect(await adjudicatePhaseTask(t.db, ctx(before(21)), { gameId: 'early', phase: 'F1901M', early: true })).toBe('adjudicated');
  });
});

describe('the replacement procedure after the contact deadline (B.8)', () => {
  it('round 2: the captain is asked, then the reserves, then the position falls into civil disorder', async () => {
    const g = await calendarGame(t.db, 'proc', { deadline: new Date('2030-07-01T12:00:00Z'), round: 2, captains: ['TURKEY'], reserves: 2 });
    const published = new Date('2030-06-03T12:00:00Z'); // a Monday: 48 hours, no weekend
    const contact = contactDeadline(published);
    expect(contact).toEqual(new Date('2030-06-05T12:00:00Z'));
    await insertNmrNotice(t.db, { gameId: 'proc', phase: 'S1901M', power: 'TURKEY', personId: g.players.get('TURKEY')!.id, publishedAt: published, contactDeadline: contact });
    await tick(new Date(contact.getTime() - HOUR));
    expect(await mails(t.db, 'proc', 'replacement-request')).toHaveLength(0);
    await tick(contact);
    const toCaptain = await mails(t.db, 'proc', 'replacement-request');
    expect(toCaptain.map((m) => m.to).sort()).toEqual(['proc-gm@example.org', 'proc-td@example.org', 'proc-turkey-captain@example.org']);
    expect(toCaptain.find((m) => m.to === 'proc-turkey-captain@example.org')!.body).toContain('As team captain you may name the replacement (rule B.8(a)): tell the GM by Friday 7 June 2030, 12:00 GMT');
    // The captain's 48 hours (Wednesday to Friday: no weekend) pass: the reserves are asked (B.8(d)).
    await tick(new Date('2030-06-07T12:00:00Z'));
    const toReserves = (await mails(t.db, 'proc', 'replacement-request')).slice(3);
    expect(toReserves.map((m) => m.to).sort()).toEqual(['proc-gm@example.org', 'proc-reserve1@example.org', 'proc-reserve2@example.org', 'proc-td@example.org', 'proc-turkey-captain@example.org']);
    expect(toReserves.find((m) => m.to === 'proc-reserve1@example.org')!.body).toContain('reply to the GM (proc-gm@example.org)');
    // Nobody is named in time (the 48 hours from Friday include a weekend: 96): civil disorder.
    await tick(new Date('2030-06-11T11:00:00Z'));
    expect(await t.db.selectFrom('civil_disorder').select('power').where('game_id', '=', 'proc').execute()).toEqual([]);
    await tick(new Date('2030-06-11T12:00:00Z'));
    expect(await t.db.selectFrom('civil_disorder').select('power').where('game_id', '=', 'proc').where('ended_at', 'is', null).execute()).toEqual([{ power: 'TURKEY' }]);
    const cd = (await mails(t.db, 'proc', 'replacement-request')).slice(8);
    expect(cd.map((m) => m.subject)).toEqual(Array(4).fill('[proc] TURKEY falls into civil disorder'));
    expect(cd.map((m) => m.to).sort()).toEqual(['proc-gm@example.org', 'proc-td@example.org', 'proc-turkey-captain@example.org', 'proc-turkey@example.org']);
    const notice = await t.db.selectFrom('nmr_notices').select('status').where('game_id', '=', 'proc').executeTakeFirstOrThrow();
    expect(notice.status).toBe('civil-disorder');
    // Taking the position over ends the civil disorder.
    await runReplace(t.db, { gameId: 'proc', power: 'TURKEY', email: 'late@example.org', name: 'Late Reserve', endTemporary: false }, { actor: 'cli:gm', now: new Date('2030-06-12T12:00:00Z'), fromAddress: JUDGE });
    expect(await t.db.selectFrom('civil_disorder').select('power').where('game_id', '=', 'proc').where('ended_at', 'is', null).execute()).toEqual([]);
  });
});

describe('temporary replacements (B.7)', () => {
  it('a stand-in whose declared phase opens ends: the player plays again, nobody is made permanent', async () => {
    const g = await calendarGame(t.db, 'b7', { deadline: D });
    // "until F1901M": the player is back for F1901M; the stand-in covers S1901M.
    const r = await runReplace(t.db, { gameId: 'b7', power: 'ENGLAND', email: 'sub@example.org', name: 'Sub', untilPhase: 'F1901M', endTemporary: false }, { actor: 'cli:gm', now: before(60), fromAddress: JUDGE });
    expect(r).toMatchObject({ ok: true, json: { kind: 'temporary', until: 'F1901M' } });
    for (const p of POWERS) await orders(t.db, g, p, 'S1901M', before(50), true);
    await tick(before(40));
    expect((await findCurrentPositions(t.db, 'b7')).filter((p) => p.power === 'ENGLAND').map((p) => p.kind).sort()).toEqual(['original', 'temporary']);
    expect(await adjudicatePhaseTask(t.db, ctx(D), { gameId: 'b7', phase: 'S1901M' })).toBe('adjudicated');
    await tick(new Date(D.getTime() + HOUR));
    expect((await findCurrentPositions(t.db, 'b7')).filter((p) => p.power === 'ENGLAND').map((p) => p.kind)).toEqual(['original']);
    expect((await mails(t.db, 'b7', 'position-change')).filter((m) => m.body.includes('now permanent') || m.subject.includes('permanent'))).toEqual([]);
    const told = (await mails(t.db, 'b7', 'position-change')).filter((m) => m.body.includes("Sub's temporary replacement as ENGLAND has ended (it was declared until F1901M): ENGLAND player plays ENGLAND again (rule B.7)."));
    expect(told.map((m) => m.to).sort()).toEqual([...POWERS.map((p) => `b7-${p.toLowerCase()}@example.org`), 'b7-gm@example.org', 'sub@example.org'].sort());
  });
});

describe('publication outside the windows (D.VII(2))', () => {
  it('a deadline inside a window declared after it was set: the adjudication waits for the window to end', async () => {
    const g = await calendarGame(t.db, 'pub', { deadline: D });
    for (const p of POWERS) await orders(t.db, g, p, 'S1901M', before(50), true);
    await runAbsence(t.db, { gameId: 'pub', power: 'RUSSIA', from: { day: 'Fri', time: '10:00' }, to: { day: 'Fri', time: '18:00' }, zone: 'UTC', clear: false }, { actor: 'cli:gm', now: before(40), fromAddress: JUDGE });
    expect(await adjudicatePhaseTask(t.db, ctx(D), { gameId: 'pub', phase: 'S1901M' })).toBe('postponed');
    expect(await jobs('adjudicate:pub:S1901M')).toEqual([{ key: 'adjudicate:pub:S1901M', run_at: new Date('2030-06-07T18:00:00Z') }]);
    expect(await adjudicatePhaseTask(t.db, ctx(new Date('2030-06-07T18:00:00Z')), { gameId: 'pub', phase: 'S1901M' })).toBe('adjudicated');
    // The next deadline (96 hours on: Tuesday 18:00) is clear of the Friday window.
    expect((await findPhase(t.db, 'pub', 'F1901M'))!.deadline).toEqual(new Date('2030-06-11T18:00:00Z'));
  });
});

describe('daily digests', () => {
  it('go to the GM at the chosen times of day while the turn is open, once each', async () => {
    await calendarGame(t.db, 'daily', { deadline: D });
    await saveCalendarSettings(t.db, 'daily', { turnHours: {}, reminderLeadHours: [], digestLeadHours: [], digestTimes: ['08:00'] }, before(100));
    await tick(new Date('2030-06-05T07:59:00Z')); // not yet
    await tick(new Date('2030-06-05T08:00:30Z')); // sent
    await tick(new Date('2030-06-05T08:01:30Z')); // the same digest: not again
    await tick(new Date('2030-06-05T20:00:00Z')); // nothing at 20:00
    const sent = await mails(t.db, 'daily', 'gm-digest');
    expect(sent.map((m) => m.to)).toEqual(['daily-gm@example.org']);
    await tick(new Date('2030-06-06T08:00:00Z'));
    expect(await mails(t.db, 'daily', 'gm-digest')).toHaveLength(2);
  });
});

