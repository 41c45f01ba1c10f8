/**
 * The decision alone, in this one process (issue 29, stop 46): the CPU the judge's JavaScript spends
 * per decided order set, without the SMTP listener, graphile-worker's fetching, the acknowledgement's
 * sending or the adjudications, which `bench:ingest`'s worker process also pays for. BENCH_MESSAGES
 * (default 1050) DKIM-signed S1901M sets, one per player of 7-player games, are stored as the SMTP
 * listener stores them (storeMessages), then decided one after the other with the `decide-message`
 * job's function (decideQueued). The first BENCH_WARMUP (default 140) are decided untimed (the JIT);
 * for the rest it prints this process's CPU (user + system, process.cpuUsage) per message and the SQL
 * statements per message (every pg query of this process, test/helpers/count-statements.ts).
 *
 *   node dist/scripts/bench-decide.js        BENCH_MESSAGES=2100 BENCH_WARMUP=350 node dist/scripts/bench-decide.js
 *
 * CPU time still grows with the machine's load (caches, the other core's work): compare builds
 * interleaved, run after run.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORDERS } from '../src/cli/commands/demo.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { POWERS } from '../src/diplomacy/index.js';
import { decideQueued } from '../src/service/intake/receive-message.js';
import { storeMessages } from '../src/service/intake/store-message.js';
import { migrateQueue } from '../src/worker/queue.js';
import { counting } from '../test/helpers/count-statements.js';
import { TestDomains } from '../test/helpers/dkim.js';
import { freePort } from '../test/helpers/free-port.js';
import { benchGames } from './bench-games.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1050);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 140);
const JUDGE = 'judge@judge.example.org';
const GAMES = Math.ceil(MESSAGES / POWERS.length);
const { gameId, gameAddress, playerOf, insertBenchGame } = benchGames('d');

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mj-bench-decide-'));
  chmodSync(dir, 0o755); // the postgres OS user must traverse it when we run as root
  const server = await startEmbeddedPostgres(dir, { port: await freePort(), durability: 'fast' });
  try {
    const loaded = loadConfig({ MAILJUDGE_STATE_DIR: dir, DATABASE_URL: server.url, MAILJUDGE_FROM_ADDRESS: JUDGE });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const setup = await openDatabase(loaded.config);
    try {
      const db = setup.db;
      await migrateQueue(server.url);
      const deadline = new Date(Date.now() + 7 * 86_400_000);
      for (let g = 1; g <= GAMES; g++) {
        await insertBenchGame(db, g, deadline);
      }
      const domains = new TestDomains(['example.org']);
      const ids: number[] = [];
      for (let i = 0; i < MESSAGES; i++) {
        const g = Math.floor(i / POWERS.length) + 1;
        const power = POWERS[i % POWERS.length]!;
        const from = playerOf(g, power);
        const raw = await domains.build({ from, to: gameAddress(g), subject: `${power} S1901M orders`, text: `${DEMO_ORDERS.S1901M[power]}\nFinal\n`, messageId: `<${gameId(g)}-${power.toLowerCase()}@example.org>` });
        const [r] = await storeMessages(db, JUDGE, [{ raw, receivedAt: new Date(), source: 'smtp', mailbox: 'smtp:game', envelope: { ip: '127.0.0.1', helo: 'client.example.org', mailFrom: from } }]);
        ids.push(r!.inboundId);
      }
      const ctx = { fromAddress: JUDGE, auth: { resolver: domains.resolver } };
      const outcomes = new Map<string, number>();
      const decide = async (id: number) => {
        const o = await decideQueued(db, ctx, id);
        outcomes.set(o.kind, (outcomes.get(o.kind) ?? 0) + 1);
      };
      for (const id of ids.slice(0, WARMUP)) await decide(id);
      const timed = ids.slice(WARMUP);
      const load0 = loadavg()[0]!;
      const cpu0 = process.cpuUsage();
      const hr0 = process.hrtime.bigint() / 1000n;
      const t0 = performance.now();
      const run = await counting(async () => {
        for (const id of timed) await decide(id);
      });
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // For `node --cpu-prof`: the timed window in the profile's clock (hrtime, µs).
      if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) console.log(`profile window ${hr0} ${process.hrtime.bigint() / 1000n}`);
      const n = timed.length;
      const figures = {
        at: new Date().toISOString(), timed: n, warmup: WARMUP, outcomes: Object.fromEntries(outcomes),
        cpuMsPerDecision: (cpu.user + cpu.system) / 1000 / n, userMs: cpu.user / 1000 / n, systemMs: cpu.system / 1000 / n,
        statementsPerDecision: run.statements.length / n, wallMsPerDecision: wall / n, load: [load0, loadavg()[0]!],
      };
      mkdirSync('bench-results', { recursive: true });
      const file = join('bench-results', `bench-decide-${figures.at.replace(/[:.]/g, '-')}.json`);
      writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      // One summary line.
      console.log(`bench:decide ${n} decisions (after ${WARMUP} untimed): CPU ${figures.cpuMsPerDecision.toFixed(3)} ms a decision (user ${figures.userMs.toFixed(3)}, system ${figures.systemMs.toFixed(3)}), ${figures.statementsPerDecision.toFixed(2)} statements, wall ${figures.wallMsPerDecision.toFixed(2)} ms; outcomes ${JSON.stringify(figures.outcomes)}; load ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} (${file})`);
    } finally {
      await setup.stop();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
