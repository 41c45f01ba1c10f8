/**
 * Issue 29, "several judges on one PostgreSQL": three `mailjudge start` processes share the test
 * run's embedded database (DATABASE_URL), each with a state directory of its own as if on its own
 * machine:
 *   P1 `--role ingest,scheduler`  reads the judge's mailbox (it starts first, so it takes the intake
 *                                 lock) and runs the scheduler;
 *   P2 (no --role: all)           a standby for the mailbox, a second scheduler, 2 workers
 *                                 (`--concurrency 2`);
 *   P3 `--role worker`            2 workers (MAILJUDGE_WORKER_CONCURRENCY=2).
 * Why these: the intake lock needs a standby with the ingest role to take over (P2); the jobs a
 * killed worker held need another worker to finish them (P2); two schedulers run at once until P1
 * dies, which is what must not double anything; and each role is run alone by one process.
 *
 * Mail goes through the real Postfix into Dovecot throughout: a burst of every player's S1901M set
 * for 8 games, and a steady stream of revisions. P1 is SIGKILLed in the middle of the burst (P2
 * takes over the mailbox within seconds); then the deadline of half the games passes, then of the
 * other half while the test holds the outbox table, and P3 is SIGKILLed while it adjudicates. At the
 * end: every message stored once and decided once, every phase adjudicated once, every outbox row
 * sent once and delivered once (Dovecot, by Message-ID), and each process's share printed from the
 * 0030 columns (stored_by, decided_by, sent_by, adjudicated_by name the process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { insertGame } from '../../src/db/games.js';
import { adjudicateJobKey, enqueueJob } from '../../src/db/jobs.js';
import { insertPerson } from '../../src/db/people.js';
import { insertPhase } from '../../src/db/phases.js';
import { insertPosition } from '../../src/db/positions.js';
import { POWERS, standardStartState, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { MAIL_PASSWORD, countMessages, mailPrefix, mailServers, readMailbox, sendViaPostfix } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { until as poll } from '../helpers/poll.js';
import { queryOnce } from '../helpers/pg-once.js';

const PREFIX = mailPrefix(import.meta.url);
const GAMES = 8;
/** The judge's one mailbox: every game address is a subaddress of it (Dovecot's recipient_delimiter +). */
const JUDGE_BOX = `${PREFIX}-judge@judge.example.org`;
/** Every player's and GM's address is a subaddress of this one mailbox, so the test reads all sent mail at once. */
const PLAYERS_BOX = `${PREFIX}-p@example.org`;
const gameId = (g: number) => `${PREFIX}-g${g}`;
const gameAddress = (g: number) => `${PREFIX}-judge+g${g}@judge.example.org`;
const playerOf = (g: number, who: string) => `${PREFIX}-p+g${g}-${who.toLowerCase()}@example.org`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestDatabase;
const dirs: string[] = [];
const running: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  const deadline = new Date(Date.now() + 7 * 86_400_000);
  for (let g = 1; g <= GAMES; g++) {
    const gm = await insertPerson(t.db, { name: `GM ${g}`, email: playerOf(g, 'gm') });
    await insertGame(t.db, { id: gameId(g), boardName: gameId(g), address: gameAddress(g), gmPersonId: gm.id, status: 'active' });
    for (const power of POWERS) {
      const p = await insertPerson(t.db, { name: `${power} ${g}`, email: playerOf(g, power) });
      await insertPosition(t.db, { gameId: gameId(g), power, personId: p.id, kind: 'original' });
    }
    await insertPhase(t.db, { gameId: gameId(g), state: standardStartState(), deadline });
  }
  // The From address is the identity (no DKIM here: the CLI processes cannot be given a test DNS zone).
  await sql`UPDATE games SET identity = 'address' WHERE id LIKE ${`${PREFIX}-g%`}`.execute(t.db);
});
afterAll(async () => {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The judges started, for {@link diagnose}. */
const judges: Judge[] = [];

interface Judge {
  readonly label: string;
  readonly child: ChildProcess;
  /** Its connections' application_name, from the banner's `process:` line. */
  readonly name: string;
  readonly banner: string;
  stderr(): string;
}

function startJudge(label: string, args: readonly string[], env: Record<string, string> = {}): Promise<Judge> {
  const { host, imapPort, smtpPort } = mailServers();
  const stateDir = mkdtempSync(join(tmpdir(), `mj-three-${label}-`));
  dirs.push(stateDir);
  const child = spawn(process.execPath, [CLI, 'start', ...args], {
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: stateDir,
      MAILJUDGE_FROM_ADDRESS: 'judge@judge.example.org', MAILJUDGE_LOG_LEVEL: 'debug',
      MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE_BOX)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD,
      MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const name = /^ {2}process: (\S+)/m.exec(out)?.[1];
      if (out.includes('stop with Ctrl-C') && name) {
        const judge = { label, child, name, banner: out, stderr: () => err };
        judges.push(judge);
        resolve(judge);
      }
    });
    child.once('exit', (code) => reject(new Error(`${label}: mailjudge start exited ${code}: ${out}${err.slice(-3000)}`)));
  });
}

function kill(j: Judge, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
  return new Promise((resolve) => {
    j.child.once('exit', (code) => resolve(code));
    j.child.kill(signal);
  });
}

const rows = <T>(text: string, values: unknown[] = []) => queryOnce<T>(t.url, text, values);
const num = async (text: string, values: unknown[] = []) => Number((await rows<{ n: string }>(text, values))[0]!.n);

/** A timeout names each job's key and run_at, the open S1901M phases, the registered processes and the children's exits. */
async function diagnose(): Promise<string> {
  const jobs = await rows('SELECT task_identifier, key, queue_name, locked_by, attempts, last_error, run_at, now() AS db_now FROM graphile_worker.jobs WHERE run_at < now() + interval \'1 hour\'');
  const open = await rows(`SELECT game_id, name, deadline, adjudicated_at FROM phases WHERE adjudicated_at IS NULL AND name = 'S1901M'`);
  const procs = await rows('SELECT pid, token, worker_ids FROM judge_processes');
  const exits = running.map((c) => `pid ${c.pid}: ${c.exitCode ?? c.signalCode ?? 'running'}`);
  // The live judges' last log lines about the games still open: what each did with them.
  const stuck = (open as { game_id: string }[]).map((o) => o.game_id);
  const logs = judges.filter((j) => j.child.exitCode === null && j.child.signalCode === null).map((j) => {
    const lines = j.stderr().split('\n').filter((l) => stuck.some((g) => l.includes(g)));
    return `${j.label}:\n${lines.slice(-25).map((l) => l.slice(0, 400)).join('\n')}`;
  });
  return `logs: ${logs.join('\n')}\njobs: ${JSON.stringify(jobs).slice(0, 3000)}\nopen S1901M: ${JSON.stringify(open)}\nprocesses: ${JSON.stringify(procs)}\nchildren: ${exits.join(', ')}`;
}
const until = <T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) => poll(what, probe, { ms, intervalMs: 50, diagnose });

/** A player's S1901M set to the game (the demo's orders: hand-checked below). */
function sendOrders(g: number, power: Power, subject = 'S1901M orders'): Promise<unknown> {
  return sendViaPostfix({ from: playerOf(g, power), to: gameAddress(g), subject, text: `${DEMO_ORDERS.S1901M[power]}\n` });
}

/** The deadline of games `gs` is now (as a TD's deadline change would do: the phase row and its keyed job, in one transaction). */
async function deadlineNow(gs: readonly number[]): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    const now = new Date();
    for (const g of gs) {
      await trx.updateTable('phases').set({ deadline: now }).where('game_id', '=', gameId(g)).where('name', '=', 'S1901M').execute();
      await enqueueJob(trx, 'adjudicate-phase', { gameId: gameId(g), phase: 'S1901M' }, { jobKey: adjudicateJobKey(gameId(g), 'S1901M'), runAt: now, jobKeyMode: 'replace' });
    }
  });
}

describe('three mailjudge start processes on one database', () => {
  it('store, decide, adjudicate and send everything once through an ingester and a worker SIGKILLed', { timeout: 240_000 }, async () => {
    const started = Date.now();
    // P1 first: it takes the intake lock. Then P2 (standby) and P3.
    const p1 = await startJudge('P1', ['--role', 'ingest,scheduler']);
    const [p2, p3] = await Promise.all([startJudge('P2', ['--concurrency', '2']), startJudge('P3', ['--role', 'worker'], { MAILJUDGE_WORKER_CONCURRENCY: '2' })]);
    expect(p1.banner).toMatch(/role: ingest\+scheduler: ingest \(reads the mailboxes: holds the intake lock/);
    expect(p2.banner).toMatch(/role: all: ingest \(mailboxes: standby/);
    expect(p2.banner).toMatch(/worker \(2 jobs at once/);
    expect(p3.banner).toMatch(/role: worker: worker \(2 jobs at once/);
    expect(p3.banner).toMatch(/incoming mail: not read by this process/);
    const judges = [p1, p2, p3];

    // Mail throughout: a revision (the same orders again) every 250 ms, round the games and powers.
    let sent = 0;
    let streaming = true;
    let paused = false;
    const stream = (async () => {
      for (let i = 0; streaming; i++) {
        if (!paused) {
          await sendOrders((i % GAMES) + 1, POWERS[i % POWERS.length]!, 'S1901M orders, revised');
          sent++;
        }
        await sleep(250);
      }
    })();

    // The burst: every player's set, 4 at a time; the first half, then P1 killed, then the second half.
    const burst = Array.from({ length: GAMES }, (_, i) => POWERS.map((power) => [i + 1, power] as const)).flat();
    const sendAll = async (items: readonly (readonly [number, Power])[]) => {
      let next = 0;
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (next < items.length) {
          const [g, power] = items[next++]!;
          await sendOrders(g, power);
          sent++;
        }
      }));
    };
    const half = Math.floor(burst.length / 2);
    await sendAll(burst.slice(0, half));
    await until('P1 to store a part of the burst', async () => ((await num('SELECT count(*) AS n FROM inbound_messages WHERE stored_by = $1', [p1.name])) >= 10 ? true : undefined));
    const killedP1 = Date.now();
    await kill(p1);
    await sendAll(burst.slice(half));
    // P2's standby retries the lock every 5 s; PostgreSQL released it with P1's session.
    const takeoverAt = await until('P2 to take over the mailbox', async () => {
      const line = p2.stderr().split('\n').find((l) => l.includes('ingest: this process reads the mailboxes'));
      const time = line ? (JSON.parse(line) as { time: number | string }).time : undefined;
      return time === undefined ? undefined : typeof time === 'number' ? time : Date.parse(time);
    }, 30_000);
    const takeoverMs = takeoverAt - killedP1;
    expect(takeoverMs).toBeLessThan(15_000);

    // Everything delivered so far stored and decided (the stream goes on).
    const decidedAll = async () => {
      const inBox = await countMessages(JUDGE_BOX);
      const stored = await num('SELECT count(*) AS n FROM inbound_messages');
      const decided = await num('SELECT count(*) AS n FROM inbound_decisions');
      return inBox >= burst.length && stored === inBox && decided === stored ? stored : undefined;
    };
    await until('the burst to be stored and decided', decidedAll, 90_000);

    // The deadline of games 1–4: both workers' processes adjudicate.
    await deadlineNow([1, 2, 3, 4]);
    await until('games 1–4 adjudicated', async () => ((await num(`SELECT count(*) AS n FROM phases WHERE name = 'S1901M' AND adjudicated_at IS NOT NULL`)) === 4 ? true : undefined));

    // The deadline of games 5–8, with the outbox held: each adjudication waits at its insert of the
    // results; P2's two workers hold two of them, P3's the other two. No mail is being handed to Postfix meanwhile (a send claims its row first, which waits
    // for the lock too), so killing P3 now cuts an adjudication, never a delivery.
    paused = true;
    // Nothing else left for the workers: every message so far decided, every mail so far sent (a send
    // would wait at the lock too, holding a worker that should be adjudicating).
    await until('the revisions so far to be decided and answered', async () => {
      if ((await decidedAll()) !== sent) return undefined;
      const busy = await num(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier IN ('send-mail', 'decide-message')`);
      const pending = await num(`SELECT count(*) AS n FROM outbox WHERE status <> 'sent'`);
      return busy === 0 && pending === 0 ? true : undefined;
    });
    const blocker = new pg.Client({ connectionString: t.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
    await deadlineNow([5, 6, 7, 8]);
    const p3pid = p3.child.pid!;
    const held = await until('P3 to be adjudicating, waiting at the outbox', async () => {
      const r = await rows<{ key: string }>(
        `SELECT j.key FROM graphile_worker.jobs j JOIN judge_processes p ON j.locked_by = ANY (p.worker_ids)
          WHERE p.pid = $1 AND j.task_identifier = 'adjudicate-phase'`, [p3pid]);
      const waiting = await rows(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock' AND query ILIKE '%insert into "outbox"%'`, [p3.name]);
      return r.length > 0 && waiting.length > 0 ? r.map((x) => x.key) : undefined;
    }, 30_000);
    await kill(p3);
    paused = false;
    await blocker.query('COMMIT');
    await blocker.end();
    // P2's registry finds P3 dead (its liveness lock is free) and releases its jobs within 10 s.

    await until('every S1901M adjudicated', async () => ((await num(`SELECT count(*) AS n FROM phases WHERE name = 'S1901M' AND adjudicated_at IS NOT NULL`)) === GAMES ? true : undefined), 90_000);
    streaming = false;
    await stream;
    const total = await until('every message stored and decided', async () => {
      const n = await decidedAll();
      return n === sent ? n : undefined;
    });
    const outbox = await until('every mail sent', async () => {
      const r = await rows<{ id: string; kind: string; status: string; message_id: string; to_address: string; sent_by: string | null }>('SELECT id, kind, status, message_id, to_address, sent_by FROM outbox');
      const pending = await num(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier IN ('send-mail', 'decide-message') OR (task_identifier = 'adjudicate-phase' AND run_at < now() + interval '1 day')`);
      return pending === 0 && r.every((m) => m.status === 'sent') ? r : undefined;
    });
    const delivered = await until('every mail delivered', async () => {
      const n = await countMessages(PLAYERS_BOX);
      return n >= outbox.length ? n : undefined;
    });
    await sleep(1000); // a duplicate delivery would arrive now
    const exitP2 = await kill(p2, 'SIGTERM');
    expect(exitP2).toBe(0);

    // Stored once: every message Postfix delivered into the judge's mailbox is one row, one Message-ID each.
    expect(await countMessages(JUDGE_BOX)).toBe(sent);
    expect(total).toBe(sent);
    expect(await num('SELECT count(DISTINCT message_id) AS n FROM inbound_messages')).toBe(sent);
    // Decided once: one decision per message (its primary key), one order set per accepted set.
    const outcomes = await rows<{ outcome: string; n: string }>('SELECT outcome, count(*) AS n FROM inbound_decisions GROUP BY outcome');
    const accepted = Number(outcomes.find((o) => o.outcome === 'orders')?.n ?? 0);
    expect(await num('SELECT count(*) AS n FROM order_sets')).toBe(accepted);
    expect(accepted).toBeGreaterThanOrEqual(burst.length);
    // Adjudicated once: one audit entry per game's S1901M, and each game is in F1901M.
    expect(await rows(`SELECT game_id, count(*)::int AS n FROM audit_log WHERE action = 'phase.adjudicate' GROUP BY game_id HAVING count(*) <> 1`)).toEqual([]);
    expect(await num(`SELECT count(*) AS n FROM audit_log WHERE action = 'phase.adjudicate'`)).toBe(GAMES);
    expect(await num(`SELECT count(*) AS n FROM games WHERE current_phase = 'F1901M' AND id LIKE $1`, [`${PREFIX}-g%`])).toBe(GAMES);
    // Sent once: 7 players and the GM per game get the results (8 × 8), one ack per set, and each
    // outbox row arrived in Dovecot exactly once.
    expect(outbox.filter((m) => m.kind === 'adjudication-report')).toHaveLength(GAMES * 8);
    expect(outbox.filter((m) => m.kind === 'orders-received')).toHaveLength(accepted);
    const box = await readMailbox(PLAYERS_BOX);
    const ids = box.map((m) => (m.parsed.messageId ?? '').replace(/^<|>$/g, ''));
    expect(delivered).toBe(outbox.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(outbox.map((m) => m.message_id)));

    // What the players read. S1901M with the demo's orders (hand-checked, D.V): Austria's A Vie and
    // Russia's A War both move to Galicia with strength 1 each: a standoff, both stay; Russia's F Sev
    // and Turkey's F Ank both move to the Black Sea: a standoff; every other move has no rival and
    // succeeds (France's A Par reaches Burgundy).
    const report = box.find((m) => m.parsed.subject?.includes(gameId(5)) && /results/.test(m.parsed.subject) && m.parsed.to && JSON.stringify(m.parsed.to).includes(playerOf(5, 'FRANCE')));
    expect(report, 'the France player of game 5 has the results').toBeDefined();
    const text = report!.parsed.text ?? '';
    expect(text).toMatch(/A VIE - GAL\s+bounces: standoff with WAR/);
    expect(text).toMatch(/A WAR - GAL\s+bounces: standoff with VIE/);
    expect(text).toMatch(/F ANK - BLA\s+bounces: standoff with SEV/);
    expect(text).toMatch(/F SEV - BLA\s+bounces: standoff with ANK/);
    expect(text).toMatch(/A PAR - BUR\s+moves/);
    expect(text).toMatch(/^RUSSIA +F BOT, F SEV, A UKR, A WAR$/m); // the bounced units stay where they were

    // Each process's share.
    const share = async (column: string, table: string, where = 'true') =>
      Object.fromEntries(judges.map((j) => [j.label, 0]).concat((await rows<{ by: string; n: string }>(`SELECT ${column} AS by, count(*) AS n FROM ${table} WHERE ${where} GROUP BY 1`)).map((r) => [judges.find((j) => j.name === r.by)?.label ?? String(r.by), Number(r.n)])));
    const stored = await share('stored_by', 'inbound_messages');
    const decided = await share('decided_by', 'inbound_decisions');
    const adjudicated = await share('adjudicated_by', 'phases', 'adjudicated_at IS NOT NULL');
    const sentBy = await share('sent_by', 'outbox');
    console.log(
      `three judges: ${sent} messages, ${outbox.length} mails, ${GAMES} adjudications in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `P1 killed mid-burst, P2 read the mailbox ${(takeoverMs / 1000).toFixed(1)} s later; P3 killed adjudicating ${held.join(', ')}\n` +
        judges.map((j) => `  ${j.label} ${j.name}: stored ${stored[j.label]}, decided ${decided[j.label]}, adjudicated ${adjudicated[j.label]}, sent ${sentBy[j.label]}`).join('\n'),
    );
    expect(stored.P1).toBeGreaterThanOrEqual(10);
    expect(stored.P2).toBeGreaterThan(0);
    expect(stored.P1! + stored.P2!).toBe(sent); // only the ingesters stored
    expect(decided.P1).toBe(0); // no worker role
    expect(decided.P2! + decided.P3!).toBe(sent);
    expect(adjudicated.P1! + adjudicated.P2! + adjudicated.P3!).toBe(GAMES);
    expect(adjudicated.P1).toBe(0);
    expect(sentBy.P1).toBe(0);
    expect(sentBy.P2! + sentBy.P3!).toBe(outbox.length);
    expect(p2.stderr()).not.toMatch(/duplicate key|"level":50/);
  });
});
