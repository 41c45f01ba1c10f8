/**
 * The running judge: the database (embedded or external, migrated), the job queue's workers with
 * every task, and the outgoing-mail transport. `mailjudge start` and `mailjudge demo` use it; a
 * second process on the same database is another set of workers (graphile-worker claims jobs with
 * SKIP LOCKED), never a second copy of any effect.
 *
 * Issue 29: a process takes some or all of the roles (roles.ts): `ingest` (the mailboxes under the
 * intake lock, the SMTP listener), `worker` (the jobs), `scheduler` (the calendar tick's cron and the
 * sweep, scheduler-sweep.ts). Every connection is named `mailjudge/<roles>/<host>:<pid>`, which the
 * 0030 columns record as who stored, decided, sent or adjudicated what.
 */
import { hostname } from 'node:os';
import { recordJudgeAddresses } from '../db/judge-settings.js';
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { openDatabase, type OpenDatabase } from '../db/connect.js';
import { createTransport, type MailTransport } from '../mail/outbound/send.js';
import { readDkimKey } from '../mail/outbound/dkim-key.js';
import { bounceAddress } from '../mail/outbound/return-path.js';
import { verpKey } from '../db/judge-keys.js';
import { decideQueuedBatch, type ReceiveContext } from '../service/intake/receive-message.js';
import { storeMessages } from '../service/intake/store-message.js';
import { undecidedAmong } from '../db/inbound-decisions.js';
import { startIngest, type IngestOptions, type RunningIngest } from '../mail/sources/start-ingest.js';
import { migrateQueue, quietLogger } from './queue.js';
import { log } from '../config/log.js';
import { sendMailTask, type SendMailPayload } from './tasks/send-mail.js';
import { calendarTickTask } from '../service/diplomacy/calendar-tick.js';
import { startProcessRegistry } from './process-registry.js';
import { watchDatabase } from './database-watchdog.js';
import { databaseLoss } from './database-loss.js';
import { adjudicateTurnTask, type AdjudicateTurnPayload } from './tasks/adjudicate-turn.js';
import { enqueueJob } from '../db/jobs.js';
import { describeClock, judgeNow, realDurationOf, useClock } from '../config/clock.js';
import { JUDGE_ROLES, roleLabel, type JudgeRole } from './roles.js';
import { schedulerSweep } from './scheduler-sweep.js';

/** How many other waiting send-mail jobs one send-mail job takes over (issue 29: acknowledgements sent in batches). */
export const SEND_TAKE_OVER = 20;

export interface RunningJudge {
  readonly database: OpenDatabase;
  readonly transport: MailTransport;
  /** The job queue's runner; `undefined` in an `ingest`-only process. */
  readonly runner: Runner | undefined;
  /** The roles this process took (issue 29). */
  readonly roles: readonly JudgeRole[];
  /** Its connections' application_name, `mailjudge/<roles>/<host>:<pid>` (the 0030 `*_by` columns). */
  readonly processName: string;
  /** Jobs it runs at once (0: no worker role; 1 in a scheduler-only process, for the calendar tick). */
  readonly concurrency: number;
  /** Where `.eml` files go when no smarthost is configured. */
  readonly outboxDir: string;
  /** Mail intake: the IMAP sources (while this process holds the ingest lock) and the SMTP listener. */
  readonly ingest: Omit<RunningIngest, 'stop'>;
  stop(): Promise<void>;
}

export interface JudgeOptions {
  /** Jobs run at once (default: the config's workerConcurrency). */
  readonly concurrency?: number;
  /** What this process does (default all three; issue 29). */
  readonly roles?: readonly JudgeRole[];
  /** How often the process registry looks for dead processes' jobs to release (ms; default 10 s). */
  readonly registrySweepEvery?: number;
  readonly now?: () => Date;
  /** How often to re-check that every open phase has its adjudication job (ms; default 60 s). */
  readonly sweepEvery?: number;
  /** Mail intake tuning (lock retry, IMAP polling and IDLE); see src/mail/sources/start-ingest.ts. */
  readonly ingest?: IngestOptions;
  /** How inbound mail is judged beyond the configuration: the DNS resolver for DKIM/SPF/DMARC (tests inject a zone), our MTA's name, the reply cap. */
  readonly receive?: Pick<ReceiveContext, 'auth' | 'repliesPerHour'>;
  /**
   * The embedded database died (database-watchdog.ts); called once. `mailjudge start` exits
   * non-zero so that the service manager restarts the judge. Unwatched without it, or on an
   * external DATABASE_URL (its operator supervises it).
   */
  readonly onDatabaseDead?: (reason: string) => void;
}

/** Start everything; `stop()` drains the workers and closes the database. */
export async function startJudge(config: Config, options: JudgeOptions = {}): Promise<RunningJudge> {
  const dkim = config.dkim ? readDkimKey(config.dkim) : undefined; // a missing key stops the start, before anything opens
  const roles = options.roles ?? JUDGE_ROLES;
  const has = (role: JudgeRole) => roles.includes(role);
  const processName = `mailjudge/${roleLabel(roles)}/${hostname()}:${process.pid}`.slice(0, 63); // NAMEDATALEN - 1
  const database = await openDatabase(config, { applicationName: processName });
  const connectionString = named(config.databaseUrl ?? database.embedded!.url, processName);
  const concurrency = has('worker') ? (options.concurrency ?? config.workerConcurrency ?? 4) : has('scheduler') ? 1 : 0;
  const outboxDir = resolve(join(config.stateDir, 'outbox'));
  // Issue 27: signed when a DKIM key is configured; each mail's envelope sender its own return path (VERP).
  const bounceKey = await verpKey(database.db);
  const transport = createTransport({
    from: config.fromAddress,
    outboxDir,
    ...(config.smtp ? { smtpUrl: withPassword(config.smtp.url, config.smtp.password) } : {}),
    ...(dkim ? { dkim } : {}),
    returnPath: (mail) => bounceAddress(config.fromAddress, mail.id, bounceKey),
  });
  try {
    await migrateQueue(connectionString);
    // Issue 30: a fast clock in the configuration is this process's clock (readConfig installs it too).
    if (config.clock) {
      useClock(config.clock);
      log().warn({ event: 'clock.simulated', speed: config.clock.speed, origin: config.clock.origin.toISOString(), anchor: config.clock.anchor.toISOString() }, describeClock(config.clock));
    }
    const ctx = { now: options.now ?? judgeNow, fromAddress: config.fromAddress };
    const receiveCtx: ReceiveContext = { fromAddress: config.fromAddress, ...(config.confirmAddress ? { confirmAddress: config.confirmAddress } : {}), ...options.receive };
    const db = database.db;
    // The queue's own pool, with an error listener: when the database stops, idle clients get
    // 57P01, which on a pool without a listener crashes the process (INFRA.md section 2).
    // Issue 29: the same statement timeout as the judge's own pool.
    const queuePool = new pg.Pool({ connectionString, max: Math.max(concurrency, 1) + 2, ...(config.statementTimeoutSeconds ? { statement_timeout: config.statementTimeoutSeconds * 1000 } : {}) });
    queuePool.on('error', () => {});
    queuePool.on('connect', (client) => client.on('error', () => {}));
    // Jobs a killed process had locked are released at once, not after graphile-worker's 4 hours.
    const registry = await startProcessRegistry(connectionString, { sweepEvery: options.registrySweepEvery ?? 10_000, onError: (e) => log().error({ event: 'registry.error', error: e.message }, 'worker registry') });
    const events: WorkerEvents = new EventEmitter();
    // Jobs are locked by the pool's id (batched fetching) or by a worker's: record both.
    events.on('pool:create', ({ workerPool }) => registry.addWorker(workerPool.id));
    events.on('worker:create', ({ worker }) => registry.addWorker(worker.workerId));
    const workerTasks: TaskList = {
        // Issue 29: after the game's messages stored before it (tasks/adjudicate-turn.ts).
        'adjudicate-phase': async (payload, helpers) => {
          await adjudicateTurnTask(db, ctx, payload as AdjudicateTurnPayload, helpers.job.key ?? undefined);
        },
        // Issue 29: a stored message's decision, serialized per game by the job's queue (store-message.ts),
        // and the messages of its queue waiting behind it, in order, each in its own transaction.
        'decide-message': async (payload, helpers) => {
          await decideQueuedBatch(db, receiveCtx, { inboundId: (payload as { inboundId: number }).inboundId, jobId: helpers.job.id }, { stopping: () => helpers.abortSignal.aborted });
        },
        // Issue 29: with the send-mail jobs waiting now (SEND_TAKE_OVER), over the transport's pool.
        'send-mail': async (payload, helpers) => sendMailTask(db, transport, payload as SendMailPayload, { fromAddress: config.fromAddress, now: ctx.now }, { job: helpers.job, takeOver: SEND_TAKE_OVER }),
    };
    const schedulerTasks: TaskList = {
        // Reminders, GM digests, early adjudication, withheld 1901 phases, replacements (D.VII, B.7, B.8).
        // Every minute by graphile-worker's cron, in scheduler processes only: with two schedulers the
        // cron's own bookkeeping (_private_known_crontabs.last_execution) adds each minute's job once,
        // the job key makes it one job, and the tick's effects are keyed besides (calendar-tick.ts).
        'calendar-tick': async () => {
          await calendarTickTask(db, ctx);
        },
    };
    // An ingest-only process runs no jobs: it stores messages and adds their jobs for the workers.
    const runner = concurrency === 0 ? undefined : await run({
      events,
      pgPool: queuePool,
      concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: quietLogger(),
      taskList: { ...(has('worker') ? workerTasks : {}), ...(has('scheduler') ? schedulerTasks : {}) },
      ...(has('scheduler') ? { crontab: '* * * * * calendar-tick ?max=1&jobKey=calendar-tick&jobKeyMode=replace' } : {}),
    });
    const embedded = database.embedded;
    const databasePort = Number(new URL(connectionString).port) || 5432;
    let dead = false;
    const onDead = (reason: string) => {
      if (dead || !options.onDatabaseDead) return;
      dead = true;
      log().fatal({ event: 'database.dead', ...(embedded ? { dataDir: embedded.dataDir } : {}), reason }, embedded ? 'the embedded database died' : 'the database was lost');
      options.onDatabaseDead(reason);
    };
    // Issue 25 (8): graphile-worker's runner ends on a lost database (its pool or LISTEN client fails)
    // before the watchdog may notice; either way the judge exits 75. A runner stopped by stop() resolves.
    runner?.promise.catch((e: unknown) => {
      const reason = databaseLoss(e, databasePort);
      if (reason !== undefined) onDead(`the job queue lost it: ${reason}`);
      else log().error({ event: 'queue.error', error: (e as Error)?.message }, 'the job queue stopped');
    });
    events.on('worker:fatalError', ({ error }) => {
      const reason = databaseLoss(error, databasePort);
      if (reason !== undefined) onDead(`a worker lost it: ${reason}`);
    });
    // The judge's own addresses, for commands run from a shell without its environment (issue #26, item 11).
    await recordJudgeAddresses(db, { fromAddress: config.fromAddress, confirmAddress: config.confirmAddress });
    const watchdog = embedded && options.onDatabaseDead
      ? watchDatabase({ connectionString, dataDir: embedded.dataDir, onDead })
      : undefined;
    // Intake last: a message may be answered as soon as it is stored.
    let ingest: RunningIngest;
    try {
      ingest = has('ingest')
        ? await startIngest(db, connectionString, config, {
          store: (msgs, checkpoint) => storeMessages(db, config.fromAddress, msgs, checkpoint),
          decided: (ids) => untilDecided(db, ids),
        }, options.ingest)
        : NO_INGEST;
    } catch (e) {
      await runner?.stop();
      await registry.stop();
      await queuePool.end();
      throw e;
    }
    // A stored message with no decision and no decision job (stored before the job queue decided
    // messages, or by `receiveMessage` whose decision failed) gets its job now; one whose job exists
    // (a killed process's, released by the registry) is left to it: decided once (issue 29).
    // Issue 29: the scheduler's sweep, one process at a time (scheduler-sweep.ts).
    // At start, then every minute: each open phase has its adjudication job, and no stored message is
    // left without its decision job.
    const sweepOnce = async (graceMs?: number) => {
      try {
        const r = await schedulerSweep(db, receiveCtx, graceMs === undefined ? {} : { graceMs });
        log().debug({ event: 'scheduler.sweep', ...r }, r.swept ? 'scheduler sweep' : 'another scheduler is sweeping');
      } catch (e) {
        log().error({ event: 'scheduler.error', error: (e as Error).message }, 'scheduler');
      }
    };
    if (has('scheduler')) await sweepOnce(0);
    const sweep = has('scheduler') ? setInterval(() => void sweepOnce(), options.sweepEvery ?? 60_000) : undefined;
    sweep?.unref();
    // Issue 30: the crontab ticks each REAL minute; under a fast clock the scheduler also ticks each
    // simulated minute (at most once a real second), so reminders, digests, early adjudications and
    // replacement steps fall when they would on a real clock.
    const minute = config.clock && has('scheduler') ? Math.max(1000, realDurationOf(60_000)) : undefined;
    const fastTick = minute === undefined ? undefined : setInterval(() => {
      void enqueueJob(db, 'calendar-tick', {}, { jobKey: 'calendar-tick', jobKeyMode: 'replace' }).catch((e: Error) => log().error({ event: 'scheduler.error', error: e.message }, 'calendar tick'));
    }, minute);
    fastTick?.unref();
    log().info({
      event: 'judge.roles', roles, process: processName, concurrency, leader: ingest.leader,
      databasePoolSize: config.databasePoolSize, statementTimeoutSeconds: config.statementTimeoutSeconds,
    }, `this process: ${describeShare(roles, concurrency, ingest.leader)}`);
    return {
      database,
      transport,
      runner,
      roles,
      processName,
      concurrency,
      outboxDir,
      ingest,
      async stop() {
        watchdog?.stop();
        await ingest.stop();
        if (sweep) clearInterval(sweep);
        if (fastTick) clearInterval(fastTick);
        await runner?.stop();
        await registry.stop();
        await queuePool.end();
        transport.close();
        await database.stop();
      },
    };
  } catch (e) {
    transport.close();
    await database.stop();
    throw e;
  }
}

/** The intake of a process without the ingest role: nothing read, nothing listened to. */
const NO_INGEST: RunningIngest = { leader: false, smtpPort: undefined, syncNow: async () => undefined, stop: async () => {} };

/**
 * What share of the work a process takes, in words (the start-up banner and the `judge.roles` log
 * line): the intake while it holds the lock (or standing by), jobs with N workers, the scheduler.
 */
export function describeShare(roles: readonly JudgeRole[], concurrency: number, leader: boolean): string {
  const parts: string[] = [];
  if (roles.includes('ingest')) parts.push(`ingest (${leader ? 'reads the mailboxes: holds the intake lock' : 'mailboxes: standby, retries the intake lock every 5 s'}; the SMTP listener if configured)`);
  if (roles.includes('worker')) parts.push(`worker (${concurrency} job${concurrency === 1 ? '' : 's'} at once: decisions, adjudications, sending; shared with every other worker process)`);
  if (roles.includes('scheduler')) parts.push('scheduler (calendar tick every minute, deadline and intake sweep; with other schedulers, each tick done once)');
  return parts.join('; ');
}

/** `url` with the connection's application_name (pg reads it from the query string). */
function named(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

/** Resolves when every message of `ids` has its decision (polled; at most `timeoutMs`, then it logs and resolves). */
async function untilDecided(db: OpenDatabase['db'], ids: readonly number[], timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(100, wait * 2)) {
    const left = await undecidedAmong(db, ids);
    if (left.length === 0) return;
    if (Date.now() > end) {
      log().warn({ event: 'intake.undecided', inboundIds: left }, 'stored messages are still waiting for their decision');
      return;
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}

function withPassword(url: string, password: string | undefined): string {
  if (!password) return url;
  const u = new URL(url);
  u.password = password;
  return u.toString();
}
