/**
 * Deadlines in the players' calendars (issue #15), on a real PostgreSQL: the mails that announce or
 * change a deadline carry the phase's event, whose UID stays the same and whose SEQUENCE rises with
 * every move, so a calendar app updates it in place; the composed mail has the text/calendar part
 * mail clients recognise.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutboxMail } from '../../src/db/outbox.js';
import { findPhase } from '../../src/db/phases.js';
import { sendGameStart } from '../../src/service/game-start.js';
import { runSetDeadline } from '../../src/service/gm/deadline.js';
import { runExtend } from '../../src/service/gm/extend.js';
import { composeMail } from '../../src/mail/outbound/send.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { readEvent } from '../helpers/ics.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame } from './fixtures.js';
import { JUDGE } from './sim.js';
import { withAttachments } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
const D = new Date('2030-09-13T12:00:00Z');
const NOW = new Date('2030-09-09T12:00:00Z');
const ctx = { actor: 'cli:gm', now: NOW, fromAddress: JUDGE };

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

/** The event attached to each outbox mail of `kind` to `to`, oldest first. */
async function events(gameId: string, kind: string, to: string) {
  const rows = await withAttachments(t.db, await t.db.selectFrom('outbox').select(['id', 'attachments']).where('game_id', '=', gameId).where('kind', '=', kind).where('to_address', '=', to).orderBy('id').execute());
  return rows.map((r) => {
    // The game-start mail also carries the starting map (issue 28); one calendar event per mail.
    const cal = r.attachments.filter((a) => a.contentType.startsWith('text/calendar'));
    expect(cal).toHaveLength(1);
    return { id: r.id, ...readEvent(Buffer.from(cal[0]!.content, 'base64').toString('utf8')) };
  });
}

describe('deadline events', () => {
  it('game start, a GM move and an extension: one UID, SEQUENCE 0, 1, 2, times in UTC', async () => {
    const g = await calendarGame(t.db, 'cal', { deadline: D, zones: { FRANCE: 'Europe/Paris' } });
    const phase = (await findPhase(t.db, 'cal', 'S1901M'))!;
    expect(phase.deadlineSequence).toBe(0);
    const players = [...g.players].map(([power, person]) => ({ power, person }));
    await t.db.transaction().execute((trx) => sendGameStart(trx, JUDGE, { game: g.game, state: phase.stateBefore, deadline: phase.deadline, deadlineSequence: phase.deadlineSequence, stamp: NOW, players, gm: g.gm }));
    expect(await runSetDeadline(t.db, { gameId: 'cal', at: new Date('2030-09-14T18:00:00Z') }, ctx)).toMatchObject({ ok: true });
    expect(await runExtend(t.db, { gameId: 'cal', hours: 24, uncharged: false, refuse: false }, ctx)).toMatchObject({ ok: true });
    expect((await findPhase(t.db, 'cal', 'S1901M'))!.deadlineSequence).toBe(2);

    const france = 'cal-france@example.org';
    const [start] = await events('cal', 'game-start', france);
    const moves = await events('cal', 'deadline-changed', france);
    expect(moves).toHaveLength(2);
    const seen = [start!, ...moves].map((e) => [e.method, e.event['UID'], e.event['SEQUENCE'], e.event['DTSTART']]);
    expect(seen).toEqual([
      ['PUBLISH', 'cal.s1901m@judge.example.org', '0', '20300913T120000Z'],
      ['PUBLISH', 'cal.s1901m@judge.example.org', '1', '20300914T180000Z'],
      ['PUBLISH', 'cal.s1901m@judge.example.org', '2', '20300915T180000Z'],
    ]);
    // Every player and the GM get the moved event.
    const all = await t.db.selectFrom('outbox').select(['to_address', 'attachments']).where('game_id', '=', 'cal').where('kind', '=', 'deadline-changed').execute();
    expect(all).toHaveLength(16);
    expect(all.every((r) => r.attachments.length === 1)).toBe(true);
  });

  it('the composed mail has a text/calendar;method=PUBLISH alternative and an .ics attachment', async () => {
    const id = (await t.db.selectFrom('outbox').select('id').where('game_id', '=', 'cal').where('kind', '=', 'deadline-changed').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const mail = (await findOutboxMail(t.db, id))!;
    const raw = (await composeMail(mail, JUDGE)).toString('utf8');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    const parsed = await simpleParser(raw);
    expect(parsed.text).toContain('S1901M');
    const ics = parsed.attachments.find((a) => a.filename === 'cal-S1901M.ics' || a.contentType === 'text/calendar' || a.contentType === 'application/ics');
    expect(ics).toBeDefined();
    expect(readEvent(ics!.content.toString('utf8')).event['SEQUENCE']).toBe('2');
    // Issue 28: the file is typed text/calendar (RFC 5545 8.1), never application/ics, and its last
    // line ends with CRLF like every other (RFC 5545 3.1).
    expect(raw).not.toMatch(/application\/ics/);
    const file = parsed.attachments.find((a) => a.filename === 'cal-S1901M.ics')!;
    expect(file.contentType).toBe('text/calendar');
    expect(file.content.toString('utf8').endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('a mail that changes no deadline carries no event', async () => {
    const rows = await t.db.selectFrom('outbox').select(['kind', 'attachments']).where('game_id', '=', 'cal').where('kind', 'not in', ['game-start', 'deadline-changed']).execute();
    expect(rows.every((r) => r.attachments.length === 0)).toBe(true);
  });
});
