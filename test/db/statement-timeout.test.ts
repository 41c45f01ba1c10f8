/**
 * Issue 29: the judge's connections carry the statement timeout and the pool size of the settings,
 * and are named (application_name: the 0030 columns record it, test/worker/three-judges.test.ts);
 * migrations are never cut by the timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let open: OpenDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  open = await openDatabase({ databaseUrl: t.url, stateDir: './unused', embeddedPort: 1, databasePoolSize: 2, statementTimeoutSeconds: 1 }, { applicationName: 'mailjudge/worker/test:1' });
});
afterAll(async () => {
  await open?.stop();
  await t?.close();
});

describe('the judge\'s connections', () => {
  it('cancel a statement that runs past MAILJUDGE_STATEMENT_TIMEOUT_SECONDS, and are named', async () => {
    const r = await sql<{ timeout: string; name: string }>`SELECT current_setting('statement_timeout') AS timeout, current_setting('application_name') AS name`.execute(open.db);
    expect(r.rows[0]).toEqual({ timeout: '1s', name: 'mailjudge/worker/test:1' });
    await expect(sql`SELECT pg_sleep(1.5)`.execute(open.db)).rejects.toMatchObject({ code: '57014' });
  });

  it('open at most MAILJUDGE_DB_POOL_SIZE connections', async () => {
    await Promise.all(Array.from({ length: 6 }, () => sql`SELECT pg_sleep(0.2)`.execute(open.db)));
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'mailjudge/worker/test:1'`.execute(t.db);
    expect(n.rows[0]!.n).toBe(2);
  });

  it('run migrations without the timeout, and have it back afterwards', async () => {
    await migrate(open.db); // takes the migration lock: a wait past 1 s would be cancelled without SET statement_timeout = 0
    const r = await sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(open.db);
    expect(r.rows[0]!.timeout).toBe('1s');
  });
});
