/**
 * Issue #15: what a player gets by email for POSITION, HISTORY [PHASE], SUMMARY, ORDERS, DEADLINE and
 * an unknown command, through the real intake on a real PostgreSQL — asserting the text received, that
 * it goes to the asker alone, that nobody's current orders appear, and that a message of commands
 * never replaces the set that stands (D.III(3)).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLatestOrderSets } from '../../src/db/order-sets.js';
import { findPhase } from '../../src/db/phases.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { readEvent } from '../helpers/ics.js';
import { recordWebUrl } from '../../src/db/web-access.js';
import { recordJudgeAddresses } from '../../src/db/judge-settings.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, type CalendarGame } from './fixtures.js';
import { Sim, holdAll } from './sim.js';
import { lastOutboxId, outboxSince, withAttachmentsOf } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');
const addr = (g: CalendarGame, p: Power) => g.players.get(p)!.email;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const sentSince = (gameId: string, afterId: number) => outboxSince(t.db, gameId, afterId);
const lastId = () => lastOutboxId(t.db);

describe('player commands by email', () => {
  let g: CalendarGame;
  let sim: Sim;

  beforeAll(async () => {
    g = await calendarGame(t.db, 'look', { deadline: new Date(START.getTime() + 96 * HOUR), zones: { ITALY: 'Europe/Rome' } });
    sim = new Sim(t.db, START);
  });

  it('a message of commands answers each, to the asker alone, and leaves the standing set', async () => {
    expect((await sim.send('look', addr(g, 'FRANCE'), 'A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO')).kind).toBe('orders');
    expect((await sim.send('look', addr(g, 'ITALY'), 'A VEN - TYR\nA ROM - APU\nF NAP - ION')).kind).toBe('orders');
    const before = await lastId();
    expect(await sim.send('look', addr(g, 'ITALY'), 'POSITION\nDEADLINE\nORDERS\nHISTORY\nSUMMARY', 'questions')).toMatchObject({ kind: 'noOrders' });
    const sets = await findLatestOrderSets(t.db, 'look', 'S1901M', { power: 'ITALY' });
    expect(sets[0]!.orders).toEqual(['A VEN - TYR', 'A ROM - APU', 'F NAP - ION']);

    const out = await sentSince('look', before);
    expect(out.map((m) => m.kind)).toEqual(['player-position', 'player-deadline', 'status', 'player-history', 'player-summary']);
    expect(out.every((m) => m.to_address === addr(g, 'ITALY'))).toBe(true);
    // Nobody's current orders, not even France's move, appear in what Italy gets (ORDERS shows Italy's own).
    for (const m of out) expect(m.body_text).not.toContain('PAR - BUR');

    const [position, deadline, orders, history, summary] = out;
    expect(position!.subject).toBe('[look] POSITION: Spring 1901 Movement (S1901M)');
    expect(position!.body_text.split('\n').slice(0, 6).join('\n')).toBe([
      'The position at the start of Spring 1901 Movement (S1901M):',
      '',
      'ITALY    3 centres',
      '  units:     F NAP, A ROM, A VEN',
      '  centres:   NAP ROM VEN',
      'AUSTRIA  3 centres',
    ].join('\n'));
    expect(position!.body_text).toContain('Unowned centres: 12');

    expect(deadline!.subject).toBe('[look] DEADLINE S1901M: Friday 7 June 2030, 12:00 GMT');
    expect(deadline!.body_text).toContain('  Friday 7 June 2030, 14:00 GMT+2 in Europe/Rome');
    expect(deadline!.body_text).toContain('Time left: 4 days 0 hours.');
    expect(deadline!.attachments).toHaveLength(1);
    expect(readEvent(Buffer.from(deadline!.attachments[0]!.content, 'base64').toString('utf8')).event).toMatchObject({ UID: 'look.s1901m@judge.example.org', SEQUENCE: '0', DTSTART: '20300607T120000Z' });

    expect(orders!.subject).toBe('[look] ITALY S1901M: ORDERS');
    expect(orders!.body_text).toContain('is PRELIMINARY:\n  A VEN - TYR\n  A ROM - APU\n  F NAP - ION');

    expect(history!.body_text).toContain('No results have been published in look yet.');
    expect(summary!.body_text).toMatch(/\n {27}AUS ENG FRA GER ITA RUS TUR *\nSpring 1901 {16}3 {3}3 {3}3 {3}3 {3}3 {3}4 {3}3 *\n/);
    expect(summary!.body_text).toMatch(/ITALY    ITALY player \(original\) 2020-01-01 to now/);
  });

  it('ORDERS as the heading of a set is no command: the acknowledgement says what the judge holds', async () => {
    const before = await lastId();
    expect((await sim.send('look', addr(g, 'ITALY'), 'ORDERS\nA VEN H\nA ROM H\nF NAP H')).kind).toBe('orders');
    expect((await sentSince('look', before)).map((m) => m.kind)).toEqual(['orders-received']);
  });

  it('a command in the subject alone counts; an unknown one gets the list, never a guess', async () => {
    let before = await lastId();
    expect((await sim.send('look', addr(g, 'ENGLAND'), '', 'Re: POSITION')).kind).toBe('noOrders');
    expect((await sentSince('look', before)).map((m) => [m.kind, m.to_address])).toEqual([['player-position', addr(g, 'ENGLAND')]]);
    expect((await sentSince('look', before))[0]!.body_text).toMatch(/^The position at the start of Spring 1901 Movement \(S1901M\):\n\nENGLAND {2}3 centres/);

    before = await lastId();
    expect((await sim.send('look', addr(g, 'ENGLAND'), 'MAPP', 'hi')).kind).toBe('noOrders');
    const [help, ...rest] = await sentSince('look', before);
    expect(rest).toEqual([]);
    expect(help!.kind).toBe('help');
    expect(help!.subject).toBe('[look] "MAPP" is not a command: the commands');
    expect(help!.body_text).toMatch(/^"MAPP" is not a command the judge knows, so it did nothing with your message/);
    for (const c of ['POSITION', 'HISTORY S1901M', 'SUMMARY', 'ORDERS', 'DEADLINE', 'MAP ', 'HELP']) expect(help!.body_text).toContain(`  ${c}`);
      // No judge serves the web view here, so WEB is not offered.
    expect(help!.body_text).not.toContain('  WEB');
  });

  it('HELP lists WEB once a judge serves the web view (MAILJUDGE_WEB_LISTEN), with what the link is', async () => {
    // As `mailjudge start` does with MAILJUDGE_WEB_LISTEN set: its addresses, then the web view's URL.
    await recordJudgeAddresses(t.db, { fromAddress: 'judge@judge.example.org' });
    await recordWebUrl(t.db, 'https://judge.example.org');
    try {
      const before = await lastId();
      expect((await sim.send('look', addr(g, 'ENGLAND'), 'HELP', 'help')).kind).toBe('noOrders');
      const [help] = await sentSince('look', before);
      expect(help!.subject).toBe('[look] HELP: how to send orders to look');
      expect(help!.body_text).toContain("  WEB                  a one-time link (30 minutes, single use) to the game's web page\n  HELP");
    } finally {
      await recordWebUrl(t.db, null);
    }
  });

  it('MAP: the position with its picture as a PNG, to the asker alone; the standing set stays', async () => {
    const before = await lastId();
    const standing = (await findLatestOrderSets(t.db, 'look', 'S1901M', { power: 'ITALY' }))[0]!.orders;
    expect((await sim.send('look', addr(g, 'ITALY'), 'MAP', 'map please')).kind).toBe('noOrders');
    const out = await sentSince('look', before);
    expect(out.map((m) => [m.kind, m.to_address])).toEqual([['player-position', addr(g, 'ITALY')]]);
    expect(out[0]!.subject).toBe('[look] MAP: Spring 1901 Movement (S1901M)');
    expect(out[0]!.body_text).toContain('The map of this position is attached (look-S1901M-position.png).');
    const row = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select('attachments').where('to_address', '=', addr(g, 'ITALY')).where('subject', 'like', '%MAP%').executeTakeFirstOrThrow());
    const png = row.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.filename).toBe('look-S1901M-position.png');
    expect(Buffer.from(png.content, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47');
    expect((await findLatestOrderSets(t.db, 'look', 'S1901M', { power: 'ITALY' }))[0]!.orders).toEqual(standing);
  });

  it('HISTORY S1901M after the results: every order with its result, and the position after', async () => {
    for (const p of POWERS) if (p !== 'FRANCE' && p !== 'ITALY') expect((await sim.send('look', addr(g, p), await holdAll(t.db, 'look', p), 'orders FINAL')).kind).toBe('orders');
    expect((await sim.send('look', addr(g, 'FRANCE'), 'A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO', 'orders FINAL')).kind).toBe('orders');
    expect((await sim.send('look', addr(g, 'ITALY'), 'A VEN - TYR\nA ROM - APU\nF NAP - ION', 'orders FINAL')).kind).toBe('orders');
    await sim.runDueJobs();
    expect((await findPhase(t.db, 'look', 'S1901M'))!.publishedAt).not.toBeNull();
    // The results report carries the next phase's deadline event.
    const report = await withAttachmentsOf(t.db, await t.db.selectFrom('outbox').select('attachments').where('game_id', '=', 'look').where('kind', '=', 'adjudication-report').where('to_address', '=', addr(g, 'RUSSIA')).executeTakeFirstOrThrow());
    const f1901m = (await findPhase(t.db, 'look', 'F1901M'))!;
    expect(readEvent(Buffer.from(report.attachments[0]!.content, 'base64').toString('utf8')).event).toMatchObject({
      UID: 'look.f1901m@judge.example.org', SEQUENCE: '0', DTSTART: f1901m.deadline.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''),
    });
    // F1901M is open: Italy's set for it is nobody's business but Italy's.
    expect((await sim.send('look', addr(g, 'ITALY'), 'A TYR - MUN\nA APU H\nF ION H')).kind).toBe('orders');

    const before = await lastId();
    await sim.send('look', addr(g, 'RUSSIA'), 'HISTORY S1901M\nHISTORY\nHISTORY F1905M\nPOSITION');
    const [one, list, none, position] = await sentSince('look', before);
    expect(one!.subject).toBe('[look] HISTORY S1901M');
    expect(one!.body_text).toContain('FRANCE\n  F BRE - MAO                  moves\n  A MAR S A PAR - BUR          support given\n  A PAR - BUR                  moves\nGERMANY\n  A BER H                      holds');
    expect(one!.body_text).toContain('Position after S1901M (at the start of Fall 1901 Movement (F1901M)):');
    expect(one!.body_text).toMatch(/ITALY +3: A APU, F ION, A TYR/);
    expect(list!.body_text).toContain('  S1901M   Spring 1901 Movement (S1901M), published ');
    expect(none!.body_text).toContain('F1905M has no published results in look.');
    expect(position!.subject).toBe('[look] POSITION: Fall 1901 Movement (F1901M)');
    expect(position!.body_text).toMatch(/^The position at the start of Fall 1901 Movement \(F1901M\):\n\nRUSSIA {3}4 centres/);
    for (const m of [one, list, none, position]) expect(m!.body_text).not.toContain('TYR - MUN');
  });
});
