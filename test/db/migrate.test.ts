/**
 * The migrator against a real PostgreSQL: applies once, is idempotent, serialises concurrent runs,
 * refuses an edited or unknown migration, rolls a failing file back.
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { DbError } from '../../src/db/errors.js';
import { migrate, pendingMigrations, readMigrations } from '../../src/db/migrate.js';
import { defaultMigrationsDir } from '../../src/db/migration-files.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const opened: TestDatabase[] = [];
const scratch: string[] = [];
function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mailjudge-sql-'));
  scratch.push(dir);
  return dir;
}
async function emptyDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase({ empty: true });
  opened.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function sqlDirCopy(): string {
  const dir = join(scratchDir(), 'sql');
  cpSync(defaultMigrationsDir(), dir, { recursive: true });
  return dir;
}

async function rejection(p: Promise<unknown>): Promise<DbError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DbError);
  return e as DbError;
}

describe('migrate', () => {
  it('applies every migration once, records it, and is a no-op the second time', async () => {
    const { db } = await emptyDatabase();
    const names = readMigrations().map((m) => m.name);
    expect(names[0]).toBe('0001_init');
    expect(await migrate(db)).toEqual(names);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.selectFrom('schema_migrations').select(['name', 'checksum']).orderBy('name').execute();
    expect(rows).toEqual(readMigrations().map((m) => ({ name: m.name, checksum: m.checksum })));
    const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
    // Every table the migrations create (plus schema_migrations) exists.
    const created = readMigrations().flatMap((m) => [...readFileSync(join(defaultMigrationsDir(), `${m.name}.sql`), 'utf8').matchAll(/^CREATE TABLE (\w+)/gm)].map((x) => x[1]));
    expect(created.length).toBeGreaterThan(15);
    expect(tables.rows[0]!.n).toBe(created.length + 1);
  });

  it('lets only one of two concurrent runs apply (advisory lock); the other finds nothing to do', async () => {
    const t = await emptyDatabase();
    const other = createDb(t.url, { maxConnections: 2 });
    try {
      const results = await Promise.all([migrate(t.db), migrate(other)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, readMigrations().length]);
    } finally {
      await other.destroy();
    }
  });

  it('refuses to run when an applied migration file was edited, naming the file', async () => {
    const { db } = await emptyDatabase();
    await migrate(db);
    const dir = sqlDirCopy();
    appendFileSync(join(dir, '0001_init.sql'), '\n-- an innocent-looking edit\n');
    const e = await rejection(migrate(db, { dir }));
    expect(e.code).toBe('migration-changed');
    expect(e.message).toContain('0001_init.sql was edited after it was applied');
    expect(e.message).toContain('put the change in a new numbered file');
  });

  it('ignores CRLF line endings (a Windows checkout is not an edit)', async () => {
    const { db } = await emptyDatabase();
    await migrate(db);
    const dir = sqlDirCopy();
    const m = readMigrations(dir)[0]!;
    writeFileSync(join(dir, '0001_init.sql'), m.sql.replace(/\n/g, '\r\n'));
    expect(await migrate(db, { dir })).toEqual([]);
  });

  it('refuses a database that has a migration this build does not know', async () => {
    const { db } = await emptyDatabase();
    await migrate(db);
    await db.insertInto('schema_migrations').values({ name: '0999_from_the_future', checksum: 'x' }).execute();
    const e = await rejection(migrate(db));
    expect(e.code).toBe('migration-unknown');
    expect(e.message).toContain('0999_from_the_future is applied but there is no 0999_from_the_future.sql');
  });

  it('rolls back a failing migration entirely and keeps the earlier ones', async () => {
    const { db } = await emptyDatabase();
    const dir = sqlDirCopy();
    writeFileSync(join(dir, '0900_broken.sql'), 'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    const e = await rejection(migrate(db, { dir }));
    expect(e.code).toBe('migration-failed');
    expect(e.message).toContain('0900_broken.sql failed and was rolled back');
    const applied = await db.selectFrom('schema_migrations').select('name').execute();
    expect(applied.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
    const half = await sql<{ t: string | null }>`SELECT to_regclass('half_done')::text AS t`.execute(db);
    expect(half.rows[0]!.t).toBeNull();
  });
});

describe('readMigrations and pendingMigrations (no database)', () => {
  it('rejects badly named files and duplicate numbers, naming each', () => {
    const dir = scratchDir();
    mkdirSync(join(dir, 'x'));
    writeFileSync(join(dir, '0001_init.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '0001_again.sql'), 'SELECT 1;');
    writeFileSync(join(dir, 'init.sql'), 'SELECT 1;');
    writeFileSync(join(dir, 'README.md'), 'not a migration');
    expect(() => readMigrations(dir)).toThrow(
      'bad migration files in ' + dir + ': 0001_init.sql: number 0001 is also used by 0001_again.sql; init.sql: migration files are named NNNN_lower_case_name.sql',
    );
  });

  it('returns the files not applied yet, in order', () => {
    const files = [
      { name: '0001_a', sql: '', checksum: 'a' },
      { name: '0002_b', sql: '', checksum: 'b' },
    ];
    expect(pendingMigrations(files, [{ name: '0001_a', checksum: 'a' }]).map((m) => m.name)).toEqual(['0002_b']);
  });
});
