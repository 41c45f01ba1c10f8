/**
 * Issue 29: Kysely's statements with parameters run as named prepared statements, parsed and planned
 * once per connection (src/db/prepared-statements.ts), on a real PostgreSQL: what the server holds
 * (pg_prepared_statements) after the judge's queries, the texts left unnamed, the bound, the switch
 * (MAILJUDGE_DB_PREPARE=off), and a plan made stale by a migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '../../src/db/database.js';
import { StatementNames } from '../../src/db/prepared-statements.js';
import { loadConfig } from '../../src/config/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

interface Prepared { name: string; statement: string; executions: number }
/** The statements prepared on the connection of a one-connection pool. */
async function prepared(db: ReturnType<typeof createDb>): Promise<Prepared[]> {
  const r = await sql<Prepared>`SELECT name, statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements ORDER BY name`.execute(db);
  return r.rows;
}

describe('StatementNames', () => {
  it.each([
    ['no parameters: unnamed (the text may hold several statements)', 'SELECT 1; SELECT 2', 0, false],
    ['parameters: named', 'SELECT $1::int', 1, true],
  ])('%s', (_, text, count, named) => {
    expect(new StatementNames().nameOf(text, count) !== undefined).toBe(named);
  });

  it('gives one text one name, two texts two, each within PostgreSQL\'s 63 bytes', () => {
    const names = new StatementNames();
    const a = names.nameOf('SELECT $1::int', 1)!;
    expect(names.nameOf('SELECT $1::int', 1)).toBe(a);
    const b = names.nameOf('SELECT $1::text', 1)!;
    expect(b).not.toBe(a);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
    expect(a).toMatch(/^mj_0_[0-9a-f]{40}$/);
  });

  it('names at most `max` texts; the ones named keep their names, later ones go unnamed', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('q1 $1', 1);
    names.nameOf('q2 $1', 1);
    expect(names.nameOf('q3 $1', 1)).toBeUndefined();
    expect(names.nameOf('q1 $1', 1)).toBe(first);
    expect(names.size).toBe(2);
  });

  it('renames a stale text with its next generation (no connection sends the old statement again)', () => {
    const names = new StatementNames();
    const before = names.nameOf('SELECT * FROM t WHERE a = $1', 1)!;
    names.rename('SELECT * FROM t WHERE a = $1');
    const after = names.nameOf('SELECT * FROM t WHERE a = $1', 1)!;
    expect(after).not.toBe(before);
    expect(after.startsWith('mj_1_')).toBe(true);
    expect(after.slice(5)).toBe(before.slice(5));
  });
});

describe('the judge\'s statements on a real server', () => {
  it('are prepared once per connection and executed by name after', async () => {
    const db = createDb(t.url, { maxConnections: 1 });
    try {
      for (const id of [1, 2, 3]) await sql`SELECT ${id}::int AS id, 'x' AS v`.execute(db);
      const ours = (await prepared(db)).filter((p) => p.statement === "SELECT $1::int AS id, 'x' AS v");
      expect(ours).toHaveLength(1);
      expect(ours[0]!.name).toMatch(/^mj_0_/);
      expect(ours[0]!.executions).toBe(3);
    } finally {
      await db.destroy();
    }
  });

  it('leave a text without parameters unnamed, so several statements in one text still run', async () => {
    const db = createDb(t.url, { maxConnections: 1 });
    try {
      await sql.raw('CREATE TEMP TABLE two (a int); INSERT INTO two VALUES (1), (2)').execute(db);
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM two`.execute(db);
      expect(r.rows[0]!.n).toBe(2);
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('prepare nothing with MAILJUDGE_DB_PREPARE=off', async () => {
    const r = loadConfig({ MAILJUDGE_DB_PREPARE: 'off' });
    expect(r.ok && r.config.databasePrepare).toBe(false);
    expect(loadConfig({ MAILJUDGE_DB_PREPARE: 'maybe' })).toMatchObject({ ok: false, problems: ['MAILJUDGE_DB_PREPARE="maybe": must be on or off'] });
    const db = createDb(t.url, { maxConnections: 1, prepare: false });
    try {
      for (const id of [1, 2]) await sql`SELECT ${id}::int AS id`.execute(db);
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('fail once on a plan a migration made stale, then prepare the text afresh', async () => {
    const db = createDb(t.url, { maxConnections: 1 });
    try {
      await sql.raw('CREATE TABLE stale_plan (a int); INSERT INTO stale_plan VALUES (7)').execute(db);
      const read = () => sql<Record<string, number>>`SELECT * FROM stale_plan WHERE a = ${7}`.execute(db);
      expect((await read()).rows).toEqual([{ a: 7 }]);
      await sql.raw('ALTER TABLE stale_plan ADD COLUMN b int DEFAULT 8').execute(db);
      // PostgreSQL refuses the cached plan whose columns changed (SQLSTATE 0A000) ...
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      // ... and the next run prepares the text under a new name, with the new columns.
      expect((await read()).rows).toEqual([{ a: 7, b: 8 }]);
      const names = (await prepared(db)).filter((p) => p.statement.includes('stale_plan')).map((p) => p.name.slice(0, 5)).sort();
      expect(names).toEqual(['mj_0_', 'mj_1_']);
    } finally {
      await db.destroy();
    }
  });
});
