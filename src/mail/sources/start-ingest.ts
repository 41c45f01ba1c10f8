/**
 * Mail intake of a running judge (DESIGN.md "Scaling out"): the IMAP sources of the configured game
 * and confirmation mailboxes, and the SMTP listener, all handing messages to one receiver, which
 * only stores them with their decision jobs (issue 29: src/service/intake/store-message.ts); the
 * job queue's workers decide them, per game in order.
 *
 * Each mailbox is read by exactly one process: the sources run only while this process holds a
 * PostgreSQL session advisory lock on a connection of its own. Another `mailjudge start` on the
 * same database is a hot standby that retries the lock every few seconds and takes over when the
 * holder stops or its connection dies (PostgreSQL releases a session lock with its session). The
 * SMTP listener needs no lock: each delivery is its own message, and a retried one is recognised
 * by its bytes.
 */
import pg from 'pg';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/schema.js';
import type { IncomingMessage } from '../inbound/intake.js';
import { imapSourceSettings, startImapSource, type ImapSource, type SyncResult } from './imap-source.js';
import { recipientRoles } from './recipient-roles.js';
import { startSmtpListener, type SmtpListener } from './smtp-listener.js';
import { groupCommit } from './group-commit.js';
import { STDERR_LOGGER, type SourceLogger } from './source-logger.js';

/** The advisory lock key of the ingesting process ('mjin' in ASCII); one per database. */
export const INGEST_LOCK_KEY = 0x6d6a696e;

/** What the sources hand messages to (src/service/intake/store-message.ts storeMessages). */
export interface IngestReceiver {
  /** Store messages (one SMTP delivery's copies, one IMAP FETCH), with the IMAP checkpoint in the same transaction. */
  store(msgs: IncomingMessage[], checkpoint?: { mailbox: string; uidvalidity: number | bigint; lastUid: number }): Promise<readonly { inboundId: number; created: boolean }[]>;
  /** Resolves when these stored messages are decided (what {@link RunningIngest.syncNow} waits for). */
  decided?(inboundIds: readonly number[]): Promise<void>;
}

/** Options of {@link startIngest}. */
export interface IngestOptions {
  /** How often a standby retries the lock (ms, default 5000). */
  readonly lockRetryMs?: number;
  /** IMAP fallback polling interval (ms, default 60 s). */
  readonly pollIntervalMs?: number;
  /** Listen with IMAP IDLE (default true). */
  readonly idle?: boolean;
  /** First IMAP reconnect delay (ms, default 1000). */
  readonly retryDelayMs?: number;
  readonly logger?: SourceLogger;
}

/** The intake of a running judge. */
export interface RunningIngest {
  /** Whether this process holds the lock and reads the IMAP mailboxes now. */
  readonly leader: boolean;
  /** The SMTP listener's port, when one runs. */
  readonly smtpPort: number | undefined;
  /**
   * Read every IMAP mailbox now and wait until what it stored is decided (by any process's workers);
   * the summed result, or `undefined` when this process is a standby (or no mailbox is configured).
   * Rejects when a sync fails.
   */
  syncNow(): Promise<SyncResult | undefined>;
  /** Stop the sources and the listener, release the lock. */
  stop(): Promise<void>;
}

/**
 * Start the intake `config` asks for: IMAP sources (under the advisory lock) and the SMTP listener.
 * Resolves after the first attempt at the lock, so a lone process is the leader at once. Rejects
 * only when the SMTP port cannot be bound.
 */
export async function startIngest(
  db: Db,
  connectionString: string,
  config: Pick<Config, 'imap' | 'confirmImap' | 'smtpListen' | 'confirmAddress'> & { readonly fromAddress?: string; readonly smtpLimits?: Config['smtpLimits'] },
  receiver: IngestReceiver,
  options: IngestOptions = {},
): Promise<RunningIngest> {
  const log = options.logger ?? STDERR_LOGGER;
  const mailboxes = [
    ...(config.imap ? [{ imap: config.imap, role: 'game' as const }] : []),
    ...(config.confirmImap ? [{ imap: config.confirmImap, role: 'confirm' as const }] : []),
  ];

  let listener: SmtpListener | undefined;
  if (config.smtpListen) {
    listener = await startSmtpListener({
      host: config.smtpListen.host,
      port: config.smtpListen.port,
      // A game's address, the TD's, or a player's reply address (judge+<game>.<token>@…, issue 16);
      // a found one is remembered for a few seconds (recipient-roles.ts says what that window means).
      accepts: recipientRoles(db, config),
      // One delivery's copies (confirmation first, D.VII(1)) in one transaction, with the deliveries of
      // other connections that reached the end of DATA meanwhile (group commit); 250 after the commit.
      handleAll: groupCommit<IncomingMessage, { inboundId: number; created: boolean }>((msgs) => receiver.store(msgs)),
      logger: log,
      ...(config.smtpLimits ? { limits: config.smtpLimits } : {}),
    });
  }

  let stopped = false;
  let sources: ImapSource[] = [];
  let lockClient: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();

  // Messages the IMAP sources stored (by any sync: IDLE, poll, retry) that syncNow has not yet seen decided.
  const undecided = new Set<number>();

  const startSources = () => {
    sources = mailboxes.map(({ imap, role }) => {
      const settings = imapSourceSettings(imap);
      return startImapSource(db, {
        ...settings,
        role,
        storeBatch: async (msgs, checkpoint) => {
          const receipts = await receiver.store(msgs, checkpoint);
          for (const r of receipts) if (r.created) undecided.add(r.inboundId);
          return receipts;
        },
        logger: log,
        ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
        ...(options.idle !== undefined ? { idle: options.idle } : {}),
        ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
      });
    });
  };

  const stopSources = async () => {
    const running = sources;
    sources = [];
    await Promise.all(running.map((s) => s.stop()));
  };

  const dropLock = async () => {
    const c = lockClient;
    lockClient = undefined;
    if (c) await c.end().catch(() => {});
  };

  const scheduleAttempt = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      attempt = attempt.then(tryLead);
    }, options.lockRetryMs ?? 5000);
    retryTimer.unref();
  };

  /** The lock's connection died: PostgreSQL has released the lock, so another process may lead now. */
  const lockLost = (c: pg.Client) => {
    if (lockClient !== c) return;
    lockClient = undefined;
    log.warn('ingest: lost the database connection that holds the ingest lock; stopping the IMAP sources');
    attempt = attempt.then(async () => {
      await stopSources();
      scheduleAttempt();
    });
  };

  async function tryLead(): Promise<void> {
    if (stopped || lockClient) return;
    const c = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    c.on('error', () => lockLost(c));
    c.on('end', () => lockLost(c));
    try {
      await c.connect();
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [INGEST_LOCK_KEY]);
      if (r.rows[0]?.ok && !stopped) {
        lockClient = c;
        log.info('ingest: this process reads the mailboxes');
        startSources();
        return;
      }
    } catch (e) {
      log.warn(`ingest: cannot take the ingest lock: ${(e as Error).message}`);
    }
    c.removeAllListeners('end');
    await c.end().catch(() => {});
    scheduleAttempt();
  }

  if (mailboxes.length > 0) {
    attempt = tryLead();
    await attempt;
  }

  return {
    get leader() {
      return lockClient !== undefined;
    },
    smtpPort: listener?.port,
    async syncNow() {
      if (sources.length === 0) return undefined;
      const results = await Promise.all(sources.map((s) => s.syncNow()));
      const ids = [...undecided];
      if (receiver.decided && ids.length > 0) await receiver.decided(ids);
      for (const id of ids) undecided.delete(id);
      return results.reduce((a, b) => ({ fetched: a.fetched + b.fetched, stored: a.stored + b.stored }), { fetched: 0, stored: 0 });
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await attempt;
      await stopSources();
      await dropLock();
      await listener?.stop();
    },
  };
}
