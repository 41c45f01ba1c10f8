/**
 * Issue #15: a withdrawn phase's deadline leaves the players' calendars — the mail carries the same
 * event (same UID) with its SEQUENCE raised, STATUS:CANCELLED and METHOD:CANCEL — when a rollback
 * withdraws the phase that was open, or a passed draw ends the game before the deadline; a phase
 * re-created later outranks the cancellation. Read on the mail as it would be sent (composeMail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutboxMail } from '../../src/db/outbox.js';
import { findPhase } from '../../src/db/phases.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { composeMail } from '../../src/mail/outbound/send.js';
import { rollbackPhase } from '../../src/service/diplomacy/rollback-phase.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { readEvent } from '../helpers/ics.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';
import { withAttachmentsOf } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

/** The calendar attachment of the outbox mail of `kind` to `to` (the newest), decoded. */
async function eventOf(gameId: string, kind: string, to: string) {
  const row = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select(['id', 'attachments']).where('game_id', '=', gameId).where('kind', '=', kind).where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow());
  const a = row.attachments.find((x) => x.calendarMethod)!;
  return { attachment: a, ...readEvent(Buffer.from(a.content, 'base64').toString('utf8')), id: row.id };
}

describe('cancelled deadlines', () => {
  it('a rollback withdraws the open F1901M: its event is cancelled; re-created, it comes back with a higher SEQUENCE', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cx', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const france = g.players.get('FRANCE')!.email;
    for (const p of POWERS) await sim.send('cx', g.players.get(p)!.email, await holdAll(t.db, 'cx', p), 'orders FINAL');
    await sim.runDueJobs();
    const f = (await findPhase(t.db, 'cx', 'F1901M'))!;
    expect((await eventOf('cx', 'adjudication-report', france)).event).toMatchObject({ UID: 'cx.f1901m@judge.example.org', SEQUENCE: '0' });

    sim.now = new Date(START.getTime() + HOUR);
    const r = await rollbackPhase(t.db, { gameId: 'cx', phase: 'S1901M', tdApproval: 'TD: misread', actor: 'cli:td', now: sim.now, fromAddress: JUDGE });
    expect(r).toMatchObject({ ok: true, withdrawn: ['S1901M', 'F1901M'] });
    const cancelled = await mails(t.db, 'cx', 'deadline-cancelled');
    expect(cancelled.map((m) => m.to).sort()).toEqual([g.gm.email, ...[...g.players.values()].map((p) => p.email)].sort());
    const mail = cancelled.find((m) => m.to === france)!;
    expect(mail.subject).toBe('[cx] F1901M withdrawn: its deadline is cancelled');
    expect(mail.body).toMatch(/^F1901M has been withdrawn by the rollback of S1901M approved by the TD \(rule D\.VIII\(1\)\)\. Its deadline, \w+day \d+ June 2030, \d\d:\d\d GMT, no longer applies/);
    expect(f.deadline.getTime()).toBeGreaterThan(sim.now.getTime() + HOUR);
    expect(mail.body).toContain('no longer applies: do not send orders for it.\nS1901M is open again for orders; its deadline came in a separate mail.');
    const ev = await eventOf('cx', 'deadline-cancelled', france);
    expect(ev.method).toBe('CANCEL');
    expect(ev.event).toMatchObject({ UID: 'cx.f1901m@judge.example.org', SEQUENCE: '1', STATUS: 'CANCELLED' });
    expect(ev.attachment.filename).toBe('cx-F1901M-cancelled.ics');
    // As sent: the iTIP part a mail client reads as the event, method CANCEL.
    const raw = (await composeMail((await findOutboxMail(t.db, ev.id))!, JUDGE)).toString('utf8');
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    // The reopened S1901M's own event is updated in place (PUBLISH, SEQUENCE raised).
    expect((await eventOf('cx', 'rollback-notice', france))).toMatchObject({ method: 'PUBLISH', event: { UID: 'cx.s1901m@judge.example.org', SEQUENCE: '1' } });

    // S1901M adjudicated again: F1901M is re-created in place and its event outranks the cancellation.
    sim.now = new Date(START.getTime() + 30 * HOUR);
    for (const p of POWERS) await sim.send('cx', g.players.get(p)!.email, await holdAll(t.db, 'cx', p), 'orders FINAL');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'cx', 'F1901M'))!.supersededAt).toBeNull();
    expect((await eventOf('cx', 'adjudication-report', france))).toMatchObject({ method: 'PUBLISH', event: { UID: 'cx.f1901m@judge.example.org', SEQUENCE: '2' } });
  });

  it('a draw agreed before the deadline ends the game: the vote result cancels the open phase\'s event', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cy', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const france = g.players.get('FRANCE')!.email;
    await sim.send('cy', france, `PROPOSE DRAW ${POWERS.join(' ')}`, 'proposal');
    sim.now = new Date(START.getTime() + HOUR);
    for (const p of POWERS) await sim.send('cy', g.players.get(p)!.email, `${await holdAll(t.db, 'cy', p)}\nVOTE YES`, 'orders FINAL');
    await sim.runDueJobs();
    const result = (await mails(t.db, 'cy', 'vote-result')).find((m) => m.to === france)!;
    expect(result.subject).toBe('[cy] The game is over: A draw between Austria, England, France, Germany, Italy, Russia, Turkey has been agreed.');
    expect(result.body).toContain('The S1901M deadline no longer applies: the calendar event with this mail removes it from your calendar.');
    const ev = await eventOf('cy', 'vote-result', france);
    expect(ev.method).toBe('CANCEL');
    expect(ev.event).toMatchObject({ UID: 'cy.s1901m@judge.example.org', SEQUENCE: '1', STATUS: 'CANCELLED' });
    expect((await findPhase(t.db, 'cy', 'S1901M'))!.deadlineSequence).toBe(1);
  });
});
