/**
 * Raw inbound mail: stored once, whatever re-ingestion does (IMAP UIDVALIDITY+UID, or the bytes
 * when there is no UID), with the server computing the hash and size from the bytes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInboundByMessageId, findInboundMessage, insertInboundMessage } from '../../src/db/inbound-messages.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const raw = (body: string) => Buffer.from(`Message-ID: <m1@example.org>\r\nSubject: orders\r\n\r\n${body}\r\n`);
const at = new Date('2030-04-30T10:00:00Z');

describe('insertInboundMessage', () => {
  it('stores the bytes as given and computes sha256 and size in the database', async () => {
    const bytes = raw('A PAR - BUR');
    const r = await insertInboundMessage(t.db, { raw: bytes, receivedAt: at, source: 'imap', mailbox: 'INBOX', uidvalidity: 7n, uid: 1n, messageId: 'm1@example.org' });
    expect(r.created).toBe(true);
    const m = await findInboundMessage(t.db, r.id);
    expect(m?.raw.equals(bytes)).toBe(true);
    expect(m?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(m?.size).toBe(bytes.length);
    expect(m).toMatchObject({ receivedAt: at, source: 'imap', mailbox: 'INBOX', uidvalidity: 7, uid: 1, messageId: 'm1@example.org' });
  });

  it('ignores a second fetch of the same IMAP message and returns the stored id', async () => {
    const first = await insertInboundMessage(t.db, { raw: raw('x'), receivedAt: at, source: 'imap', mailbox: 'INBOX', uidvalidity: 7, uid: 2 });
    const again = await insertInboundMessage(t.db, { raw: raw('x, refetched'), receivedAt: new Date(), source: 'imap', mailbox: 'INBOX', uidvalidity: 7, uid: 2 });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await findInboundMessage(t.db, first.id))?.receivedAt).toEqual(at);
  });

  it('treats a new UIDVALIDITY or another mailbox as a different message', async () => {
    const a = await insertInboundMessage(t.db, { raw: raw('y'), receivedAt: at, source: 'imap', mailbox: 'INBOX', uidvalidity: 8, uid: 2 });
    const b = await insertInboundMessage(t.db, { raw: raw('y'), receivedAt: at, source: 'imap', mailbox: 'confirm', uidvalidity: 7, uid: 2 });
    expect([a.created, b.created]).toEqual([true, true]);
  });

  it('without a UID, dedupes a retried delivery of the same bytes per source and mailbox', async () => {
    const bytes = raw('piped');
    const a = await insertInboundMessage(t.db, { raw: bytes, receivedAt: at, source: 'pipe' });
    const b = await insertInboundMessage(t.db, { raw: Buffer.from(bytes), receivedAt: new Date(), source: 'pipe' });
    const c = await insertInboundMessage(t.db, { raw: bytes, receivedAt: at, source: 'cli' });
    expect(b).toEqual({ id: a.id, created: false });
    expect(c.created).toBe(true);
  });

  it('is safe when the same message is stored by concurrent ingesters', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => insertInboundMessage(t.db, { raw: raw('race'), receivedAt: at, source: 'imap', mailbox: 'INBOX', uidvalidity: 9, uid: 1 })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('finds every copy of a Message-ID, earliest receipt first (D.VII(1))', async () => {
    await insertInboundMessage(t.db, { raw: raw('copy to the game'), receivedAt: new Date('2030-04-30T12:00:05Z'), source: 'imap', mailbox: 'INBOX', uidvalidity: 10, uid: 1, messageId: 'dup@x' });
    await insertInboundMessage(t.db, { raw: raw('copy to confirm'), receivedAt: new Date('2030-04-30T11:59:58Z'), source: 'imap', mailbox: 'confirm', uidvalidity: 3, uid: 1, messageId: 'dup@x' });
    const copies = await findInboundByMessageId(t.db, 'dup@x');
    expect(copies.map((c) => c.mailbox)).toEqual(['confirm', 'INBOX']);
    expect(copies[0]).not.toHaveProperty('raw');
  });
});
