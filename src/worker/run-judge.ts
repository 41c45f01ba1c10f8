/**
 * The running judge: the database (embedded or external, migrated), the job queue's workers with
 * every task, and the outgoing-mail transport. `mailjudge start` and `mailjudge demo` use it; a
 * second process on the same database is another set of workers (graphile-worker claims jobs with
 * SKIP LOCKED), never a second copy of any effect.
 */
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { run, type Runner, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { openDatabase, type OpenDatabase } from '../db/connect.js';
import { createTransport, type MailTransport } from '../mail/outbound/send.js';
import { migrateQueue, quietLogger } from './queue.js';
import { adjudicatePhaseTask, type AdjudicatePayload } from './tasks/adjudicate-phase.js';
import { sendMailTask, type SendMailPayload } from './tasks/send-mail.js';
import { scheduleOpenPhases } from './scheduler.js';
import { startProcessRegistry } from './process-registry.js';

export interface RunningJudge {
  readonly database: OpenDatabase;
  readonly transport: MailTransport;
  readonly runner: Runner;
  /** Where `.eml` files go when no smarthost is configured. */
  readonly outboxDir: string;
  stop(): Promise<void>;
}

export interface JudgeOptions {
  readonly concurrency?: number;
  readonly now?: () => Date;
  /** How often to re-check that every open phase has its adjudication job (ms; default 60 s). */
  readonly sweepEvery?: number;
}

/** Start everything; `stop()` drains the workers and closes the database. */
export async function startJudge(config: Config, options: JudgeOptions = {}): Promise<RunningJudge> {
  const database = await openDatabase(config);
  const connectionString = config.databaseUrl ?? database.embedded!.url;
  const outboxDir = resolve(join(config.stateDir, 'outbox'));
  const transport = createTransport({
    from: config.fromAddress,
    outboxDir,
    ...(config.smtp ? { smtpUrl: withPassword(config.smtp.url, config.smtp.password) } : {}),
  });
  try {
    await migrateQueue(connectionString);
    const ctx = { now: options.now ?? (() => new Date()), fromAddress: config.fromAddress };
    const db = database.db;
    // The queue's own pool, with an error listener: when the database stops, idle clients get
    // 57P01, which on a pool without a listener crashes the process (INFRA.md section 2).
    const queuePool = new pg.Pool({ connectionString, max: (options.concurrency ?? 4) + 2 });
    queuePool.on('error', () => {});
    queuePool.on('connect', (client) => client.on('error', () => {}));
    // Jobs a killed process had locked are released at once, not after graphile-worker's 4 hours.
    const registry = await startProcessRegistry(connectionString, { onError: (e) => process.stderr.write(`worker registry: ${e.message}\n`) });
    const events: WorkerEvents = new EventEmitter();
    // Jobs are locked by the pool's id (batched fetching) or by a worker's: record both.
    events.on('pool:create', ({ workerPool }) => registry.addWorker(workerPool.id));
    events.on('worker:create', ({ worker }) => registry.addWorker(worker.workerId));
    const runner = await run({
      events,
      pgPool: queuePool,
      concurrency: options.concurrency ?? 4,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: quietLogger(),
      taskList: {
        'adjudicate-phase': async (payload) => {
          await adjudicatePhaseTask(db, ctx, payload as AdjudicatePayload);
        },
        'send-mail': async (payload) => sendMailTask(db, transport, payload as SendMailPayload),
      },
    });
    await scheduleOpenPhases(db);
    const sweep = setInterval(() => void scheduleOpenPhases(db).catch((e: Error) => process.stderr.write(`scheduler: ${e.message}\n`)), options.sweepEvery ?? 60_000);
    sweep.unref();
    return {
      database,
      transport,
      runner,
      outboxDir,
      async stop() {
        clearInterval(sweep);
        await runner.stop();
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

function withPassword(url: string, password: string | undefined): string {
  if (!password) return url;
  const u = new URL(url);
  u.password = password;
  return u.toString();
}
