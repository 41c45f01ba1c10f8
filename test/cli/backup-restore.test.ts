/**
 * `mailjudge backup` → `mailjudge restore` → `mailjudge reproduce` (issue 27) on the embedded
 * database, with a game in progress: every table's rows (the raw mail archive included) are the same
 * after the round trip, the restored judge reproduces the game identically, and a restore into a
 * state directory that has a database is refused.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db/connect.js';
import type { Db } from '../../src/db/schema.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { freePort } from '../helpers/free-port.js';
import { CLI } from '../helpers/cli.js';
import { migrateQueue } from '../../src/worker/queue.js';

let root: string;
let a: { dir: string; port: number; open: OpenDatabase };
let b: { dir: string; port: number };

function cli(state: { dir: string; port: number }, ...args: string[]) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILJUDGE_STATE_DIR: state.dir, MAILJUDGE_PG_PORT: String(state.port), MAILJUDGE_FROM_ADDRESS: DEMO_CTX.fromAddress };
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  if (r.error) throw r.error;
  return r;
}

/** Every row of every table of the judge's, as text, table by table in primary-key order. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const tables = (await sql<{ name: string }>`SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY relname`.execute(db)).rows;
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    // schema_migrations: the restore applies the migrations itself, so only their names and checksums are the same.
    const rows = t.name === 'schema_migrations'
      ? await sql<{ j: string }>`SELECT name || ' ' || checksum AS j FROM schema_migrations`.execute(db)
      : await sql<{ j: string }>`SELECT to_jsonb(x)::text AS j FROM ${sql.id(t.name)} x`.execute(db);
    out[t.name] = rows.rows.map((r) => r.j).sort();
  }
  return out;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mj-backup-'));
  chmodSync(root, 0o755); // the embedded server's user must traverse it
  a = { dir: join(root, 'a'), port: await freePort(), open: undefined as unknown as OpenDatabase };
  b = { dir: join(root, 'b'), port: await freePort() };
  a.open = await openDatabase({ stateDir: a.dir, embeddedPort: a.port, databaseUrl: undefined });
  await migrateQueue(a.open.embedded!.url);
  // A game in progress: seven S1901M sets by mail, Spring adjudicated, Fall open.
  await demoGameWithOrders(a.open.db, 'bk-1');
  await adjudicatePhaseTask(a.open.db, { ...DEMO_CTX, now: () => new Date('2026-03-06T12:00:01Z') }, { gameId: 'bk-1', phase: 'S1901M' });
}, 120_000);
afterAll(async () => {
  await a?.open?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('backup, restore, reproduce', () => {
  it('round trip on the embedded database with a game in progress', async () => {
    const game = await a.open.db.selectFrom('games').select('current_phase').where('id', '=', 'bk-1').executeTakeFirstOrThrow();
    expect(game.current_phase).toBe('F1901M');
    const file = join(root, 'judge.backup.gz');
    // Taken while A's server runs and this process holds it open (the CLI reuses the running server).
    const backup = cli(a, 'backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables, as of /);

    const restore = cli(b, 'restore', file);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/^Restored \d+ rows of \d+ tables/);

    const restored = await openDatabase({ stateDir: b.dir, embeddedPort: b.port, databaseUrl: undefined });
    try {
      const [before, after] = [await contents(a.open.db), await contents(restored.db)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const t of Object.keys(before)) expect(after[t], t).toEqual(before[t]);
      // The archive's bytes themselves, by their stored hash and a fresh one.
      const raw = await sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_messages WHERE sha256 = encode(sha256(raw), 'hex')`.execute(restored.db);
      expect(raw.rows[0]!.n).toBe(7);
      // New rows continue after the restored ones (identity sequences reset).
      const maxId = (await restored.db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m as number;
      const next = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('public.outbox', 'id'))::int AS id`.execute(restored.db);
      expect(next.rows[0]!.id).toBe(Number(maxId) + 1);
    } finally {
      await restored.stop();
    }

    // The restored judge gives the same results: reproduce replays the game's record and compares.
    const reproduce = cli(b, 'reproduce', '--game', 'bk-1');
    expect(reproduce.stderr).toBe('');
    expect(reproduce.stdout).toMatch(/^reproduce bk-1: matched: 7 message\(s\), \d+ command\(s\), 1 worker run\(s\) replayed; .* identical\./);
    expect(reproduce.status).toBe(0);

    // A second restore into B (which now has a database) is refused, and changes nothing.
    const again = cli(b, 'restore', file);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has a database');
  }, 180_000);
});
