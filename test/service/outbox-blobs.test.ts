/**
 * Issue 29: a results report's pictures are stored once per game, not once per recipient. The 8
 * reports of a game (7 players + the GM) name the wide and the phone map by the SHA-256 of their
 * bytes; outbox_blobs holds each once; the mail each reader gets carries those bytes unchanged; a row
 * written before sql/0032 (the PNG inline, base64) still sends.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_ATTACHMENT_MAX_BYTES, claimPendingOutbox, findOutboxMail, outboxKey, outboxMessageId, enqueueOutbox } from '../../src/db/outbox.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const blobCount = async () => Number((await t.db.selectFrom('outbox_blobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('outbox_blobs: each picture stored once', () => {
  it("a game's 8 results reports store the wide and the phone map once, and every mail carries those bytes", async () => {
    await demoGameWithOrders(t.db, 'blobs');
    const before = await blobCount();
    expect(await adjudicatePhaseTask(t.db, DEMO_CTX, { gameId: 'blobs', phase: 'S1901M' })).toBe('adjudicated');
    // Two pictures drawn for the game (wide and phone): two new blob rows, not 8 × 2.
    expect(await blobCount()).toBe(before + 2);

    const rows = await t.db.selectFrom('outbox').select(['id', 'to_address', 'attachments']).where('game_id', '=', 'blobs').where('kind', '=', 'adjudication-report').orderBy('id').execute();
    expect(rows).toHaveLength(8);
    const refs = rows.map((r) => r.attachments.filter((a) => a.contentType === 'image/png'));
    for (const [i, pngs] of refs.entries()) {
      expect(pngs.map((a) => a.filename), rows[i]!.to_address).toEqual(['blobs-S1901M.png', 'blobs-S1901M-phone.png']);
      // By reference, without the bytes; the inline picture keeps its cid in the row.
      expect(pngs.every((a) => a.content === undefined && /^[0-9a-f]{64}$/.test(a.blob!))).toBe(true);
      expect(pngs[0]!.cid).toBe('map-blobs-s1901m');
    }
    const hashes = new Set(refs.flat().map((a) => a.blob!));
    expect(hashes.size).toBe(2);
    // The calendar event of F1901M stays in the row (a few hundred bytes, under the threshold).
    const ics = rows[0]!.attachments.find((a) => a.calendarMethod)!;
    expect(ics.content).toBeDefined();
    expect(Buffer.from(ics.content!, 'base64').length).toBeLessThanOrEqual(INLINE_ATTACHMENT_MAX_BYTES);
    // The blob rows are keyed by the hash of their own bytes.
    const blobs = await t.db.selectFrom('outbox_blobs').select(['sha256', 'content', 'content_type']).where('sha256', 'in', [...hashes]).execute();
    expect(blobs).toHaveLength(2);
    for (const b of blobs) {
      expect(sha256(b.content)).toBe(b.sha256);
      expect(b.content_type).toBe('image/png');
      expect(b.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    // What the rows weigh now: the references, not 8 copies of ~650 KB of base64.
    const size = await sql<{ bytes: number }>`SELECT sum(pg_column_size(attachments))::int AS bytes FROM outbox WHERE game_id = 'blobs' AND kind = 'adjudication-report'`.execute(t.db);
    expect(size.rows[0]!.bytes).toBeLessThan(8 * 4096);

    // Sent together (one send-mail job of 8, as queueMails makes it) into the file outbox, read back.
    const dir = mkdtempSync(join(tmpdir(), 'mj-blobs-'));
    try {
      const files = createTransport({ from: DEMO_CTX.fromAddress, outboxDir: dir });
      await sendMailTask(t.db, files, { outboxIds: rows.map((r) => r.id) });
      const emls = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(emls).toHaveLength(8);
      const byHash = new Map(blobs.map((b) => [b.sha256, b.content]));
      for (const [i, r] of rows.entries()) {
        const eml = emls.find((f) => f.includes(`-${r.id}-`))!;
        const raw = readFileSync(join(dir, eml));
        const parsed = await simpleParser(raw);
        const got = parsed.attachments.filter((a) => a.contentType === 'image/png');
        expect(got.map((a) => a.filename)).toEqual(['blobs-S1901M.png', 'blobs-S1901M-phone.png']);
        for (const [k, a] of got.entries()) expect(a.content.equals(byHash.get(refs[i]![k]!.blob!)!), `${r.to_address} ${a.filename}`).toBe(true);
        // The wide one is the HTML form's inline picture (mailparser turns cid: into data: URIs; the raw mail names it).
        expect(raw.toString('latin1')).toContain('src=3D"cid:map-blobs-s1901m"');
        expect(got[0]!.cid).toBe('map-blobs-s1901m');
      }
      const sent = await t.db.selectFrom('outbox').select('status').where('id', 'in', rows.map((r) => r.id)).execute();
      expect(sent.every((s) => s.status === 'sent')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the same picture in two games is one blob (the game-start maps of one position)', async () => {
    await demoGameWithOrders(t.db, 'blobs-a');
    const n = await blobCount();
    await demoGameWithOrders(t.db, 'blobs-b');
    expect(await blobCount()).toBe(n); // b's starting map is a's
    const starts = await t.db.selectFrom('outbox').select('attachments').where('game_id', 'in', ['blobs-a', 'blobs-b']).where('kind', '=', 'game-start').execute();
    expect(starts.length).toBeGreaterThanOrEqual(16);
    expect(new Set(starts.flatMap((r) => r.attachments.filter((a) => a.contentType === 'image/png').map((a) => a.blob))).size).toBe(1);
  });

  it('a row written before sql/0032, with the PNG inline, still sends, beside one that names a blob', async () => {
    const png = (await t.db.selectFrom('outbox_blobs').select('content').where('content_type', '=', 'image/png').limit(1).executeTakeFirstOrThrow()).content;
    const key = outboxKey('legacy', 'blobs', 'inline');
    // As 0010–0031 wrote it: the bytes base64 in the row itself.
    const legacy = await t.db.insertInto('outbox').values({
      dedupe_key: key, game_id: 'blobs', kind: 'player-position', to_address: 'france@example.org', subject: 'legacy', body_text: 'the map', message_id: outboxMessageId(key, 'judge.example.org'),
      attachments: JSON.stringify([{ filename: 'legacy.png', contentType: 'image/png', content: png.toString('base64') }]),
    }).returning('id').executeTakeFirstOrThrow();
    const key2 = outboxKey('legacy', 'blobs', 'ref');
    const fresh = await enqueueOutbox(t.db, { dedupeKey: key2, gameId: 'blobs', kind: 'player-position', to: 'italy@example.org', subject: 'new', bodyText: 'the map', messageId: outboxMessageId(key2, 'judge.example.org'), attachments: [{ filename: 'new.png', contentType: 'image/png', content: png.toString('base64') }] });
    // The new row names the blob already stored (no second copy).
    const stored = await t.db.selectFrom('outbox').select('attachments').where('id', '=', fresh.id).executeTakeFirstOrThrow();
    expect(stored.attachments[0]!.blob).toBe(sha256(png));
    // Both read back with their bytes, in one claim.
    const claimed = await t.db.transaction().execute((trx) => claimPendingOutbox(trx, { ids: [legacy.id, fresh.id], limit: 2 }));
    expect(claimed.map((m) => Buffer.from(m.attachments[0]!.content, 'base64').equals(png))).toEqual([true, true]);
    expect((await findOutboxMail(t.db, fresh.id))!.attachments[0]).toEqual({ filename: 'new.png', contentType: 'image/png', content: png.toString('base64') });
    const dir = mkdtempSync(join(tmpdir(), 'mj-blobs-'));
    try {
      await sendMailTask(t.db, createTransport({ from: DEMO_CTX.fromAddress, outboxDir: dir }), { outboxIds: [legacy.id, fresh.id] });
      const emls = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(emls).toHaveLength(2);
      for (const f of emls) {
        const parsed = await simpleParser(readFileSync(join(dir, f)));
        expect(parsed.attachments[0]!.content.equals(png), f).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
