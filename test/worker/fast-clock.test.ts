/**
 * The fast clock end to end (issue 30): `mailjudge start` with MAILJUDGE_CLOCK_* set, a game whose
 * S1901M deadline is 2 simulated hours after the clock's origin. At 3600× those 2 hours are 2 real
 * seconds: the phase is adjudicated within a few real seconds, never before its simulated deadline,
 * its job waited for the matching REAL instant, and every log line carries the simulated time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useClock, type ClockSetting } from '../../src/config/clock.js';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let stateDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  stateDir = mkdtempSync(join(tmpdir(), 'mj-fastclock-'));
});
afterAll(async () => {
  child?.kill('SIGKILL');
  useClock(undefined);
  await t.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('a deadline 2 simulated hours away, at 3600×', () => {
  it('is adjudicated a few real seconds later, at its simulated deadline', async () => {
    const FROM = 'judge@judge.example.org';
    // The anchor a second ahead, so the game is created before its simulated time starts to run.
    const anchor = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    const clock: ClockSetting = { origin: new Date('2027-03-01T10:00:00Z'), anchor, speed: 3600 };
    // This process shares the database, so it keeps the same clock (as the CLI does through readConfig).
    useClock(clock);
    const deadline = new Date('2027-03-01T12:00:00Z'); // origin + 2 h = anchor + 7200 s / 3600 = anchor + 2 s
    const created = await runGameCreate(t.db, {
      id: 'fast', address: 'fast@judge.example.org', gm: { email: 'gm@example.org', name: 'GM' }, rules: 'wm', endYear: 1909,
      policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: 'fast', deadline,
      players: POWERS.map((power) => ({ power, name: power, email: `${power.toLowerCase()}@example.org`, timeZone: 'UTC', where: power })),
    }, 'test', new Date('2027-02-26T11:00:00Z'), FROM); // 73 simulated hours before the deadline (D.VII(4)(a): at least 72)
    expect(created.ok ? [] : created.problems).toEqual([]);
    // Preliminary sets (no "Final"): nothing may adjudicate the phase before its deadline (D.VII(2)).
    for (const power of POWERS) {
      const raw = await new MailComposer({ from: `${power.toLowerCase()}@example.org`, to: 'fast@judge.example.org', subject: 'orders', text: DEMO_ORDERS.S1901M[power], messageId: `<fast-${power}@example.org>` }).compile().build();
      expect((await receiveMessage(t.db, { fromAddress: FROM, now: () => new Date('2027-03-01T09:30:00Z') }, { raw, receivedAt: new Date('2027-03-01T09:30:00Z'), source: 'cli' })).kind).toBe('orders');
    }
    // The phase's job (what `mailjudge start` does at start, here from this process on the same clock)
    // waits for the REAL instant of the simulated deadline.
    await scheduleOpenPhases(t.db);
    const job = await t.db.selectFrom('graphile_worker.jobs' as never).select(['run_at' as never]).where('task_identifier' as never, '=', 'adjudicate-phase' as never).executeTakeFirstOrThrow() as { run_at: Date };
    expect(job.run_at.toISOString()).toBe(new Date(anchor.getTime() + 2000).toISOString());

    const env = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: FROM,
      MAILJUDGE_CLOCK_ORIGIN: clock.origin.toISOString(), MAILJUDGE_CLOCK_ANCHOR: anchor.toISOString(), MAILJUDGE_CLOCK_SPEED: '3600',
    };
    let stderr = '';
    child = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    // The judge is ready when its banner ends (start-up takes 1–2 real s idle, more under the test
    // suite's load: it is not the clock's lateness, so the bounds below count from the later of the two).
    let stdout = '';
    let readyAt: number | undefined;
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (readyAt === undefined && stdout.includes('stop with Ctrl-C')) readyAt = Date.now();
    });
    const realStart = Date.now();
    let adjudicatedAt: Date | null = null;
    while (adjudicatedAt === null) {
      if (Date.now() - realStart > 30_000) throw new Error(`not adjudicated within 30 real seconds:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
      adjudicatedAt = (await t.db.selectFrom('phases').select('adjudicated_at').where('game_id', '=', 'fast').where('name', '=', 'S1901M').executeTakeFirstOrThrow()).adjudicated_at;
    }
    const realAdjudication = Date.now();
    expect(readyAt).toBeDefined();
    // Not before the simulated deadline…
    expect(adjudicatedAt.getTime()).toBeGreaterThanOrEqual(deadline.getTime());
    // …and within a few real seconds of its real instant, or of the judge's start if that came later
    // (graphile-worker polls each second): 10 real s would be 10 simulated hours.
    const due = Math.max(anchor.getTime() + 2000, readyAt!);
    expect(realAdjudication - due).toBeLessThan(10_000);
    const simulatedDue = Math.max(deadline.getTime(), clock.origin.getTime() + (readyAt! - anchor.getTime()) * 3600);
    expect(adjudicatedAt.getTime() - simulatedDue).toBeLessThan(10 * 3600_000);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    // Every JSON log line of the judge carried the simulated time.
    const lines = stderr.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(JSON.parse(l)).toHaveProperty('simulatedTime');
    expect(stderr).toContain('simulated clock: 3600× real time');
  });
});
