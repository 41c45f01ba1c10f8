/**
 * The embedded database dies under `mailjudge start` (issue 16): kill -9 of the postgres server.
 * The judge must not go on retrying a dead database forever: it says so on stderr and exits 75
 * (EX_TEMPFAIL) within seconds, so that its service manager restarts it; the restarted judge starts
 * the database again and runs, and stops cleanly on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { POWERS } from '../../src/diplomacy/index.js';
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

function judgeEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_PG_PORT: String(port), MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org', ...extra };
}

async function startJudge(port: number, extra: Record<string, string> = {}): Promise<Judge> {
  const env = judgeEnv(port, extra);
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

/**
 * Issue 25 (8): postgres shut down fast (SIGINT: 57P01 to every connection) while a burst of mail
 * comes in through the SMTP listener and the queue sends the acknowledgements. Whichever library
 * notices first (the watchdog, graphile-worker's runner, a rejection no one handled), the judge logs
 * `database.dead` and exits 75: three trials in a row, each on a restarted judge and database.
 */
describe('mailjudge start, the embedded database shut down (SIGINT) under a burst of mail', () => {
  it('exits 75 with database.dead, three times out of three', async () => {
    const port = await freePort();
    const GAME = 'dies-burst';
    const gameFile = join(stateDir, 'game.json');
    writeFileSync(gameFile, JSON.stringify({
      id: GAME, address: `${GAME}@judge.example.org`, gm: { name: 'Gail', email: `${GAME}-gm@example.org` }, rules: 'wm', deadline: '2030-05-01T12:00Z',
      players: POWERS.map((power) => ({ power, name: power, email: `${GAME}-${power.toLowerCase()}@example.org`, timeZone: 'UTC' })),
    }));
    const created = spawnSync(process.execPath, [CLI, 'game', 'create', '--from', gameFile], { env: judgeEnv(port), encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    const figures: string[] = [];
    for (let trial = 1; trial <= 3; trial++) {
      const smtpPort = await freePort();
      const judge = await startJudge(port, { MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${smtpPort}` });
      const pid = postmasterPid(join(stateDir, 'pgdata'));
      expect(pid).toBeDefined();
      // The burst: 60 order sets from the seven players, 12 connections at a time.
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 12 });
      let accepted = 0;
      let killedAt = 0;
      const burst = Array.from({ length: 60 }, (_, i) => {
        const from = `${GAME}-${POWERS[i % 7]!.toLowerCase()}@example.org`;
        const raw = [`Message-ID: <burst-${trial}-${i}@example.org>`, `From: ${from}`, `To: ${GAME}@judge.example.org`, 'Subject: S1901M orders', '', 'HOLD ALL', ''].join('\r\n');
        return transport.sendMail({ envelope: { from, to: [`${GAME}@judge.example.org`] }, raw }).then(() => {
          // SIGINT to postgres (fast shutdown) once the burst is well under way.
          if (++accepted === 15) {
            killedAt = Date.now();
            process.kill(pid!, 'SIGINT');
          }
        }, () => {});
      });
      const code = await Promise.race([judge.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000))]);
      const tookMs = Date.now() - killedAt;
      await Promise.all(burst);
      transport.close();
      expect(killedAt, `trial ${trial}: the burst never got 15 messages in: ${judge.output()}`).toBeGreaterThan(0);
      expect(code, `trial ${trial}: ${judge.output()}`).toBe(75);
      expect(judge.output()).toContain('"event":"database.dead"');
      expect(judge.output()).toMatch(/Exiting with status 75 so that a service manager restarts the judge/);
      expect(judge.output()).not.toMatch(/unhandled rejection: (?!.*database)/);
      const noticed = /"event":"database.dead".*?"reason":"([^"]*)"/.exec(judge.output())?.[1] ?? '?';
      figures.push(`trial ${trial}: exit ${code} ${tookMs} ms after SIGINT (${accepted} of 60 messages accepted; noticed by: ${noticed})`);
    }
    console.log(`embedded-db-dies (SIGINT under a burst):\n  ${figures.join('\n  ')}`);
  }, 240_000);
});
