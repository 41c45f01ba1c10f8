/**
 * Issue 15 for the Coalition game: the movement update carries the grid after the turn as a PNG,
 * drawn once for everyone, attached to every copy and shown inline (cid) in the HTML form; the text
 * says it is attached. The PNG decodes and shows the terrain and the armies where the update says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_COLOURS, TERRAIN_COLOURS, squareCentre, squareOrigin } from '../../../src/coalition/picture/index.js';
import { findOutboxMail } from '../../../src/db/outbox.js';
import { composeMail } from '../../../src/mail/outbound/send.js';
import { runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { decodePng } from '../../helpers/decode-png.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE, at, exampleMap, sendMail, turnOneSeed } from './fixtures.js';
import { withAttachments } from '../../helpers/outbox-attachments.js';

let t: TestDatabase;
const map = exampleMap();

const spec = {
  id: 'cvp2', address: 'cvp2@judge.example.org', pmAddress: 'cvp2-mj@judge.example.org', battleAddress: 'cvp2-battle@judge.example.org',
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: at('2026-11-20T05:00:00Z'),
};

const send = (from: string, to: string, text: string, receivedAt: Date, id: string) => sendMail(t.db, { from, to, text, receivedAt, id, subject: 'turn 1' });

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the Coalition movement update', () => {
  it('carries the grid as a PNG that decodes, shows the armies after the turn, and is inline in the HTML form', async () => {
    // A seed whose roll spawns no Raider (6.3.2): the text below goes from the battles to the dice.
    const seed = turnOneSeed(map, spec.world.armies, spec.lock, 'cvp2', false);
    expect(await runCoalitionCreate(t.db, spec, 'test', at('2026-11-18T12:00:00Z'), JUDGE, { seed })).toMatchObject({ ok: true });
    await send('sai@example.org', spec.address, 'Sai Rei: 3D > 5D', at('2026-11-19T20:00:00Z'), 'p1');
    await send('gix@example.org', spec.address, 'Gix: 20H > 25H', at('2026-11-19T20:05:00Z'), 'p2'); // too far (3.2.2.1): Gix stays on 20H
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'cvp2', phase: 'T1' })).toBe('adjudicated');

    const rows = await withAttachments(t.db, await t.db.selectFrom('outbox').select(['id', 'to_address', 'body_text', 'attachments']).where('game_id', '=', 'cvp2').where('kind', '=', 'coalition-update').orderBy('id').execute());
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      const pngs = r.attachments.filter((a) => a.contentType === 'image/png');
      expect(pngs, r.to_address).toHaveLength(1);
      expect(pngs[0]).toMatchObject({ filename: 'cvp2-T1.png', cid: 'grid-cvp2-t1' });
      expect(r.body_text).toContain("No battles.\n\nThe grid as it stands now, after this lock's battles, is attached (cvp2-T1.png): this turn's moves\nas arrows (dashed and crossed when rejected), the battles to fight as stars; the armies are\nnumbered in its roster.\n\nDice:");
    }
    // Drawn once: every copy carries the same bytes.
    expect(new Set(rows.map((r) => r.attachments.find((a) => a.contentType === 'image/png')!.content)).size).toBe(1);

    const png = Buffer.from(rows[0]!.attachments.find((a) => a.contentType === 'image/png')!.content, 'base64');
    const img = decodePng(png);
    expect(img.width).toBeGreaterThan(500);
    // Terrain: 1A is ocean on the example map, 24F plains (corners clear of marks and symbols).
    const corner = (key: string) => {
      const [x, y] = squareOrigin(key);
      return img.pixel(x + 20, y + 3).slice(0, 3);
    };
    expect(corner('1A')).toEqual(rgb(TERRAIN_COLOURS.ocean));
    expect(corner('24F')).toEqual(rgb(TERRAIN_COLOURS.plains));
    // Armies: Sai Rei moved to 5D, Gix stayed on 20H (its order rejected); 3D is empty now.
    const markAt = (key: string) => {
      const [x, y] = squareCentre(key);
      return img.pixel(Math.round(x) - 3, Math.round(y) + 8).slice(0, 3); // inside every mark's shape, below its number
    };
    expect(markAt('5D')).toEqual(rgb(TEAM_COLOURS.coalition));
    expect(markAt('20H')).toEqual(rgb(TEAM_COLOURS.phyrexia));
    // 3D is empty: plains where Sai Rei's circle was (beside the arrow that leaves it).
    const [x3, y3] = squareCentre('3D');
    expect(img.pixel(Math.round(x3) - 8, Math.round(y3) + 8).slice(0, 3)).toEqual(rgb(TERRAIN_COLOURS.plains));

    // The HTML form shows it inline.
    const raw = (await composeMail((await findOutboxMail(t.db, rows[0]!.id))!, JUDGE)).toString('utf8');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toMatch(/src=(3D)?"cid:grid-cvp2-t1"/); // quoted-printable writes = as =3D
    expect(raw).toMatch(/Content-ID: <grid-cvp2-t1>/);
    expect(raw).toMatch(/Content-Type: image\/png; name=cvp2-T1\.png/);
  });
});
