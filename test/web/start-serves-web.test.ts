/**
 * `mailjudge start` with MAILJUDGE_WEB_LISTEN serves the web view (issue 31): the compiled CLI, a
 * real process on the test's database; it says where, `/healthz` answers, the URL it recorded is the
 * one `mailjudge web-link` writes into links, and a link from the CLI signs in. Without the setting it
 * says the view is off.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let stateDir: string;
const running: ChildProcess[] = [];

function start(env: Record<string, string>): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, [CLI, 'start'], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('stop with Ctrl-C')) resolve({ child, out });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`mailjudge start exited ${code}: ${err}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  stateDir = mkdtempSync(join(tmpdir(), 'mj-web-start-'));
  await gameWithPlayers(t.db, 'ws-a');
});
afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('mailjudge start and the web view', () => {
  it('serves it on MAILJUDGE_WEB_LISTEN, says where, and web-link writes links to it that sign in', async () => {
    const port = await freePort();
    const { child, out } = await start({ MAILJUDGE_WEB_LISTEN: `127.0.0.1:${port}` });
    try {
      expect(out).toContain(`web view: http://127.0.0.1:${port} (read-only`);
      const h = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(h.status).toBe(200);
      expect(await h.json()).toMatchObject({ ok: true, database: { ok: true } });
      // From another shell without the web settings: the link names the address the judge recorded.
      const r = spawnSync(process.execPath, [CLI, 'web-link', '--gm', 'ws-a', '--json'], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const link = JSON.parse(r.stdout) as { url: string; role: string };
      expect(link.role).toBe('gm');
      expect(link.url.startsWith(`http://127.0.0.1:${port}/signin?token=`)).toBe(true);
      const token = new URL(link.url).searchParams.get('token')!;
      const signin = await fetch(`http://127.0.0.1:${port}/signin`, { method: 'POST', body: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
      expect(signin.status).toBe(303);
      const cookie = signin.headers.get('set-cookie')!.split(';')[0]!;
      const game = await fetch(`http://127.0.0.1:${port}/g/ws-a`, { headers: { cookie } });
      expect(game.status).toBe(200);
      expect(await game.text()).toContain('<h1>ws-a</h1>');
    } finally {
      await stop(child);
    }
  }, 60_000);

  it('without the setting the view is off, and says how to turn it on', async () => {
    const { child, out } = await start({});
    try {
      expect(out).toContain('web view: off (MAILJUDGE_WEB_LISTEN=host:port serves it)');
      // The address the first start recorded is cleared: no link to a view no one serves.
      const r = spawnSync(process.execPath, [CLI, 'web-link', '--gm', 'ws-a'], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir }, encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr + r.stdout).toContain('the web view is not served: set MAILJUDGE_WEB_LISTEN');
    } finally {
      await stop(child);
    }
  }, 60_000);
});
