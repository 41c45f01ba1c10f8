/**
 * Issue 15: every results report lists where each power's units stand at the start of the next
 * phase, the reader's own power first, and carries the map of the position as a PNG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { withAttachments } from '../helpers/outbox-attachments.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the position and the map in every results report', () => {
  it('lists the units, the reader first, and attaches one PNG of the position', async () => {
    await demoGameWithOrders(t.db, 'pictured');
    expect(await adjudicatePhaseTask(t.db, DEMO_CTX, { gameId: 'pictured', phase: 'S1901M' })).toBe('adjudicated');
    const rows = await withAttachments(t.db, await t.db.selectFrom('outbox').select(['to_address', 'body_text', 'attachments']).where('game_id', '=', 'pictured').where('kind', '=', 'adjudication-report').execute());
    expect(rows).toHaveLength(8);
    const france = rows.find((r) => r.to_address === 'france@example.org')!;
    expect(france.body_text).toMatch(/Position at the start of F1901M/);
    // The reader's own power first.
    const units = france.body_text.slice(france.body_text.indexOf('Units:'));
    expect(units.split('\n')[1]).toMatch(/^FRANCE\s/);
    expect(france.body_text).toMatch(/The map of this position is attached \(pictured-S1901M\.png\)/);
    const pictures = rows.map((r) => r.attachments.find((a) => a.contentType === 'image/png')!);
    expect(pictures.every((p) => p.filename === 'pictured-S1901M.png')).toBe(true);
    const png = Buffer.from(pictures[0]!.content, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(10_000);
    // Drawn once: every reader gets the same bytes.
    expect(new Set(pictures.map((p) => p.content)).size).toBe(1);
    // Issue 28: the phone layout rides beside it: 520 px wide (two halves of the map, stacked).
    const phones = rows.map((r) => r.attachments.find((a) => a.filename === 'pictured-S1901M-phone.png'));
    expect(phones.every((p) => p?.contentType === 'image/png')).toBe(true);
    const phone = Buffer.from(phones[0]!.content, 'base64');
    expect([phone.readUInt32BE(16), phone.readUInt32BE(20)]).toEqual([520, expect.any(Number)]);
    expect(phone.readUInt32BE(20)).toBeGreaterThan(2 * 971);
  });
});
