/**
 * A soak of the running judge (issue 29): BENCH_MESSAGES order emails (default 280; the figure
 * is 10,000 over 50 games and 20 phases) to BENCH_GAMES games (default 5) over BENCH_PHASES phases
 * (default 4), delivered at a steady BENCH_RATE messages per second (default 20) through the judge's
 * own SMTP listener (MAILJUDGE_SMTP_LISTEN: the intake's real path, store first and decide per game);
 * DKIM-signed for example.org, verified against an injected DNS zone (test/helpers/dkim.ts). Each
 * phase: every power of every game sends preliminary revisions and then a Final "HOLD ALL" set (all
 * holds, so every phase is a movement phase: 20 phases are S1901M … F1910M); when all are decided,
 * every game's phase is processed (the GM's PROCESS) and the next phase's mail begins once every game
 * has moved on. Every acknowledgement and results report goes over pooled SMTP to a sink in this
 * process (the `smtp-server` package) that counts what it accepts.
 *
 *   npm run bench:soak                                  BENCH_MESSAGES=10000 BENCH_GAMES=50 BENCH_PHASES=20 npm run bench:soak
 *
 * Measured: the RSS of this process (judge, sending client and sink; all messages are built before
 * the clock starts) after the first phase (warm-up) and at the end: flat means within 10 %; nothing
 * lost: every message stored once and decided once, every phase adjudicated, every outbox mail
 * accepted by the sink. One summary line; the figures as JSON under bench-results/.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { insertGame } from '../src/db/games.js';
import { insertPerson } from '../src/db/people.js';
import { insertPhase } from '../src/db/phases.js';
import { insertPosition } from '../src/db/positions.js';
import { processNow } from '../src/db/schedule-jobs.js';
import { POWERS, standardStartState } from '../src/diplomacy/index.js';
import { startJudge, type RunningJudge } from '../src/worker/run-judge.js';
import { TestDomains } from '../test/helpers/dkim.js';
import { freePort } from '../test/helpers/free-port.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 5);
const PHASES = Number(process.env.BENCH_PHASES ?? 4);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 280);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const JUDGE = 'judge@judge.example.org';
const PER_GAME_PHASE = Math.round(MESSAGES / (GAMES * PHASES));
if (PER_GAME_PHASE < POWERS.length) throw new Error(`BENCH_MESSAGES must give each game at least ${POWERS.length} messages a phase (${GAMES} games × ${PHASES} phases × 7 = ${GAMES * PHASES * 7})`);
const TOTAL = PER_GAME_PHASE * GAMES * PHASES;
const gameId = (g: number) => `soak-${g}`;
const playerOf = (g: number, power: string) => `${gameId(g)}-${power.toLowerCase()}@example.org`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function main(): Promise<void> {
  const started = new Date();
  const load0 = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'mailjudge-bench-soak-'));
  chmodSync(dir, 0o755); // the postgres OS user must traverse it when we run as root
  let accepted = 0;
  const sink = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, size: 50 * 2 ** 20,
    onData(stream, _session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => { accepted++; cb(); });
    },
  });
  const sinkPort = await freePort();
  await new Promise<void>((r) => sink.listen(sinkPort, '127.0.0.1', () => r()));
  const listenPort = await freePort();
  const server = await startEmbeddedPostgres(dir, { port: await freePort(), durability: 'fast' });
  const loaded = loadConfig({
    MAILJUDGE_STATE_DIR: dir, DATABASE_URL: server.url, MAILJUDGE_FROM_ADDRESS: JUDGE,
    MAILJUDGE_SMTP_URL: `smtp://127.0.0.1:${sinkPort}?maxConnections=5&ratePerDomain=5000`,
    MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${listenPort}`,
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const setup = await openDatabase(loaded.config);
  const db = setup.db;
  let judge: RunningJudge | undefined;
  const client = nodemailer.createTransport({ host: '127.0.0.1', port: listenPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity });
  try {
    // --- Setup (untimed): games, and every message built and signed beforehand ---
    const deadline = new Date(Date.now() + 30 * 86_400_000);
    for (let g = 1; g <= GAMES; g++) {
      const gm = await insertPerson(db, { name: `GM ${g}`, email: `${gameId(g)}-gm@example.org` });
      await insertGame(db, { id: gameId(g), boardName: gameId(g), address: `${gameId(g)}@judge.example.org`, gmPersonId: gm.id, status: 'active' });
      for (const power of POWERS) {
        const p = await insertPerson(db, { name: `${power} ${g}`, email: playerOf(g, power) });
        await insertPosition(db, { gameId: gameId(g), power, personId: p.id, kind: 'original' });
      }
      await insertPhase(db, { gameId: gameId(g), state: standardStartState(), deadline });
    }
    const domains = new TestDomains(['example.org']);
    const phaseMails: { from: string; to: string; raw: Buffer }[][] = [];
    for (let k = 0; k < PHASES; k++) {
      const mails: { from: string; to: string; raw: Buffer }[] = [];
      for (let i = 0; i < PER_GAME_PHASE * GAMES; i++) {
        const g = (i % GAMES) + 1;
        const n = Math.floor(i / GAMES); // the game's n-th message of the phase
        const power = POWERS[n % POWERS.length]!;
        const last = n >= PER_GAME_PHASE - POWERS.length; // each power's last message is its Final set
        const from = playerOf(g, power);
        const to = `${gameId(g)}@judge.example.org`;
        const raw = await domains.build({ from, to, subject: `${power} orders ${k + 1}.${n}${last ? ' - FINAL' : ''}`, text: `HOLD ALL\n${last ? 'Final\n' : ''}`, messageId: `<${gameId(g)}-${k}-${n}@example.org>` });
        mails.push({ from, to, raw });
      }
      phaseMails.push(mails);
    }
    judge = await startJudge(loaded.config, { concurrency: CONCURRENCY, receive: { auth: { resolver: domains.resolver } } });

    // --- Timed: the phases, one after another ---
    const t0 = Date.now();
    let sent = 0;
    let rssWarm = 0, rssPeak = 0;
    const phaseTimes: number[] = [];
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 200);
    for (let k = 0; k < PHASES; k++) {
      const p0 = Date.now();
      const before = await db.selectFrom('games').select(['id', 'current_phase']).execute();
      const mails = phaseMails[k]!;
      // A steady rate: message i leaves at p0 + i / RATE seconds.
      await Promise.all(mails.map(async (m, i) => {
        const at = p0 + (i * 1000) / RATE;
        if (at > Date.now()) await sleep(at - Date.now());
        await client.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
        sent++;
      }));
      for (;;) {
        const r = await sql<{ n: number }>`SELECT count(DISTINCT inbound_message_id)::int AS n FROM inbound_decisions`.execute(db);
        if (r.rows[0]!.n >= sent) break;
        await sleep(100);
      }
      const at = new Date();
      for (const g of before) await processNow(db, g.id, g.current_phase, at, { requestedBy: 'bench:soak' });
      for (;;) {
        const moved = await db.selectFrom('games').select(['id', 'current_phase']).execute();
        if (moved.every((m) => m.current_phase !== before.find((b) => b.id === m.id)!.current_phase)) break;
        await sleep(100);
      }
      phaseTimes.push((Date.now() - p0) / 1000);
      if (k === 0) {
        global.gc?.();
        rssWarm = process.memoryUsage().rss;
      }
      process.stderr.write(`phase ${k + 1}/${PHASES}: ${mails.length} messages, ${((Date.now() - p0) / 1000).toFixed(1)} s, RSS ${mb(process.memoryUsage().rss)} MB\n`);
    }
    // Every mail out.
    for (;;) {
      const r = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(r.n) === 0) break;
      await sleep(100);
    }
    clearInterval(sampler);
    global.gc?.();
    const rssEnd = process.memoryUsage().rss;
    const seconds = (Date.now() - t0) / 1000;
    const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]!.n);
    const stored = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_messages`);
    const decided = await count(sql<{ n: number }>`SELECT count(DISTINCT inbound_message_id)::int AS n FROM inbound_decisions`);
    const decisions = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_decisions`);
    const sets = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM order_sets`);
    const adjudicated = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM phases WHERE adjudicated_at IS NOT NULL`);
    const outbox = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox`);
    const notSent = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'`);
    await sleep(500);
    const lost = stored !== TOTAL || decided !== TOTAL || decisions !== TOTAL || sets !== TOTAL || adjudicated !== GAMES * PHASES || notSent !== 0 || accepted !== outbox;
    const growth = rssWarm > 0 ? (rssEnd - rssWarm) / rssWarm : 0;
    const result = {
      benchmark: 'bench:soak', at: started.toISOString(), cores: cpus().length, loadAverageAtStart: load0, loadAverageAtEnd: loadavg(),
      path: 'the SMTP listener (MAILJUDGE_SMTP_LISTEN), one pooled client connection', settings: { games: GAMES, phases: PHASES, messages: TOTAL, rate: RATE, concurrency: CONCURRENCY },
      seconds, phaseSeconds: phaseTimes, stored, decided, decisions, orderSets: sets, phasesAdjudicated: adjudicated, outbox, notSent, acceptedBySink: accepted,
      rssAfterWarmUpMb: mb(rssWarm), rssEndMb: mb(rssEnd), rssPeakMb: mb(rssPeak), rssGrowth: Math.round(growth * 1000) / 1000, flat: Math.abs(growth) <= 0.1, lost,
    };
    mkdirSync('bench-results', { recursive: true });
    const file = join('bench-results', `bench-soak-${started.toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`bench:soak ${TOTAL} messages, ${GAMES} games × ${PHASES} phases at ${RATE}/s through the SMTP listener in ${seconds.toFixed(1)} s: stored ${stored}, decided ${decided} (${decisions} decisions), ${adjudicated} phases adjudicated, ${outbox - notSent}/${outbox} mails accepted by the sink (${accepted}); RSS ${mb(rssWarm)} MB after warm-up → ${mb(rssEnd)} MB at the end (${(growth * 100).toFixed(1)} %, ${result.flat ? 'flat' : 'NOT flat'}; peak ${mb(rssPeak)} MB); ${lost ? 'SOMETHING LOST' : 'nothing lost'}; load ${load0.map((l) => l.toFixed(1)).join(' ')} (${file})`);
    if (lost || !result.flat) process.exitCode = 1;
  } finally {
    client.close();
    await judge?.stop();
    await setup.stop();
    await sleep(100);
    await server.stop();
    await new Promise<void>((r) => sink.close(() => r()));
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
