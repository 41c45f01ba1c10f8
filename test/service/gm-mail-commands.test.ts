/**
 * Issue #15: the GM's CLI actions on one game by email — ABSENCE, REPLACE, ROLLBACK (with the TD's
 * approval quoted, the TD copied) — through the real intake on a real PostgreSQL: answered to the GM,
 * audit-logged, announced where the CLI announces; refused with the reason. The reading of the lines
 * is table-tested (pure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findCurrentPositions } from '../../src/db/positions.js';
import { findPhase } from '../../src/db/phases.js';
import { readGmCommands } from '../../src/diplomacy/conduct/gm-commands.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { readEvent } from '../helpers/ics.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { Sim, holdAll } from './sim.js';
import { withAttachmentsOf } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('reading the GM commands', () => {
  // prettier-ignore
  it.each([
    ['ABSENCE ENGLAND FRI 17:00 TO MON 09:00 America/New_York', { kind: 'absence', power: 'ENGLAND', from: { day: 'Fri', time: '17:00' }, to: { day: 'Mon', time: '09:00' }, zone: 'America/New_York', clear: false }],
    ['absence england friday 5:30 - mon 9:00',                   { kind: 'absence', power: 'ENGLAND', from: { day: 'Fri', time: '05:30' }, to: { day: 'Mon', time: '09:00' }, clear: false }],
    ['ABSENCE ENGLAND CLEAR',                                    { kind: 'absence', power: 'ENGLAND', clear: true }],
    ['REPLACE ITALY rita@example.org Rita Rossi',                { kind: 'replace', power: 'ITALY', email: 'rita@example.org', name: 'Rita Rossi', endTemporary: false }],
    ['REPLACE ITALY tom@x.org Tom UNTIL F1903M',                 { kind: 'replace', power: 'ITALY', email: 'tom@x.org', name: 'Tom', untilPhase: 'F1903M', endTemporary: false }],
    ['REPLACE ITALY BACK',                                       { kind: 'replace', power: 'ITALY', endTemporary: true }],
    ['ROLLBACK S1902M TD-APPROVAL Jane Roe, 7 May: misread',     { kind: 'rollback', phase: 'S1902M', reason: '', tdApproval: 'Jane Roe, 7 May: misread' }],
    ['ROLLBACK S1902M',                                          { kind: 'rollback', phase: 'S1902M', reason: '' }],
    ['rollback s1902m: Italy misread',                           { kind: 'rollback', phase: 'S1902M', reason: 'Italy misread' }],
    ['APPROVE ROLLBACK S1902M Jane Roe, 7 May',                  { kind: 'rollback-answer', phase: 'S1902M', approve: true, note: 'Jane Roe, 7 May' }],
    ['refuse rollback s1902m: too late',                         { kind: 'rollback-answer', phase: 'S1902M', approve: false, note: 'too late' }],
  ])('%j', (text, command) => {
    expect(readGmCommands([{ line: 1, text }])).toEqual({ commands: [command], unknown: [] });
  });

  // prettier-ignore
  it.each([
    'ROLLBACK SPRING',                 // no phase name
    'ABSENCE PRUSSIA CLEAR',
    'ABSENCE ENGLAND FRI 25:00 TO MON 09:00',
    'REPLACE ITALY Rita Rossi',        // no address
  ])('%j is no command, and said so', (text) => {
    expect(readGmCommands([{ line: 3, text }])).toEqual({ commands: [], unknown: [{ line: 3, text }] });
  });
});

describe('GM commands by email', () => {
  it('ABSENCE, REPLACE and ROLLBACK: done as the CLI does them, answered, told, logged', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'gmm', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const gm = g.gm.email;

    await sim.send('gmm', gm, 'ABSENCE ENGLAND FRI 17:00 TO MON 09:00 UTC\nABSENCE PRUSSIA CLEAR', 'commands');
    let reply = (await mails(t.db, 'gmm', 'gm-reply')).at(-1)!;
    expect(reply.to).toBe(gm);
    expect(reply.body).toContain('ABSENCE ENGLAND Fri 17:00 TO Mon 09:00 UTC: ENGLAND (ENGLAND player): unavailable every week Fri 17:00 to Mon 09:00 UTC (64 hours).');
    expect(reply.body).toContain('line 2: "ABSENCE PRUSSIA CLEAR" is not a command the judge knows');
    expect((await mails(t.db, 'gmm', 'absence-recorded')).map((m) => m.to).sort()).toEqual([gm, g.players.get('ENGLAND')!.email].sort());

    await sim.send('gmm', gm, 'REPLACE ITALY rita@example.org Rita Rossi', 'commands');
    reply = (await mails(t.db, 'gmm', 'gm-reply')).at(-1)!;
    expect(reply.body).toMatch(/^REPLACE ITALY rita@example.org Rita Rossi: /);
    expect((await findCurrentPositions(t.db, 'gmm')).find((p) => p.power === 'ITALY')!.personId).not.toBe(g.players.get('ITALY')!.id);
    const welcome = (await mails(t.db, 'gmm', 'game-start')).filter((m) => m.to === 'rita@example.org');
    expect(welcome).toHaveLength(1);

    // S1901M played, then rolled back with the TD's approval quoted.
    for (const p of POWERS) {
      const from = p === 'ITALY' ? 'rita@example.org' : g.players.get(p)!.email;
      expect((await sim.send('gmm', from, await holdAll(t.db, 'gmm', p), 'orders FINAL')).kind).toBe('orders');
    }
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'gmm', 'S1901M'))!.adjudicatedAt).not.toBeNull();
    sim.now = new Date(START.getTime() + HOUR);
    await sim.send('gmm', gm, 'ROLLBACK SPRING\nROLLBACK F1905M TD-APPROVAL TD of gmm, 3 June', 'commands');
    reply = (await mails(t.db, 'gmm', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain('line 1: "ROLLBACK SPRING" is not a command the judge knows');
    expect(reply.body).toContain('ROLLBACK F1905M: refused, gmm has no phase F1905M in its history');
    // D.VIII(1): the GM's quoted approval is a request now; the TD's own mail approves it (test/service/rollback-request.test.ts).
    await sim.send('gmm', gm, 'ROLLBACK S1901M TD-APPROVAL TD of gmm, 3 June: orders misread', 'commands');
    reply = (await mails(t.db, 'gmm', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain('ROLLBACK S1901M: pending: the TD (TD of gmm) has been asked to approve the rollback of S1901M (D.VIII(1))');
    await sim.send('gmm', g.td!.email, 'APPROVE ROLLBACK S1901M TD of gmm, 3 June: orders misread', 'consent');
    reply = (await mails(t.db, 'gmm', 'gm-reply')).at(-1)!;
    expect(reply.body).toMatch(/APPROVE ROLLBACK S1901M: approved: S1901M reopened as generation 1 with the deadline .*; withdrawn: S1901M, F1901M; \d+ standing set\(s\) carried; every player and the GM told \(\d+ notices\)\./);
    const notices = await mails(t.db, 'gmm', 'rollback-notice');
    expect(notices.find((m) => m.to === g.players.get('FRANCE')!.email)!.body).toContain('TD of gmm, 3 June: orders misread (the TD TD of gmm <gmm-td@example.org>, by email');
    // The reopened phase's event replaces the one players hold: same UID, SEQUENCE raised.
    const ev = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select('attachments').where('game_id', '=', 'gmm').where('kind', '=', 'rollback-notice').where('to_address', '=', g.players.get('FRANCE')!.email).executeTakeFirstOrThrow());
    expect(readEvent(Buffer.from(ev.attachments[0]!.content, 'base64').toString('utf8')).event).toMatchObject({ UID: 'gmm.s1901m@judge.example.org', SEQUENCE: '1' });
    const actions = (await findAuditEntries(t.db, 'gmm')).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['window.declare', 'phase.rollback']));
  });

  it('GM commands from a player: refused with the reason; the GM and the TD told', async () => {
    const g = await calendarGame(t.db, 'imp', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const sim = new Sim(t.db, START);
    const france = g.players.get('FRANCE')!.email;
    expect(await sim.send('imp', france, 'EXTEND 48\nPROCESS S1901M', 'commands')).toMatchObject({ kind: 'refused', reason: 'gm commands from a player' });
    const refusal = (await mails(t.db, 'imp', 'orders-refused')).at(-1)!;
    expect(refusal.to).toBe(france);
    expect(refusal.body).toContain('Why: EXTEND 48, PROCESS S1901M: only the GM of imp (GM of imp) may give GM commands, from the GM\'s registered address; you play FRANCE');
    const alerts = await mails(t.db, 'imp', 'gm-command-refused');
    expect(alerts.map((m) => m.to).sort()).toEqual([g.gm.email, g.td!.email].sort());
    expect(alerts[0]!.subject).toBe('[imp] Alert: GM commands from FRANCE player (FRANCE), refused');
    expect((await findPhase(t.db, 'imp', 'S1901M'))!.deadlineSequence).toBe(0);
  });
});
