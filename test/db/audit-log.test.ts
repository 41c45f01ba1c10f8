/**
 * The audit trail's hash chain: it verifies when intact, and a rewritten row (done here the only way
 * it can be: by the table owner with the append-only trigger disabled) is found.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, appendAudit, auditHash, verifyAuditChain } from '../../src/db/audit-log.js';
import { DbError } from '../../src/db/errors.js';
import type { Db } from '../../src/db/schema.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const append = (db: Db, action: string, detail: unknown = {}) =>
  db.transaction().execute((trx) => appendAudit(trx, { actor: 'test', action, detail }));

/** Run `statement` with the append-only trigger off, as an attacker with owner rights would. */
async function tamper(statement: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(trx);
    await sql.raw(statement).execute(trx);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(trx);
  });
}

describe('the audit chain', () => {
  it('links each entry to the previous one, from the genesis hash', async () => {
    const a = await append(t.db, 'test.first', { n: 1, nested: { b: [1, 2], a: 'x' } });
    const b = await append(t.db, 'test.second', { when: new Date('2024-05-01T12:00:00Z'), dropped: undefined });
    expect(a.prevHash).toBe(GENESIS_HASH);
    expect(b.prevHash).toBe(a.hash);
    expect(b.detail).toEqual({ when: '2024-05-01T12:00:00.000Z' });
    expect(a.hash).toBe(auditHash(GENESIS_HASH, a));
    expect(a.at.getUTCMilliseconds()).toBe(a.at.getTime() % 1000);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('hashes in the database exactly as the chain formula does, text outside ASCII and escapes included (issue 29)', async () => {
    // sql/0034 computes the hash in PostgreSQL from the canonical JSON written here; appendAudit
    // refuses a mismatch, and verifyAuditChain recomputes every hash in JavaScript.
    const e = await t.db.transaction().execute((trx) => appendAudit(trx, {
      actor: 'person:Müller "Mü"', action: 'test.unicode',
      detail: { name: 'Müller ✓ 😀', escapes: 'a"b\\c\n\t\u0001', big: 12345678901234, neg: -1.5, list: [null, true, 'ß'] },
    }));
    expect(e.hash).toBe(auditHash(e.prevHash, e));
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('stays one chain when many transactions append at once', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => append(t.db, 'test.concurrent', { i })));
    expect(await verifyAuditChain(t.db, { batchSize: 5 })).toBeNull();
  });

  it('refuses a REPEATABLE READ transaction, whose snapshot could miss the head', async () => {
    const e = await t.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => appendAudit(trx, { actor: 'test', action: 'test.refused' }))
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(DbError);
    expect((e as DbError).code).toBe('audit-isolation');
  });

  it('finds a row whose content was rewritten', async () => {
    const target = await append(t.db, 'test.target', { verdict: 'orders on time' });
    await append(t.db, 'test.after');
    await tamper(`UPDATE audit_log SET detail = '{"verdict": "orders late"}' WHERE id = ${target.id}`);
    expect(await verifyAuditChain(t.db)).toBe(target.id);
  });

  it('finds a rewrite that also recomputed the row hash, at the next row', async () => {
    const s = await createTestDatabase();
    try {
      const a = await append(s.db, 'test.a');
      const b = await append(s.db, 'test.b', { x: 1 });
      const c = await append(s.db, 'test.c');
      const forged = auditHash(a.hash, { ...b, detail: { x: 2 } });
      await s.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(trx);
        await sql`UPDATE audit_log SET detail = '{"x": 2}', hash = ${forged} WHERE id = ${b.id}`.execute(trx);
        await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(trx);
      });
      expect(await verifyAuditChain(s.db)).toBe(c.id);
    } finally {
      await s.close();
    }
  });

  it('finds a deleted row, at the row after the gap', async () => {
    const s = await createTestDatabase();
    try {
      await append(s.db, 'test.a');
      const b = await append(s.db, 'test.b');
      const c = await append(s.db, 'test.c');
      await s.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(trx);
        await sql`DELETE FROM audit_log WHERE id = ${b.id}`.execute(trx);
        await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(trx);
      });
      expect(await verifyAuditChain(s.db)).toBe(c.id);
    } finally {
      await s.close();
    }
  });
});
