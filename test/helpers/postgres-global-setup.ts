/**
 * vitest globalSetup: ONE PostgreSQL for the whole run. Uses `DATABASE_URL` when it is set (the
 * role needs CREATEDB), else starts an embedded server in a temporary directory. Migrates a
 * template database once; test files copy it (test/helpers/test-db.ts). If no server can be had,
 * the run fails here with the reason: database tests never skip.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { freePort } from './free-port.js';
import { databaseUrl } from './postgres-context.js';

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `mjt_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  const external = process.env.DATABASE_URL || undefined;
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  const t0 = performance.now();
  if (!external) {
    dir = mkdtempSync(join(tmpdir(), 'mailjudge-test-pg-'));
    chmodSync(dir, 0o755); // mkdtemp makes 0700; the postgres user must reach pgdata (INFRA.md §2)
    try {
      server = await startEmbeddedPostgres(dir, { port: await freePort(), durability: 'fast' });
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`database tests need PostgreSQL and the embedded server would not start: ${(e as Error).message}. Set DATABASE_URL to use another server.`, { cause: e });
    }
  }
  const adminUrl = external ? databaseUrl(external, 'postgres') : server!.adminUrl;
  const t1 = performance.now();
  try {
    await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(template)}`));
  } catch (e) {
    await server?.stop();
    throw new Error(`cannot create the template database on ${external ? 'DATABASE_URL' : 'the embedded server'}: ${(e as Error).message}`, { cause: e });
  }
  const db = createDb(databaseUrl(adminUrl, template), { maxConnections: 1 });
  await migrate(db).finally(() => db.destroy());
  const t2 = performance.now();
  const how = server ? `embedded PostgreSQL (init ${Math.round(server.timings.init)} ms, start ${Math.round(server.timings.start)} ms)` : 'DATABASE_URL';
  process.stdout.write(`[postgres] ${how} ready in ${Math.round(t1 - t0)} ms; template migrated in ${Math.round(t2 - t1)} ms\n`);
  project.provide('postgres', { adminUrl, template, prefix });

  return async () => {
    if (server) {
      await server.stop();
      rmSync(dir!, { recursive: true, force: true });
      return;
    }
    await admin(adminUrl, async (c) => {
      const dbs = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${prefix}_`]);
      for (const { datname } of dbs.rows) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(datname)} WITH (FORCE)`);
    });
  };
}
