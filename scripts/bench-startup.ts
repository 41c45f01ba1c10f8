/**
 * `npm run bench:startup` (issue 29, "Commands that start at once"): how long the `mailjudge` CLI
 * takes to start, per command, spawned as a user or an MTA spawns it.
 *
 *   node        `node -e 0`: the floor, node's own start on this machine at this moment
 *   --help      `mailjudge --help`
 *   dice roll   `mailjudge dice roll 2d6+1 --seed … --nonce 1` (DESIGN.md "Verifiable dice")
 *   check-orders  a three-line order file as a bare body on stdin (a player testing orders)
 *   check-orders (message)  the same orders in an RFC 822 message (loads the MIME parser)
 *   ingest→db   `mailjudge ingest` with a message on stdin and DATABASE_URL pointing at a TCP
 *               listener of this script: the time from the spawn until the CLI opens its database
 *               connection, i.e. everything before the database work. The listener then closes the
 *               connection; the CLI must answer 75 (EX_TEMPFAIL), as it does when PostgreSQL is down.
 *
 * Every command is timed from spawn to exit (ingest: to the connection) and its answer checked (exit
 * code and output), so a broken command cannot look fast. Besides the wall time, the CPU time the
 * process used (user + system, all its threads) is recorded: a tiny `--import` module prints
 * process.cpuUsage() at exit, and for ingest /proc/<pid>/task/<tid>/schedstat is read when the
 * connection arrives. On a loaded machine the wall time waits for a core; the CPU time estimates
 * (does not measure) what the wall time comes to on an idle one.
 *
 * With `--baseline <main.js>` (an older build: the main branch's dist, or a copy of dist made before
 * a change) each run times the baseline and this build back to back, alternating which goes first,
 * so the ratio holds on a loaded machine; the load average (os.loadavg) before and after is printed
 * with the figures.
 *
 *   npm run bench:startup -- [--runs 21] [--baseline /path/to/dist/src/cli/main.js] [--only 'dice roll' …]
 *
 * One summary line on stdout; the figures as JSON in bench-results/startup.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist/src/cli/main.js');

const ORDERS = 'F BRE - MAO\nA PAR - BUR\nA MAR S A PAR - BUR\n';
const MESSAGE =
  'From: Ann Player <ann@example.org>\r\nTo: wm-r1-b7@judge.example.org\r\nSubject: orders S1901M\r\n' +
  'Date: Mon, 6 May 2024 10:00:00 +0000\r\nMessage-ID: <bench-startup@example.org>\r\nMIME-Version: 1.0\r\n' +
  `Content-Type: text/plain; charset=utf-8\r\n\r\n${ORDERS.replace(/\n/g, '\r\n')}`;

interface Case {
  readonly name: string;
  /** Arguments after main.js; `null`: `node -e 0`. */
  readonly args: readonly string[] | null;
  readonly stdin?: string;
  /** Measure to the database connection (ingest) instead of to the exit. */
  readonly toDatabase?: boolean;
  /** Throws when the command's answer is wrong. */
  check(r: Outcome): void;
}

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly connected: boolean;
}

function expect(ok: boolean, what: string, r: Outcome): void {
  if (!ok) throw new Error(`${what}; exit ${r.code}\nstdout: ${r.stdout.slice(0, 500)}\nstderr: ${r.stderr.slice(0, 500)}`);
}

const CASES: readonly Case[] = [
  { name: 'node', args: null, check: (r) => expect(r.code === 0, 'node -e 0 failed', r) },
  { name: '--help', args: ['--help'], check: (r) => expect(r.code === 0 && r.stdout.includes('Usage: mailjudge') && r.stdout.includes('check-orders'), '--help did not print the usage', r) },
  {
    name: 'dice roll',
    args: ['dice', 'roll', '2d6+1', '--seed', 'bench-startup-seed', '--nonce', '1'],
    check: (r) => {
      expect(r.code === 0, 'dice roll failed', r);
      const out = JSON.parse(r.stdout) as { dice: number[]; total: number; commitment: string };
      expect(out.dice.length === 2 && out.total === out.dice[0]! + out.dice[1]! + 1 && /^[0-9a-f]{64}$/.test(out.commitment), 'dice roll printed a wrong roll', r);
    },
  },
  {
    name: 'check-orders',
    args: ['check-orders', '--phase', 'S1901M', '--power', 'FRANCE', '--json'],
    stdin: ORDERS,
    check: (r) => {
      expect(r.code === 0, 'check-orders failed', r);
      const out = JSON.parse(r.stdout) as { orders: unknown[] };
      expect(out.orders.length === 3, 'check-orders did not understand the three orders', r);
    },
  },
  {
    name: 'check-orders (message)',
    args: ['check-orders', '--phase', 'S1901M', '--power', 'FRANCE', '--json'],
    stdin: MESSAGE,
    check: (r) => {
      expect(r.code === 0, 'check-orders (message) failed', r);
      const out = JSON.parse(r.stdout) as { orders: unknown[] };
      expect(out.orders.length === 3, 'check-orders (message) did not understand the three orders', r);
    },
  },
  {
    name: 'ingest→db',
    args: ['ingest'],
    stdin: MESSAGE,
    toDatabase: true,
    check: (r) => expect(r.connected && r.code === 75, 'ingest did not connect to the database and answer 75 when it closed', r),
  },
];

/** Prints the process's CPU time (µs) on stderr at exit: `node --import <file>` (written to a temporary directory). */
const CPU_REPORTER = `import { writeSync } from 'node:fs';
process.on('exit', () => { const u = process.cpuUsage(); writeSync(2, '\\n[bench-startup cpu-us] ' + (u.user + u.system) + '\\n'); });
`;
const CPU_LINE = /\n\[bench-startup cpu-us\] (\d+)\n$/;

/** CPU time (ms) of a running process, all threads: /proc/<pid>/task/<tid>/schedstat (ns on a CPU). Undefined off Linux. */
function cpuOfRunning(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** A listener standing in for PostgreSQL: records when a connection arrives (and the CPU time of `pid` then) and closes it. */
class FakeDatabase {
  private waiting: ((at: { t: number; cpu: number | undefined }) => void) | undefined;
  private pid: number | undefined;
  private constructor(private readonly server: Server, readonly port: number) {
    server.on('connection', (s: Socket) => {
      const t = performance.now();
      const cpu = this.pid === undefined ? undefined : cpuOfRunning(this.pid);
      s.destroy();
      const w = this.waiting;
      this.waiting = undefined;
      w?.({ t, cpu });
    });
  }
  static async start(): Promise<FakeDatabase> {
    const server = createServer();
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return new FakeDatabase(server, (server.address() as AddressInfo).port);
  }
  /** Resolves with the instant of the next connection and the CPU time of `pid` (ms) at that instant. */
  next(): Promise<{ t: number; cpu: number | undefined }> {
    return new Promise((ok) => (this.waiting = ok));
  }
  watch(pid: number | undefined): void {
    this.pid = pid;
  }
  close(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }
}

/** The environment of a run: no MAILJUDGE_* or DATABASE_URL of the developer's. */
function cleanEnv(db: FakeDatabase): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MAILJUDGE_') && k !== 'DATABASE_URL' && !k.startsWith('NODE_')) env[k] = v;
  env.DATABASE_URL = `postgres://bench:bench@127.0.0.1:${db.port}/bench`;
  env.MAILJUDGE_LOG_LEVEL = 'silent';
  return env;
}

/** One run: wall time (ms) and CPU time (ms, when measured). */
interface Sample {
  readonly wall: number;
  readonly cpu: number | undefined;
}

async function runOnce(cli: string, c: Case, db: FakeDatabase, reporter: string): Promise<Sample> {
  const argv = c.toDatabase ? [cli, ...c.args!] : ['--import', reporter, ...(c.args === null ? ['-e', '0'] : [cli, ...c.args])];
  const connection = c.toDatabase ? db.next() : undefined;
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { env: cleanEnv(db), stdio: ['pipe', 'pipe', 'pipe'] });
  if (c.toDatabase) db.watch(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.on('error', () => {}); // a command that exits before reading its input
  child.stdin.end(c.stdin ?? '');
  let connected: { t: number; cpu: number | undefined } | undefined;
  void connection?.then((at) => (connected = at));
  const code = await new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
  const t1 = performance.now();
  if (c.toDatabase) await Promise.race([connection, new Promise((ok) => setTimeout(ok, 100))]);
  db.watch(undefined);
  const reported = CPU_LINE.exec(stderr);
  if (reported) stderr = stderr.slice(0, reported.index);
  c.check({ code, stdout, stderr, connected: connected !== undefined });
  if (c.toDatabase) return { wall: connected!.t - t0, cpu: connected!.cpu };
  if (!reported) throw new Error(`${c.name}: the CPU time was not reported (stderr: ${stderr.slice(-300)})`);
  return { wall: t1 - t0, cpu: Number(reported[1]) / 1000 };
}

interface Stats {
  readonly median: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
  readonly samples: number[];
}

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { median: r(at(0.5)), p90: r(at(0.9)), min: r(s[0]!), max: r(s[s.length - 1]!), samples: xs.map(r) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' }, baseline: { type: 'string' }, only: { type: 'string', multiple: true } } });
  const cases = values.only ? CASES.filter((c) => values.only!.includes(c.name)) : CASES;
  if (cases.length === 0) throw new Error(`--only: none of ${values.only!.join(', ')} is a case (${CASES.map((c) => c.name).join(', ')})`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: "${values.runs}" is not a whole number of at least 1`);
  const baseline = values.baseline === undefined ? undefined : resolve(values.baseline);
  if (baseline !== undefined && !existsSync(baseline)) throw new Error(`--baseline: ${baseline} does not exist (give the main.js of another build's dist/src/cli/)`);
  if (!existsSync(CLI)) throw new Error(`${CLI} does not exist: run tsc -p tsconfig.json first`);
  const builds: { label: 'after' | 'before'; cli: string }[] = [{ label: 'after', cli: CLI }, ...(baseline ? [{ label: 'before' as const, cli: baseline }] : [])];

  const db = await FakeDatabase.start();
  const tmp = mkdtempSync(join(tmpdir(), 'mj-bench-startup-'));
  const reporter = join(tmp, 'cpu-reporter.mjs');
  writeFileSync(reporter, CPU_REPORTER);
  const loadBefore = loadavg();
  const samples = new Map<string, Sample[]>();
  try {
    // One warm-up run of each (the file cache), then `runs` rounds; each round runs every case on
    // every build, alternating which build goes first.
    for (const c of cases) for (const b of builds) await runOnce(b.cli, c, db, reporter);
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? builds : [...builds].reverse();
      for (const c of cases)
        for (const b of order) {
          const key = `${c.name}\t${b.label}`;
          samples.set(key, [...(samples.get(key) ?? []), await runOnce(b.cli, c, db, reporter)]);
        }
    }
  } finally {
    await db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  const loadAfter = loadavg();

  /** Wall and CPU statistics of one build's samples. */
  const figures = (xs: Sample[]) => {
    const cpu = xs.map((x) => x.cpu).filter((x): x is number => x !== undefined);
    return { wall: stats(xs.map((x) => x.wall)), ...(cpu.length === xs.length ? { cpu: stats(cpu) } : {}) };
  };
  const commands = cases.map((c) => {
    const after = figures(samples.get(`${c.name}\tafter`)!);
    const beforeSamples = samples.get(`${c.name}\tbefore`);
    const before = beforeSamples && c.args !== null ? figures(beforeSamples) : undefined;
    return {
      name: c.name,
      command: c.args === null ? 'node -e 0' : `mailjudge ${c.args.join(' ')}${c.stdin ? ' < input' : ''}`,
      measured: c.toDatabase ? 'spawn → first database connection' : 'spawn → exit',
      after,
      ...(before ? { before, speedup: Math.round((before.wall.median / after.wall.median) * 10) / 10 } : {}),
    };
  });
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    runs,
    cli: CLI,
    ...(baseline ? { baseline } : {}),
    loadavg: { before: loadBefore, after: loadAfter },
    commands,
  };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results', 'startup.json'), `${JSON.stringify(result, null, 2)}\n`);
  const cpuText = (f: { cpu?: Stats }) => (f.cpu ? `, cpu ${f.cpu.median}` : '');
  const parts = commands.map(
    (c) => `${c.name} ${c.after.wall.median}/${c.after.wall.p90}${cpuText(c.after)}${c.before ? ` (before ${c.before.wall.median}/${c.before.wall.p90}${cpuText(c.before)}, ${c.speedup}×)` : ''}`,
  );
  process.stdout.write(
    `bench:startup ms wall median/p90 (cpu: median CPU time) over ${runs} runs on ${cpus().length} cores, load ${load(loadBefore)} → ${load(loadAfter)}: ` +
      `${parts.join('; ')} (bench-results/startup.json)\n`,
  );
}

await main();
