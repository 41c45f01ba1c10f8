/**
 * Benchmark of the running judge at a deadline (issue 29): BENCH_GAMES games (default 1000), every
 * power's S1901M orders in, all due at the same instant D. Measures the time from D until every
 * phase is adjudicated and until every result mail (7 players + GM per game, each with the map in
 * both layouts) is ACCEPTED by a local SMTP sink, which the judge reaches over pooled SMTP
 * connections (nodemailer's pool, as configured by MAILJUDGE_SMTP_URL).
 *
 *   npm run bench:worker                         BENCH_GAMES=50 npm run bench:worker
 *   BENCH_PROCESSES=2 npm run bench:worker       one judge process, then two on one database; prints the speed-up
 *   BENCH_CONCURRENCY=4                          `mailjudge start --concurrency` of each judge process (default 4)
 *   BENCH_SMTP_QUERY='maxConnections=5&ratePerDomain=2000'  the pool settings in the judge's MAILJUDGE_SMTP_URL
 *   BENCH_SAME_ORDERS=1                          every game plays the same openings (then every map is the same picture)
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof'  extra node options of the judge processes
 *   BENCH_SQL_DETAIL=1                           the judges' statements by text (first 90 characters), most frequent first
 *
 * What runs: an embedded PostgreSQL (durability 'fast') in a temp dir; the SMTP sink (the
 * `smtp-server` package, in this process, on 127.0.0.1) counting the messages it accepts; each judge
 * a real `node dist/src/cli/main.js start` child with DATABASE_URL pointed at the one database, with
 * ./bench-sql-counter.js preloaded to count the SQL statements it sends. Setup (untimed): games made
 * with `runGameCreate`, order sets inserted with `insertOrderSet`; by default each game's seven
 * openings are chosen from three per power by the game's number (3^7 = 2,187 combinations), so no two
 * of the first 2,187 games draw the same map. Then the judges start, every phase's deadline and job
 * are moved to D = now + 4 s (`processNow`), and the clock starts at D.
 *
 * One summary line on stdout (details before it); the figures as JSON under bench-results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { runGameCreate } from '../src/cli/commands/game-create.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { DEFAULT_POLICIES } from '../src/db/games.js';
import { insertOrderSet } from '../src/db/order-sets.js';
import { findPersonByEmail } from '../src/db/people.js';
import { POWERS, standardStartState, type Power } from '../src/diplomacy/index.js';
import { parseOrderSheet } from '../src/diplomacy/sheet/index.js';
import { processNow } from '../src/db/schedule-jobs.js';
import { migrateQueue } from '../src/worker/queue.js';
import { OPENINGS, openingOf } from './bench-openings.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SMTP_QUERY = process.env.BENCH_SMTP_QUERY ?? 'maxConnections=5&maxMessages=1000&ratePerDomain=5000';
const SAME_ORDERS = process.env.BENCH_SAME_ORDERS === '1';
const MAILS = GAMES * 8;
const LEAD_MS = 4000;
const ROOT = resolve(process.cwd());
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const COUNTER = join(ROOT, 'dist/scripts/bench-sql-counter.js');
const emailOf = (who: string) => `${who.toLowerCase()}@bench.example.org`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const mb1 = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const openingFor = (game: number, powerIndex: number) => (SAME_ORDERS ? 0 : openingOf(game, powerIndex));

/** Run `fn` over `items`, `n` at a time. */
async function inParallel<T>(items: readonly T[], n: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}

/** Children of `parent` (one level), from /proc. */
function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) out.push(Number(d));
    } catch { /* exited */ }
  }
  return out;
}

function status(pid: number): { rss: number; anon: number; shared: number; hwm: number } | undefined {
  try {
    const st = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(st)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), anon: kb('RssAnon'), shared: kb('RssFile') + kb('RssShmem'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) of a process, from /proc/<pid>/stat; with `reaped`, also those of its
 * children that have exited (cutime + cstime), so a backend that ends during the run still counts.
 */
function cpuSeconds(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** The postmaster and its children: Σ RssAnon + the largest RssFile+RssShmem (shared pages once). */
function postgresMemory(postmaster: number): number {
  let anon = 0, shared = 0;
  for (const pid of [postmaster, ...childrenOf(postmaster)]) {
    const m = status(pid);
    if (!m) continue;
    anon += m.anon;
    shared = Math.max(shared, m.shared);
  }
  return anon + shared;
}

/** The postmaster's CPU, its live children's and its exited children's (a backend gone mid-run counts). */
function postgresCpu(postmaster: number): number {
  return childrenOf(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), cpuSeconds(postmaster, true));
}

/** The SMTP sink: accepts every message (after reading it whole) and counts. */
async function startSink(): Promise<{ port: number; accepted: () => number; lastAt: () => number; bytes: () => number; connections: () => number; close: () => Promise<void> }> {
  let accepted = 0, lastAt = 0, bytes = 0, connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 2 ** 20,
    maxClients: 200,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onData(stream, _session, cb) {
      stream.on('data', (c: Buffer) => { bytes += c.length; });
      stream.on('end', () => {
        accepted++;
        lastAt = Date.now();
        cb();
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, accepted: () => accepted, lastAt: () => lastAt, bytes: () => bytes, connections: () => connections, close: () => new Promise((r) => server.close(() => r())) };
}

interface Judge {
  readonly child: ChildProcess;
  readonly sqlFile: string;
  adjudicated: number;
  sent: number;
  peakRss: number;
  readonly output: string[];
}

/** Start `mailjudge start` on `databaseUrl`; resolves once it says it is running. */
async function startJudgeProcess(k: number, dir: string, databaseUrl: string, smtpPort: number): Promise<Judge> {
  const stateDir = join(dir, `judge-${k}`);
  mkdirSync(stateDir, { recursive: true });
  const sqlFile = join(dir, `sql-${k}.json`);
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', COUNTER, MAIN, 'start', '--concurrency', String(CONCURRENCY)], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MAILJUDGE_STATE_DIR: stateDir,
      MAILJUDGE_FROM_ADDRESS: 'judge@bench.example.org',
      MAILJUDGE_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?${SMTP_QUERY}`,
      MAILJUDGE_LOG_LEVEL: 'info',
      BENCH_SQL_COUNT_FILE: sqlFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const judge: Judge = { child, sqlFile, adjudicated: 0, sent: 0, peakRss: 0, output: [] };
  let buffer = '';
  let running!: () => void;
  const ready = new Promise<void>((r) => { running = r; });
  const onLine = (line: string) => {
    if (line.includes('"event":"phase.adjudication"') && line.includes('"outcome":"adjudicated"')) judge.adjudicated++;
    else if (line.includes('"event":"mail.sent"')) judge.sent++;
    else if (/mailjudge is running/.test(line)) running();
    else if (/"level":(40|50|60)/.test(line) || !line.startsWith('{')) {
      judge.output.push(line);
      if (judge.output.length > 50) judge.output.shift();
    }
  };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    for (const line of d.split('\n')) if (line.trim()) onLine(line);
  });
  const exited = new Promise<never>((_, fail) => child.once('exit', (code) => fail(new Error(`judge ${k} exited (${code}) before it ran:\n${judge.output.join('\n')}`))));
  await Promise.race([ready, exited, sleep(120_000).then(() => { throw new Error(`judge ${k} did not start in 120 s`); })]);
  exited.catch(() => {});
  return judge;
}

async function stopJudge(j: Judge): Promise<void> {
  if (j.child.exitCode !== null) return;
  const done = new Promise<void>((r) => j.child.once('exit', () => r()));
  j.child.kill('SIGTERM');
  await Promise.race([done, sleep(30_000).then(() => j.child.kill('SIGKILL'))]);
}

interface RunResult {
  processes: number;
  games: number;
  mails: number;
  setupSeconds: number;
  adjudicatedSeconds: number;
  acceptedSeconds: number;
  accepted: number;
  sinkMegabytes: number;
  sinkConnections: number;
  statementsPerGame: number;
  statementsPerGameQueue: number;
  judgePeakRssMb: number[];
  postgresPeakRssMb: number;
  judgeCpuSeconds: number[];
  postgresCpuSeconds: number;
  /** This process's CPU from the deadline to the end: the SMTP sink receiving every mail, and the sampling. */
  sinkCpuSeconds: number;
  share: { adjudicated: number; sent: number }[];
  sequentialScans: { table: string; scans: number; rowsRead: number; rows: number }[];
  loadAverage: number[];
  /** pg_total_relation_size of the outbox and of outbox_blobs (sql/0032, when present), at the end: what the deadline's mails take in the database. */
  outboxMegabytes: { outbox: number; blobs: number; total: number };
}

async function runOnce(processes: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mailjudge-bench-'));
  chmodSync(dir, 0o755); // the postgres OS user must traverse it when we run as root
  const port = 54400 + Math.floor(Math.random() * 500);
  const server = await startEmbeddedPostgres(dir, { port, durability: 'fast' });
  const loaded = loadConfig({ MAILJUDGE_STATE_DIR: dir, DATABASE_URL: server.url, MAILJUDGE_FROM_ADDRESS: 'judge@bench.example.org' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const setup = await openDatabase(loaded.config);
  const db = setup.db;
  const sink = await startSink();
  const judges: Judge[] = [];
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
    await inParallel(ids.slice(1), 4, create);
    const start = standardStartState();
    const people = new Map<Power, number>();
    for (const power of POWERS) people.set(power, (await findPersonByEmail(db, emailOf(power)))!.id);
    const sheets = POWERS.map((power) => OPENINGS[power].map((text) => {
      const sheet = parseOrderSheet(text, { state: start, power, subject: `${power} S1901M orders - FINAL` });
      if (sheet.orders.length !== start.units.filter((u) => u.power === power).length || sheet.unordered.length > 0) throw new Error(`${power}: opening not understood: ${text}`);
      return sheet;
    }));
    await inParallel(ids, 4, (gameId, g) => db.transaction().execute(async (trx) => {
      for (const [p, power] of POWERS.entries()) {
        const sheet = sheets[p]![openingFor(g, p)]!;
        await insertOrderSet(trx, { gameId, phase: 'S1901M', power, personId: people.get(power)!, receivedAt: now, final: sheet.final, sheet, orders: sheet.orders.map((o) => o.text) });
      }
    }));
    // The game-start mails of setup are not what this benchmark measures: out of the outbox and the queue before the clock starts.
    await db.deleteFrom('outbox').where('kind', '=', 'game-start').execute();
    await sql`DELETE FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'send-mail')`.execute(db);
    const setupMs = performance.now() - t0;

    // --- The judges start; every phase falls due at D ---
    for (let k = 0; k < processes; k++) judges.push(await startJudgeProcess(k, dir, server.url, sink.port));
    const postmaster = Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const D = new Date(Date.now() + LEAD_MS);
    await db.updateTable('phases').set({ deadline: D }).where('name', '=', 'S1901M').execute();
    await inParallel(ids, 4, (gameId) => processNow(db, gameId, 'S1901M', D));
    const late = Date.now() - D.getTime();
    if (late > 0) process.stderr.write(`warning: rescheduling ended ${late} ms after the deadline; raise LEAD_MS\n`);
    while (Date.now() < D.getTime()) await sleep(10);
    const scans0 = await tableScans(db);
    const sql0 = judges.map((j) => readCounts(j.sqlFile));
    const cpu0 = judges.map((j) => cpuSeconds(j.child.pid!));
    const pgCpu0 = postgresCpu(postmaster);
    const sinkCpu0 = process.cpuUsage(); // this process: the SMTP sink (and the benchmark's sampling)

    let peakPg = 0;
    const sample = () => {
      for (const j of judges) j.peakRss = Math.max(j.peakRss, status(j.child.pid!)?.rss ?? 0);
      peakPg = Math.max(peakPg, postgresMemory(postmaster));
    };
    const sampler = setInterval(sample, 100);
    let adjudicatedMs: number | undefined, acceptedMs: number | undefined;
    const until = Date.now() + 120_000 + GAMES * 4000; // 4 s a game: a loaded 2-core machine took over 2 s
    let lastProgress = Date.now();
    while (acceptedMs === undefined) {
      if (Date.now() > until) throw new Error(`timed out: ${sink.accepted()} of ${MAILS} accepted; the judges' last warnings:\n${judges.map((j) => j.output.join('\n')).join('\n')}`);
      if (Date.now() - lastProgress > 10_000) {
        lastProgress = Date.now();
        process.stderr.write(`${s(Date.now() - D.getTime())}: ${judges.map((j) => j.adjudicated).join('+')} adjudicated, ${sink.accepted()} accepted\n`);
      }
      for (const j of judges) if (j.child.exitCode !== null) throw new Error(`a judge exited (${j.child.exitCode}):\n${j.output.join('\n')}`);
      await sleep(50);
      // Counted from the judges' logs, not by polling the phases table (a count every 50 ms was a
      // sequential scan of its own, which the scan figures below would have blamed on the judge).
      if (adjudicatedMs === undefined && judges.reduce((n, j) => n + j.adjudicated, 0) >= GAMES) adjudicatedMs = Date.now() - D.getTime();
      if (sink.accepted() >= MAILS) acceptedMs = sink.lastAt() - D.getTime();
    }
    adjudicatedMs ??= acceptedMs;
    clearInterval(sampler);
    sample();
    await sleep(1200); // the counters' last flush (once a second)
    const sql1 = judges.map((j) => readCounts(j.sqlFile));
    const judgeCpu = judges.map((j, k) => cpuSeconds(j.child.pid!) - cpu0[k]!);
    const pgCpu = postgresCpu(postmaster) - pgCpu0;
    const sinkCpuUs = process.cpuUsage(sinkCpu0);
    if (process.env.BENCH_SQL_DETAIL === '1') {
      const texts = new Map<string, number>();
      for (const [k, c] of sql1.entries()) for (const [t, n] of Object.entries(c.texts ?? {})) texts.set(t, (texts.get(t) ?? 0) + n - (sql0[k]!.texts?.[t] ?? 0));
      console.log('SQL statements per game, by text:');
      for (const [t, n] of [...texts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1])) console.log(`${(n / GAMES).toFixed(2).padStart(7)}  ${t}`);
    }
    const judgeSql = sql1.reduce((n, c, k) => n + c.judge - sql0[k]!.judge, 0);
    const queueSql = sql1.reduce((n, c, k) => n + c.queue - sql0[k]!.queue, 0);
    // No table scan per game: the sequential scans of the run, per table, and the rows they read
    // (PostgreSQL's own statistics; a table read whole once per game shows ~GAMES scans).
    await sleep(1000); // the backends' statistics are flushed within a second of their last transaction
    const scans1 = await tableScans(db);
    const adjudicatedRows = await db.selectFrom('phases').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', 'S1901M').where('adjudicated_at', 'is not', null).executeTakeFirstOrThrow();
    if (Number(adjudicatedRows.n) !== GAMES) throw new Error(`${adjudicatedRows.n} of ${GAMES} phases adjudicated in the database, though every mail was accepted`);
    const scans = [...scans1].map(([table, x]) => ({ table, scans: x.scans - (scans0.get(table)?.scans ?? 0), rowsRead: x.rowsRead - (scans0.get(table)?.rowsRead ?? 0), rows: x.rows }))
      .filter((x) => x.scans > 0).sort((a, b) => b.rowsRead - a.rowsRead);
    const outboxSize = await outboxBytes(db);
    const notSent = await db.selectFrom('outbox').select('id').where('status', '<>', 'sent').execute();
    const rows = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (notSent.length > 0 || Number(rows.n) !== MAILS || sink.accepted() !== MAILS) {
      process.stderr.write(`error: ${rows.n} outbox rows (expected ${MAILS}), ${sink.accepted()} accepted, ${notSent.length} not sent\n`);
      process.exitCode = 1;
    }
    return {
      processes, games: GAMES, mails: MAILS,
      setupSeconds: setupMs / 1000,
      adjudicatedSeconds: adjudicatedMs / 1000,
      acceptedSeconds: acceptedMs / 1000,
      accepted: sink.accepted(),
      sinkMegabytes: mb(sink.bytes()),
      sinkConnections: sink.connections(),
      statementsPerGame: (judgeSql + queueSql) / GAMES,
      statementsPerGameQueue: queueSql / GAMES,
      judgePeakRssMb: judges.map((j) => mb(j.peakRss)),
      postgresPeakRssMb: mb(peakPg),
      judgeCpuSeconds: judgeCpu.map((c) => Math.round(c * 10) / 10),
      postgresCpuSeconds: Math.round(pgCpu * 10) / 10,
      // Includes the 1.2 + 1 s of waiting after the last mail (idle) and the sampler's /proc reads.
      sinkCpuSeconds: Math.round((sinkCpuUs.user + sinkCpuUs.system) / 1e5) / 10,
      share: judges.map((j) => ({ adjudicated: j.adjudicated, sent: j.sent })),
      sequentialScans: scans,
      loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
      outboxMegabytes: { outbox: mb1(outboxSize.outbox), blobs: mb1(outboxSize.blobs), total: mb1(outboxSize.outbox + outboxSize.blobs) },
    };
  } finally {
    for (const j of judges) await stopJudge(j);
    await sink.close();
    await setup.stop();
    await sleep(100);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bytes of the outbox table and of outbox_blobs (0 before sql/0032), indexes and TOAST included. */
async function outboxBytes(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<{ outbox: number; blobs: number }> {
  const r = await sql<{ outbox: string; blobs: string | null }>`
    SELECT pg_total_relation_size('outbox') AS outbox, pg_total_relation_size(to_regclass('outbox_blobs')) AS blobs`.execute(db);
  return { outbox: Number(r.rows[0]!.outbox), blobs: Number(r.rows[0]!.blobs ?? 0) };
}

async function tableScans(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<Map<string, { scans: number; rowsRead: number; rows: number }>> {
  const r = await sql<{ relname: string; seq_scan: string; seq_tup_read: string; n_live_tup: string }>`
    SELECT relname, seq_scan, seq_tup_read, n_live_tup FROM pg_stat_user_tables`.execute(db);
  return new Map(r.rows.map((x) => [x.relname, { scans: Number(x.seq_scan), rowsRead: Number(x.seq_tup_read), rows: Number(x.n_live_tup) }]));
}

function readCounts(file: string): { judge: number; queue: number; texts?: Record<string, number> } {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { judge: number; queue: number; texts?: Record<string, number> };
  } catch {
    return { judge: 0, queue: 0 };
  }
}

function describe(r: RunResult): void {
  console.log(`--- ${r.processes} judge process${r.processes === 1 ? '' : 'es'} (concurrency ${CONCURRENCY} each; setup ${s(r.setupSeconds * 1000)}, untimed)`);
  console.log(`deadline → all adjudicated        ${s(r.adjudicatedSeconds * 1000)}  (${(r.games / r.adjudicatedSeconds).toFixed(1)} games/s)`);
  console.log(`deadline → all mail accepted      ${s(r.acceptedSeconds * 1000)}  (${r.accepted} of ${r.mails} by the SMTP sink, ${(r.mails / r.acceptedSeconds).toFixed(1)} mails/s, ${r.sinkMegabytes} MB over ${r.sinkConnections} connections)`);
  console.log(`SQL statements per game           ${r.statementsPerGame.toFixed(1)} (${r.statementsPerGameQueue.toFixed(1)} of them graphile-worker's)`);
  console.log(`CPU during the run                judge ${r.judgeCpuSeconds.join(' + ')} s, PostgreSQL ${r.postgresCpuSeconds} s, the SMTP sink (this process) ${r.sinkCpuSeconds} s`);
  console.log(`outbox in the database            ${r.outboxMegabytes.total} MB (outbox ${r.outboxMegabytes.outbox} MB + outbox_blobs ${r.outboxMegabytes.blobs} MB; pg_total_relation_size)`);
  console.log(`peak RSS                          judge ${r.judgePeakRssMb.map((m) => `${m} MB`).join(' + ')}, PostgreSQL ${r.postgresPeakRssMb} MB`);
  const big = r.sequentialScans.filter((x) => x.rowsRead >= r.games);
  console.log(`sequential scans reading ≥ ${r.games} rows ${big.length === 0 ? 'none' : big.map((x) => `${x.table} ${x.scans}× (${x.rowsRead} rows read, ${x.rows} rows)`).join('; ')}`);
  if (r.processes > 1) console.log(`each process's share              ${r.share.map((x, k) => `#${k + 1}: ${x.adjudicated} games, ${x.sent} mails`).join('; ')}`);
}

async function main(): Promise<void> {
  const started = new Date();
  const load0 = loadavg();
  const runs: RunResult[] = [];
  for (const n of PROCESSES > 1 ? [1, PROCESSES] : [1]) {
    const r = await runOnce(n);
    describe(r);
    runs.push(r);
  }
  const last = runs[runs.length - 1]!;
  const speedUp = runs.length > 1 ? runs[0]!.acceptedSeconds / last.acceptedSeconds : undefined;
  mkdirSync('bench-results', { recursive: true });
  const file = join('bench-results', `bench-worker-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ benchmark: 'bench:worker', at: started.toISOString(), cores: cpus().length, loadAverageAtStart: load0, settings: { games: GAMES, concurrency: CONCURRENCY, smtpQuery: SMTP_QUERY, sameOrders: SAME_ORDERS }, runs, speedUp }, null, 2)}\n`);
  const one = (r: RunResult) => `${r.processes}p: adjudicated ${r.adjudicatedSeconds.toFixed(1)} s, accepted ${r.acceptedSeconds.toFixed(1)} s`;
  console.log(`bench:worker ${GAMES} games, ${MAILS} mails: ${runs.map(one).join('; ')}${speedUp ? `; speed-up ×${speedUp.toFixed(2)}` : ''}; ${last.statementsPerGame.toFixed(0)} SQL/game; CPU judge ${last.judgeCpuSeconds.join('+')} s, PostgreSQL ${last.postgresCpuSeconds} s; outbox ${last.outboxMegabytes.total} MB; RSS judge ${last.judgePeakRssMb.join('+')} MB, PostgreSQL ${last.postgresPeakRssMb} MB; load ${load0.map((l) => l.toFixed(1)).join(' ')} (${file})`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
