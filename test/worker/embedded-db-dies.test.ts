/**
 * The embedded database dies under `mailjudge start` (issue 16): kill -9 of the postgres server.
 * The judge must not go on retrying a dead database forever: it says so on stderr and exits 75
 * (EX_TEMPFAIL) within seconds, so that its service manager restarts it; the restarted judge starts
 * the database again and runs, and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postmasterPid, processAlive } from '../../src/worker/database-watchdog.js';
import { CLI } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';

const stateDir = mkdtempSync(join(tmpdir(), 'mj-db-dies-'));
const running: ChildProcess[] = [];
afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  const pid = postmasterPid(join(stateDir, 'pgdata'));
  if (pid !== undefined && processAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(stateDir, { recursive: true, force: true });
});

interface Judge {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

async function startJudge(port: number): Promise<Judge> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_PG_PORT: String(port), MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org' };
  const child = spawn(process.execPath, [CLI, 'start', '--concurrency', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('mailjudge is running')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => reject(new Error(`mailjudge start exited ${code}: ${out}`)));
  });
  return { child, output: () => out, exited };
}

describe('mailjudge start on the embedded database, the database killed', () => {
  it('exits 75 within seconds, saying why; the restarted judge runs again', async () => {
    const port = await freePort();
    const first = await startJudge(port);
    expect(first.output()).toContain('watched: if it dies the judge exits with status 75');
    const pid = postmasterPid(join(stateDir, 'pgdata'));
    expect(pid).toBeDefined();
    const killedAt = Date.now();
    process.kill(pid!, 'SIGKILL');
    const code = await Promise.race([first.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000))]);
    const tookMs = Date.now() - killedAt;
    expect(code, first.output()).toBe(75);
    expect(first.output()).toMatch(/the embedded PostgreSQL in .* died \(the postgres server \(pid \d+\) is gone\)/);
    expect(tookMs).toBeLessThan(10_000);

    const second = await startJudge(port); // what the service manager does
    const again = postmasterPid(join(stateDir, 'pgdata'));
    expect(again).toBeDefined();
    expect(again).not.toBe(pid);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    console.log(`embedded-db-dies: the judge exited 75 ${tookMs} ms after kill -9 of postgres; the restart ran and stopped cleanly`);
  }, 180_000);
});
