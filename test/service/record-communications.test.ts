/**
 * `recordCommunications` against a real PostgreSQL: press under each press rule (D.X(1)), proposals
 * and votes (D.IX), extension requests (D.VII(5)), the NMR'd player's contact (D.VII(6)(a)), and
 * exactly-once recording per inbound message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtend } from '../../src/service/gm/extend.js';
import { runHolidayCreate } from '../../src/service/gm/holiday.js';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findExtensions } from '../../src/db/extensions.js';
import { insertNmrNotice } from '../../src/db/nmr-notices.js';
import { findPhase } from '../../src/db/phases.js';
import { findPhasePress } from '../../src/db/press-items.js';
import { findBallots, findOpenProposals } from '../../src/db/proposals.js';
import type { PressRule } from '../../src/db/schema.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, communicate, mails, type CalendarGame } from './fixtures.js';
import { JUDGE } from './sim.js';

let t: TestDatabase;
const DEADLINE = new Date('2030-05-10T12:00:00Z');
const EARLY = new Date('2030-05-06T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('press (D.X)', () => {
  const games = new Map<PressRule, CalendarGame>();
  beforeAll(async () => {
    for (const rule of ['standard', 'A', 'B', 'C'] as const) games.set(rule, await calendarGame(t.db, `press-${rule.toLowerCase()}`, { deadline: DEADLINE, policies: { pressRule: rule } }));
  });

  // prettier-ignore
  it.each([
    ['standard', 'PRESS TO ALL\nHello all\nEND PRESS',                       'white',     true,  /under your orders/],
    ['standard', 'GRAY PRESS TO ALL\nWho am I\nEND PRESS',                   'gray',      true,  /"Anonymous or Unofficial Press" section; its author is never revealed/],
    ['standard', 'PRESS TO ALL AS "The Kaiser"\nGott mit uns\nEND PRESS',    'dark-gray', true,  /dark-gray press to all .* "Anonymous or Unofficial Press"/],
    ['A',        'GRAY PRESS TO ALL\nWho am I\nEND PRESS',                   'gray',      true,  /"Anonymous Press" section/],
    ['A',        'PRESS TO ALL AS "The Kaiser"\nGott mit uns\nEND PRESS',    'dark-gray', false, /not accepted: .*Alternative Rule A/],
    ['B',        'GRAY PRESS TO ALL\nWho am I\nEND PRESS',                   'gray',      false, /not accepted: this game accepts only press that names its author/],
    ['B',        'PRESS TO ENGLAND, GERMANY\nJust you two\nEND PRESS',       'white',     true,  /press to ENGLAND, GERMANY .* under your orders/],
    ['C',        'PRESS TO ALL\nHello all\nEND PRESS',                       'white',     false, /not accepted: the GM publishes no press in this game/],
  ] as const)('%s rule: %s', async (rule, text, kind, accepted, note) => {
    const g = games.get(rule)!;
    const r = await communicate(t.db, g, 'FRANCE', text, EARLY);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(note);
    const stored = (await findPhasePress(t.db, g.game.id, 'S1901M')).find((p) => p.inboundMessageId === r.inboundId)!;
    expect(stored).toMatchObject({ kind, accepted, authorPower: 'FRANCE', phase: 'S1901M' });
  });
});

describe('proposals and votes (D.IX)', () => {
  let g: CalendarGame;
  beforeAll(async () => {
    g = await calendarGame(t.db, 'votes', { deadline: DEADLINE });
  });

  it('answers every vote line, records proposals once, announces them without the proposer', async () => {
    const say = async (power: 'FRANCE' | 'ENGLAND' | 'GERMANY', text: string) => (await communicate(t.db, g, power, text, EARLY)).notes;
    expect(await say('FRANCE', 'VOTE YES')).toEqual([expect.stringMatching(/there is no proposal to vote on/)]);
    expect(await say('FRANCE', 'PROPOSE DRAW FRANCE')).toEqual([expect.stringMatching(/a draw of one power is a concession/)]);
    expect(await say('FRANCE', 'PROPOSE accept orders until adjudication')).toEqual([expect.stringMatching(/name the house rule to change \(one of D\.II\(2\)/)]);
    expect(await say('FRANCE', 'PROPOSE DRAW ENGLAND FRANCE')).toEqual([expect.stringMatching(/Your proposal of a draw between England and France has been put to every player/)]);
    expect(await say('ENGLAND', 'PROPOSE DRAW FRANCE ENGLAND')).toEqual([expect.stringMatching(/a draw between England and France is already proposed/)]);
    expect(await say('GERMANY', 'PROPOSE CONCESSION TO GERMANY')).toEqual([expect.stringMatching(/conceding the win to Germany has been put/)]);
    expect(await say('ENGLAND', 'VOTE YES')).toEqual([expect.stringMatching(/2 proposals are pending .*say which you vote on/)]);
    expect(await say('ENGLAND', 'VOTE DRAW EF YES\nVOTE CONCEDE GERMANY NO')).toEqual([
      expect.stringMatching(/^Your vote \(YES\) on a draw between England and France is recorded\. Votes are secret/),
      expect.stringMatching(/^Your vote \(NO\) on conceding the win to Germany is recorded/),
    ]);
    // Revised: the last vote counts (D.IX(2)); the ballots keep both for the TD.
    await say('ENGLAND', 'VOTE DRAW EF NO');
    const open = await findOpenProposals(t.db, g.game.id);
    expect(open.map((o) => o.proposal)).toEqual([{ kind: 'draw', powers: ['ENGLAND', 'FRANCE'] }, { kind: 'concession', power: 'GERMANY' }]);
    expect((await findBallots(t.db, open[0]!.id)).map((b) => b.vote)).toEqual(['yes', 'no']);
    const notices = await mails(t.db, g.game.id, 'proposal-notice');
    expect(notices).toHaveLength(16); // two proposals, seven players and the GM each
    expect(notices.every((n) => !/FRANCE|GERMANY proposes|proposed by/i.test(n.body.replace(/France|Germany/g, '')))).toBe(true);
  });
});

describe('extension requests (D.VII(5))', () => {
  it('grants the guaranteed one, passes the next to the GM, refuses late, over-long and unclear ones', async () => {
    const g = await calendarGame(t.db, 'ext', { deadline: DEADLINE, zones: { ITALY: 'Europe/Rome' } });
    const first = await communicate(t.db, g, 'ITALY', 'EXTENSION 24 hours', EARLY);
    expect(first.notes).toEqual(['Extension granted: the S1901M deadline is now Saturday 11 May 2030, 12:00 GMT (Saturday 11 May 2030, 14:00 GMT+2 in Europe/Rome). 24-hour extension granted: your guaranteed extension for this game (D.VII(5)).']);
    expect((await findPhase(t.db, 'ext', 'S1901M'))!.deadline).toEqual(new Date('2030-05-11T12:00:00Z'));
    const changed = await mails(t.db, 'ext', 'deadline-changed');
    expect(changed).toHaveLength(8);
    expect(changed[0]!.body).toContain('24-hour extension for ITALY (D.VII(5))');
    expect((await findAuditEntries(t.db, 'ext')).map((e) => e.action)).toContain('deadline.extend');
    const jobs = await t.db.selectFrom('graphile_worker.jobs' as never).select(['key' as never, 'run_at' as never]).where('key' as never, '=', 'adjudicate:ext:S1901M' as never).execute();
    expect(jobs).toEqual([{ key: 'adjudicate:ext:S1901M', run_at: new Date('2030-05-11T12:00:00Z') }]);

    // The same message again (a retried transaction): nothing more happens.
    const again = await communicate(t.db, g, 'ITALY', 'EXTENSION 24 hours', EARLY, { inboundId: first.inboundId });
    expect(again.notes).toEqual(first.notes);
    expect(await mails(t.db, 'ext', 'deadline-changed')).toHaveLength(8);

    const second = await communicate(t.db, g, 'ITALY', 'extension 2 days', EARLY);
    expect(second.notes).toEqual([expect.stringMatching(/^Extension of 48 hours passed to the GM: you have used your guaranteed extension/)]);
    const asked = await mails(t.db, 'ext', 'extension-request');
    expect(asked.map((m) => m.to)).toEqual(['ext-gm@example.org']);
    expect(asked[0]!.body).toContain('mailjudge extend ext --hours 48 --for ITALY');

    // The GM grants it: charged to Italy, 72 of 168 hours used.
    const gm = await runExtend(t.db, { gameId: 'ext', power: 'ITALY', uncharged: false, refuse: false }, { actor: 'cli:gm', now: EARLY, fromAddress: JUDGE });
    expect(gm).toMatchObject({ ok: true, json: { decision: 'granted', hours: 48, charged: true, guaranteed: false, deadline: '2030-05-13T12:00:00.000Z' } });
    const rows = await findExtensions(t.db, 'ext');
    expect(rows.map((r) => [r.decision, r.hoursGranted, r.charged, r.guaranteed, r.answersId !== null])).toEqual([
      ['granted', 24, true, true, false],
      ['needs-gm', 0, false, false, false],
      ['granted', 48, true, false, true],
    ]);

    // D.VII(5): never more than 7 days for one position; never less than 12 hours ahead; say how long.
    expect((await communicate(t.db, g, 'ITALY', 'EXTENSION 100 hours', EARLY)).notes).toEqual([expect.stringMatching(/^Extension refused: this position has 96 hours of extensions left of the 7 days \(168 hours\)/)]);
    expect((await communicate(t.db, g, 'ITALY', 'EXTENSION', EARLY)).notes).toEqual([expect.stringMatching(/^Extension refused: say how many hours/)]);
    expect((await communicate(t.db, g, 'FRANCE', 'EXTENSION 12h', new Date('2030-05-13T01:00:00Z'))).notes).toEqual([expect.stringMatching(/^Extension refused: an extension must be asked for at least 12 hours before the deadline/)]);
  });

  it('a TD holiday gives an uncharged extension that must be granted, even after the guaranteed one', async () => {
    const g = await calendarGame(t.db, 'xmas', { deadline: new Date('2030-12-26T12:00:00Z') });
    const h = await runHolidayCreate(t.db, { name: 'Christmas 2030', from: new Date('2030-12-24T00:00:00Z'), to: new Date('2030-12-27T00:00:00Z'), maxHours: 48 }, { actor: 'cli:td', now: EARLY, fromAddress: JUDGE });
    expect(h).toMatchObject({ ok: true, json: { hours: 48 } });
    const at = new Date('2030-12-20T12:00:00Z');
    expect((await communicate(t.db, g, 'RUSSIA', 'EXTENSION 24 hours', at)).notes[0]).toMatch(/24-hour extension granted for Christmas 2030, not charged/);
    // 24 hours of the holiday are left; a 72-hour request with the guaranteed extension unused is
    // granted in full as the guaranteed one, not cut down to the holiday's leftover.
    expect((await communicate(t.db, g, 'RUSSIA', 'EXTENSION 72 hours', at)).notes[0]).toMatch(/72-hour extension granted: your guaranteed extension for this game/);
    // With the guaranteed one used, the holiday's leftover must still be granted, and says so.
    expect((await communicate(t.db, g, 'RUSSIA', 'EXTENSION 48 hours', at)).notes[0]).toMatch(/24-hour extension granted for Christmas 2030, not charged: all that is left of its 48-hour allowance in this game \(you asked for 48 hours\)/);
    const rows = await findExtensions(t.db, 'xmas');
    expect(rows.map((r) => [r.hoursGranted, r.charged, r.holiday])).toEqual([[24, false, 'Christmas 2030'], [72, true, null], [24, false, 'Christmas 2030']]);
  });
});

describe("the NMR'd player's contact (D.VII(6)(a))", () => {
  it('any message from the player to the game answers an open NMR notice', async () => {
    const g = await calendarGame(t.db, 'contact', { deadline: DEADLINE });
    await insertNmrNotice(t.db, { gameId: 'contact', phase: 'S1901M', power: 'TURKEY', personId: g.players.get('TURKEY')!.id, publishedAt: EARLY, contactDeadline: new Date(EARLY.getTime() + 48 * 3_600_000) });
    const r = await communicate(t.db, g, 'TURKEY', 'GRAY PRESS TO ALL\nI am back\nEND PRESS', new Date(EARLY.getTime() + 3_600_000));
    expect(r.notes[0]).toBe('This message counts as your contact with the GM after your NMR in S1901M (D.VII(6)(a)); no replacement will be sought.');
    const n = await t.db.selectFrom('nmr_notices').select(['status', 'resolved_at']).where('game_id', '=', 'contact').executeTakeFirstOrThrow();
    expect(n.status).toBe('contacted');
  });
});
