/**
 * Issue 29: each reader chooses which map pictures come with their results in a game, by mail:
 * `MAPS WIDE`, `MAPS PHONE`, `MAPS BOTH` (the default: issue 28's two layouts) or `MAPS NONE`. The
 * answer says what the reader will receive; the next results carry exactly that, and their text says
 * what is attached. Through the intake and the
 * adjudication job on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { lastOutboxId, outboxSince } from '../helpers/outbox-attachments.js';
import { calendarGame, type CalendarGame } from './fixtures.js';
import { Sim, holdAll } from './sim.js';
import { insertMapChoice } from '../../src/db/map-choices.js';

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
const pngs = (m: { attachments: readonly { contentType: string; filename: string }[] }) => m.attachments.filter((a) => a.contentType === 'image/png').map((a) => a.filename);

describe('MAPS: the pictures each reader gets with the results', () => {
  let g: CalendarGame;
  let sim: Sim;

  beforeAll(async () => {
    g = await calendarGame(t.db, 'maps', { deadline: new Date(START.getTime() + 48 * HOUR) });
    sim = new Sim(t.db, START);
  });

  it('answers each choice with what the reader will receive, and a line naming none with the forms', async () => {
    const before = await lastId();
    expect((await sim.send('maps', addr(g, 'FRANCE'), 'MAPS PHONE', 'maps')).kind).toBe('noOrders');
    expect((await sim.send('maps', addr(g, 'ENGLAND'), 'MAPS NONE', 'maps')).kind).toBe('noOrders');
    expect((await sim.send('maps', addr(g, 'GERMANY'), 'MAPS WIDE', 'maps')).kind).toBe('noOrders');
    expect((await sim.send('maps', addr(g, 'ITALY'), 'MAPS LARGE', 'maps')).kind).toBe('noOrders');
    const out = await sentSince('maps', before);
    expect(out.map((m) => [m.kind, m.to_address])).toEqual([
      ['map-choice', addr(g, 'FRANCE')], ['map-choice', addr(g, 'ENGLAND')], ['map-choice', addr(g, 'GERMANY')], ['map-choice', addr(g, 'ITALY')],
    ]);
    expect(out[0]!.subject).toBe('[maps] Maps: the phone layout');
    expect(out[0]!.body_text).toContain('From the next results on, your results in this game come with the map laid out for a phone only');
    expect(out[1]!.subject).toBe('[maps] Maps: none');
    expect(out[1]!.body_text).toContain('come with no map: the text alone. MAP still\nsends you the position as a picture whenever you ask.');
    expect(out[2]!.body_text).toContain('come with the wide map only.');
    expect(out[3]!.subject).toBe('[maps] Maps not changed');
    expect(out[3]!.body_text).toContain('Not changed: "MAPS LARGE" names no choice.');
    for (const m of out) expect(m.body_text).toContain('The accepted forms are MAPS WIDE, MAPS PHONE, MAPS BOTH (the default) and MAPS NONE.');
    // A message of MAPS alone is no set: nobody's orders changed.
    expect(await t.db.selectFrom('order_sets').select('id').where('game_id', '=', 'maps').execute()).toEqual([]);
  });

  it('the next results carry what each reader chose; the others, and the GM, get both', async () => {
    // ENGLAND's second message changes his mind: the latest choice stands (NONE → WIDE).
    expect((await sim.send('maps', addr(g, 'ENGLAND'), 'MAPS WIDE', 'maps')).kind).toBe('noOrders');
    // Every power orders (D.VII(6)(b): a 1901 phase waits for all seven).
    for (const p of POWERS) expect((await sim.send('maps', addr(g, p), await holdAll(t.db, 'maps', p), 'orders FINAL')).kind).toBe('orders');
    const before = await lastId();
    await sim.advanceTo(new Date(START.getTime() + 49 * HOUR));
    const reports = (await sentSince('maps', before)).filter((m) => m.kind === 'adjudication-report');
    // 7 players and the GM.
    expect(reports).toHaveLength(8);
    const of = (to: string) => reports.find((m) => m.to_address === to)!;
    const wide = 'maps-S1901M.png';
    const phone = 'maps-S1901M-phone.png';
    expect(pngs(of(addr(g, 'FRANCE')))).toEqual([phone]);
    expect(of(addr(g, 'FRANCE')).body_text).toContain(`The map of this position is attached, laid out for a phone (${phone}). MAPS BOTH adds the\nwide map.`);
    expect(pngs(of(addr(g, 'ENGLAND')))).toEqual([wide]);
    expect(of(addr(g, 'ENGLAND')).body_text).toContain(`The map of this position is attached (${wide}). MAPS BOTH adds the phone layout.`);
    expect(pngs(of(addr(g, 'GERMANY')))).toEqual([wide]);
    // ITALY's line named no choice: the default stands, like every reader who never wrote MAPS.
    for (const p of POWERS.filter((p) => !['FRANCE', 'ENGLAND', 'GERMANY'].includes(p))) {
      expect(pngs(of(addr(g, p))), p).toEqual([wide, phone]);
      expect(of(addr(g, p)).body_text).toContain(`The map of this position is attached (${wide}), and the same laid out for a phone\n(${phone}); reply MAPS WIDE, MAPS PHONE or MAPS NONE to receive one or none.`);
    }
    expect(pngs(of(g.gm.email))).toEqual([wide, phone]);
  });

  it('MAPS NONE: the text alone, saying so; a layout nobody wants goes to nobody', async () => {
    const h = await calendarGame(t.db, 'nomaps', { deadline: new Date(START.getTime() + 48 * HOUR) });
    const s = new Sim(t.db, START);
    for (const p of POWERS) expect((await s.send('nomaps', addr(h, p), p === 'AUSTRIA' ? 'MAPS NONE' : 'MAPS WIDE', 'maps')).kind).toBe('noOrders');
    // The GM's choice, as the row a MAPS line writes (the GM's own mail commands do not read MAPS).
    await insertMapChoice(t.db, { gameId: 'nomaps', personId: h.gm.id, maps: 'wide', inboundMessageId: null, at: START });
    for (const p of POWERS) expect((await s.send('nomaps', addr(h, p), await holdAll(t.db, 'nomaps', p), 'orders FINAL')).kind).toBe('orders');
    const before = await lastId();
    await s.advanceTo(new Date(START.getTime() + 49 * HOUR));
    const reports = (await sentSince('nomaps', before)).filter((m) => m.kind === 'adjudication-report');
    const austria = reports.find((m) => m.to_address === addr(h, 'AUSTRIA'))!;
    expect(pngs(austria)).toEqual([]);
    expect(austria.body_text).toContain('No map is attached (you chose MAPS NONE; MAP sends one when you ask, MAPS BOTH every time).');
    // Everyone else chose WIDE: the wide map alone, to the six players and the GM.
    expect(reports).toHaveLength(8);
    for (const m of reports.filter((m) => m !== austria)) expect(pngs(m), m.to_address).toEqual(['nomaps-S1901M.png']);
  });
});
