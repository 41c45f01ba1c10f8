/**
 * Benchmark of the running judge (the "1,000 games sharing one deadline"): BENCH_GAMES games
 * (default 1000), every power's S1901M orders in, all due at the same deadline D. Measures the time
 * from D until every phase is adjudicated and until every result email is in the .eml outbox
 * (7 players + GM per game), and the peak memory of this node process (judge + workers) and,
 * separately, of the embedded PostgreSQL server's processes.
 *
 *   npm run bench:worker                   BENCH_GAMES=20 npm run bench:worker
 *   BENCH_CONCURRENCY=8 (graphile-worker concurrency, default 8)
 *
 * Setup (untimed): embedded PostgreSQL (durability 'fast') in a temp dir, the games created with
 * `runGameCreate`, order sets inserted with `insertOrderSet`. Then the judge starts, every phase's
 * deadline and job are moved to D = now + 3 s (`processNow`), and the clock starts at D.
 */
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGameCreate } from '../src/cli/commands/game-create.js';
import { DEMO_ORDERS } from '../src/cli/commands/demo.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { DEFAULT_POLICIES } from '../src/db/games.js';
import { insertOrderSet } from '../src/db/order-sets.js';
import { findPersonByEmail } from '../src/db/people.js';
import { POWERS, standardStartState } from '../src/diplomacy/index.js';
import { parseOrderSheet } from '../src/diplomacy/sheet/index.js';
import { startJudge, type RunningJudge } from '../src/worker/run-judge.js';
import { processNow } from '../src/db/schedule-jobs.js';
import { migrateQueue } from '../src/worker/queue.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MAILS = GAMES * 8;
const LEAD_MS = 3000;
const emailOf = (who: string) => `${who.toLowerCase()}@bench.example.org`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Run `fn` over `items`, `n` at a time. */
async function inParallel<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** The postmaster and its children: Σ RssAnon + the largest RssFile+RssShmem (shared pages once), and Σ VmHWM. */
function postgresMemory(postmaster: number): { rss: number; hwmSum: number } {
  const pids = [postmaster];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(d));
    } catch { /* exited */ }
  }
  let anon = 0, shared = 0, hwmSum = 0;
  for (const pid of pids) {
    try {
      const s = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(s)?.[1] ?? 0) * 1024;
      anon += kb('RssAnon');
      shared = Math.max(shared, kb('RssFile') + kb('RssShmem'));
      hwmSum += kb('VmHWM');
    } catch { /* exited */ }
  }
  return { rss: anon + shared, hwmSum };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mailjudge-bench-'));
  chmodSync(dir, 0o755); // the postgres OS user must traverse it when we run as root
  const port = 54400 + Math.floor(Math.random() * 500);
  const server = await startEmbeddedPostgres(dir, { port, durability: 'fast' });
  const loaded = loadConfig({ MAILJUDGE_STATE_DIR: dir, DATABASE_URL: server.url, MAILJUDGE_FROM_ADDRESS: 'judge@bench.example.org' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const config = loaded.config;
  const setup = await openDatabase(config);
  const db = setup.db;
  let judge: RunningJudge | undefined;
  try {
    // --- Setup (untimed) ---
    const t0 = performance.now();
    const now = new Date();
    const ids = Array.from({ length: GAMES }, (_, i) => `bench-${i + 1}`);
    await migrateQueue(server.url); // game create queues the game-start mail
    const create = async (id: string) => {
      const r = await runGameCreate(db, {
        id, address: `${id}@bench.example.org`, gm: { email: emailOf('gm'), name: 'Bench GM' }, rules: 'wm', endYear: 1909,
        policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: id,
        deadline: new Date(now.getTime() + 86_400_000),
        consent: 'benchmark: a one-day first turn (D.VII(4)(a))',
        players: POWERS.map((power) => ({ power, name: `${power} player`, email: emailOf(power), timeZone: 'Europe/London', where: power })),
      }, 'bench', now, loaded.config.fromAddress);
      if (!r.ok) throw new Error(`${id}: ${r.problems.join('; ')}`);
    };
    await create(ids[0]!); // registers the shared people once
    await inParallel(ids.slice(1), 8, create);
    const start = standardStartState();
    const sets = await Promise.all(POWERS.map(async (power) => {
      const sheet = parseOrderSheet(DEMO_ORDERS.S1901M[power], { state: start, power, subject: `${power} S1901M orders - FINAL` });
      const person = await findPersonByEmail(db, emailOf(power));
      return { power, sheet, orders: sheet.orders.map((o) => o.text), personId: person!.id };
    }));
    await inParallel(ids, 8, (gameId) => db.transaction().execute(async (trx) => {
      for (const s of sets) await insertOrderSet(trx, { gameId, phase: 'S1901M', power: s.power, personId: s.personId, receivedAt: now, final: s.sheet.final, sheet: s.sheet, orders: s.orders });
    }));
    // The game-start mail of setup is not what this benchmark measures: out of the outbox before the clock starts.
    await db.deleteFrom('outbox').where('kind', '=', 'game-start').execute();
    const setupMs = performance.now() - t0;

    // --- Timed: the judge runs; every phase falls due at D ---
    judge = await startJudge(config, { concurrency: CONCURRENCY });
    const postmaster = Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const D = new Date(Date.now() + LEAD_MS);
    await db.updateTable('phases').set({ deadline: D }).where('name', '=', 'S1901M').execute();
    await inParallel(ids, 8, (gameId) => processNow(db, gameId, 'S1901M', D));
    const late = Date.now() - D.getTime();
    if (late > 0) process.stderr.write(`warning: rescheduling ended ${late} ms after the deadline; raise LEAD_MS\n`);

    let peakRss = 0, peakPg = 0, peakPgHwm = 0;
    const sample = () => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const pgm = postgresMemory(postmaster);
      peakPg = Math.max(peakPg, pgm.rss);
      peakPgHwm = Math.max(peakPgHwm, pgm.hwmSum);
    };
    const sampler = setInterval(sample, 50);
    let adjudicatedMs: number | undefined, mailedMs: number | undefined;
    const until = Date.now() + LEAD_MS + 60_000 + GAMES * 500;
    while (mailedMs === undefined) {
      if (Date.now() > until) throw new Error('timed out waiting for the judge');
      await sleep(50);
      if (Date.now() < D.getTime()) continue;
      const at = Date.now() - D.getTime();
      if (adjudicatedMs === undefined) {
        const a = await db.selectFrom('phases').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', 'S1901M').where('adjudicated_at', 'is not', null).executeTakeFirstOrThrow();
        if (Number(a.n) === GAMES) adjudicatedMs = at;
      }
      if (adjudicatedMs === undefined) continue;
      // Every mail row exists once its phase is adjudicated; count the pending ones only (cheap: the
      // partial index outbox_pending_idx; a full outbox scan every 50 ms cost PostgreSQL ~4 s per run).
      const pending = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) mailedMs = at;
    }
    clearInterval(sampler);
    sample();
    const failed = await db.selectFrom('outbox').select('id').where('status', '<>', 'sent').execute();
    const emls = readdirSync(judge.outboxDir).filter((f) => f.endsWith('.eml')).length;
    const sent = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`games                          ${GAMES} (worker concurrency ${CONCURRENCY}; setup ${s(setupMs)}, untimed)`);
    console.log(`emails                         ${sent.n} outbox rows (expected ${MAILS}), ${emls} .eml files, ${failed.length} not sent`);
    console.log(`deadline → all adjudicated     ${s(adjudicatedMs!)}  (${(GAMES / (adjudicatedMs! / 1000)).toFixed(1)} adjudications/s)`);
    console.log(`deadline → all mail in outbox  ${s(mailedMs)}  (${(MAILS / (mailedMs / 1000)).toFixed(1)} mails/s)`);
    console.log(`peak RSS, node process         ${mb(peakRss)} during the run (${mb(process.resourceUsage().maxRSS * 1024)} whole process incl. setup)`);
    console.log(`peak RSS, PostgreSQL           ${mb(peakPg)} (Σ RssAnon + shared pages once; Σ VmHWM of its processes ${mb(peakPgHwm)})`);
    console.log('(times are observed by polling every 50 ms; graphile-worker polls for due jobs every 1 s)');
    if (emls !== MAILS || failed.length > 0 || Number(sent.n) !== MAILS) process.exitCode = 1;
  } finally {
    await judge?.stop();
    await setup.stop();
    await sleep(100);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
