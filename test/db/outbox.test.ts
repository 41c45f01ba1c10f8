/**
 * The transactional outbox: a dedupe key makes enqueueing idempotent, and SKIP LOCKED claims never
 * hand one mail to two senders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimPendingOutbox,
  enqueueOutbox,
  enqueueOutboxMany,
  findOutboxMail,
  markOutboxFailed,
  markOutboxSent,
  outboxKey,
  outboxMessageId,
  type NewOutboxMail,
} from '../../src/db/outbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

function mail(to: string, phase = 'S1901M'): NewOutboxMail {
  const dedupeKey = outboxKey('report', 'wm-r1-b7', phase, to);
  return {
    dedupeKey,
    kind: 'adjudication-report',
    to,
    subject: `wm-r1-b7 ${phase} results`,
    bodyText: 'results',
    headers: { 'Auto-Submitted': 'auto-replied' },
    messageId: outboxMessageId(dedupeKey, 'judge.example.org'),
  };
}

describe('outbox', () => {
  it('builds deterministic keys and Message-IDs', () => {
    expect(outboxKey('report', 'wm-r1-b7', 'S1901M', 'Ann@Example.org')).toBe('report:wm-r1-b7:s1901m:ann@example.org');
    expect(outboxMessageId('k', 'judge.example.org')).toBe(outboxMessageId('k', 'judge.example.org'));
    expect(outboxMessageId('k', 'judge.example.org')).toMatch(/^[0-9a-f]{32}@judge\.example\.org$/);
  });

  it('enqueues a mail once per dedupe key, even when asked twice', async () => {
    const a = await t.db.transaction().execute((trx) => enqueueOutbox(trx, mail('ann@example.org')));
    const b = await t.db.transaction().execute((trx) => enqueueOutbox(trx, { ...mail('ann@example.org'), bodyText: 'a retry would say this' }));
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    const stored = await findOutboxMail(t.db, a.id);
    expect(stored).toMatchObject({ bodyText: 'results', status: 'pending', attempts: 0, headers: { 'Auto-Submitted': 'auto-replied' } });
  });

  it('hands each pending mail to one of two concurrent claimers (FOR UPDATE SKIP LOCKED)', async () => {
    for (const to of ['b@example.org', 'c@example.org', 'd@example.org', 'e@example.org']) await enqueueOutbox(t.db, mail(to, 'F1901M'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstClaim: number[] = [];
    const claimedFirst = new Promise<void>((resolve) => {
      void t.db.transaction().execute(async (trx) => {
        firstClaim = (await claimPendingOutbox(trx, { limit: 3 })).map((m) => m.id);
        resolve();
        await held; // keep the row locks while the second claimer runs
      });
    });
    await claimedFirst;
    const secondClaim = await t.db.transaction().execute(async (trx) => (await claimPendingOutbox(trx, { limit: 10 })).map((m) => m.id));
    release();
    expect(firstClaim).toHaveLength(3);
    expect(secondClaim.length).toBeGreaterThan(0);
    expect(secondClaim.filter((id) => firstClaim.includes(id))).toEqual([]);
  });

  it('records sends and failures; a permanent failure is no longer pending', async () => {
    const ok = await enqueueOutbox(t.db, mail('sent@example.org', 'W1901A'));
    const retry = await enqueueOutbox(t.db, mail('retry@example.org', 'W1901A'));
    const dead = await enqueueOutbox(t.db, mail('dead@example.org', 'W1901A'));
    const sentAt = new Date('2030-05-01T12:00:01Z');
    await t.db.transaction().execute(async (trx) => {
      const claimed = await claimPendingOutbox(trx, { id: ok.id });
      expect(claimed.map((m) => m.id)).toEqual([ok.id]);
      await markOutboxSent(trx, ok.id, sentAt);
    });
    await markOutboxFailed(t.db, retry.id, '421 try again later');
    await markOutboxFailed(t.db, dead.id, '550 no such user', { permanent: true });
    expect(await findOutboxMail(t.db, ok.id)).toMatchObject({ status: 'sent', sentAt, attempts: 1, lastError: null });
    expect(await findOutboxMail(t.db, retry.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
    expect(await findOutboxMail(t.db, dead.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 no such user' });
    const pending = await t.db.transaction().execute((trx) => claimPendingOutbox(trx, { limit: 100 }));
    expect(pending.map((m) => m.id)).toContain(retry.id);
    expect(pending.map((m) => m.id)).not.toContain(dead.id);
    expect(pending.map((m) => m.id)).not.toContain(ok.id);
  });

  it('enqueues several mails with one INSERT, in order, each key once (issue 29)', async () => {
    const before = await t.db.transaction().execute((trx) => enqueueOutbox(trx, mail('m1@example.org', 'F1907R')));
    const many = await t.db.transaction().execute((trx) => enqueueOutboxMany(trx, [
      mail('m0@example.org', 'F1907R'), mail('m1@example.org', 'F1907R'), mail('m2@example.org', 'F1907R'), mail('m2@example.org', 'F1907R'),
    ]));
    // m1 was queued before: its id, not created; m2 asked twice in one call: created once.
    expect(many.map((m) => m.created)).toEqual([true, false, true, false]);
    expect(many[1]!.id).toBe(before.id);
    expect(many[3]!.id).toBe(many[2]!.id);
    expect(many[0]!.id).toBeLessThan(many[2]!.id); // the order given
    const rows = await t.db.selectFrom('outbox').select(['to_address']).where('dedupe_key', 'like', 'report:wm-r1-b7:f1907r:%').orderBy('id').execute();
    expect(rows.map((r) => r.to_address)).toEqual(['m1@example.org', 'm0@example.org', 'm2@example.org']);
    expect(await t.db.transaction().execute((trx) => enqueueOutboxMany(trx, []))).toEqual([]);
  });
});
