/**
 * Reads one IMAP mailbox into the inbound pipeline (DESIGN.md "Data flow"): new messages are
 * fetched in UID order and handed to `handle` (receiveMessage, which stores the raw bytes before
 * anything else) with the mailbox's INTERNALDATE as the trusted receipt time.
 *
 * Invariants, in the order each message goes through them:
 * 1. `handle` stores the raw message (a failure, which receiveMessage throws only for a failure of
 *    the environment, stops the batch; the message is fetched again);
 * 2. then the checkpoint (src/db/mailbox-checkpoints.ts) moves past its UID;
 * 3. then it is flagged \Seen or moved; nothing is ever deleted, and a failed flag or move is
 *    logged and tried again at the next sync: the checkpoint, not the flag, says what has been read.
 * A crash between two steps refetches at most one message, which the raw store recognises by
 * (mailbox, UIDVALIDITY, UID). With `storeBatch` (the running judge, issue 29) steps 1 and 2 are one
 * transaction per FETCH of up to {@link IMAP_BATCH_SIZE} messages, which also adds each message's
 * decision job, and step 3 is one STORE (or MOVE) for the batch: a crash refetches nothing stored. When UIDVALIDITY changes (the mailbox was recreated or renumbered),
 * reading restarts at UID 1 and a message whose bytes are already stored under the old
 * UIDVALIDITY is passed over, so nothing is stored twice.
 *
 * New mail is noticed by IDLE (`exists`), with a polling timer as the fallback; a lost connection
 * is reopened with a capped exponential backoff. Syncs of one source never overlap. Nothing here
 * throws into the event loop: errors are logged and retried.
 */
import { createHash } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import {
  findMailboxCheckpoint,
  hasMessagesUnderOtherUidvalidity,
  isStoredUnderOtherUidvalidity,
  saveMailboxCheckpoint,
} from '../../db/mailbox-checkpoints.js';
import type { Db } from '../../db/schema.js';
import type { ImapConfig } from '../../config/config.js';
import type { IncomingMessage } from '../inbound/intake.js';
import { STDERR_LOGGER, type SourceLogger } from './source-logger.js';
import { countImapReconnect, recordMailboxPoll } from '../../config/metrics.js';
import { judgeNow, judgeTimeOf } from '../../config/clock.js';

/** How to reach the IMAP server. */
export interface ImapConnection {
  readonly host: string;
  readonly port: number;
  /** TLS from the start (imaps, 993); otherwise STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly user: string;
  readonly password: string;
}

/** Options of {@link startImapSource}. */
export interface ImapSourceOptions {
  /** The mailbox's stable name, the key of its checkpoint and raw rows ('imap://judge@mail.example.org/INBOX'). */
  readonly name: string;
  readonly connection: ImapConnection;
  /** The mailbox to read (default `INBOX`). */
  readonly mailbox?: string;
  readonly role: 'game' | 'confirm';
  /** What to do with a stored message: flag it `\Seen` (default) or move it to a folder (`move:Processed`). */
  readonly after?: 'seen' | `move:${string}`;
  /** Fallback polling interval (ms, default 60 s). */
  readonly pollIntervalMs?: number;
  /** Listen with IDLE for new mail (default true). */
  readonly idle?: boolean;
  /** How long the connection must be quiet before IDLE starts (ms, default 500; imapflow's own default is 15 s). */
  readonly idleDelayMs?: number;
  /** First reconnect delay (ms, default 1000); doubles per failure up to {@link ImapSourceOptions.maxRetryDelayMs}. */
  readonly retryDelayMs?: number;
  /** Longest reconnect delay (ms, default 30 s). */
  readonly maxRetryDelayMs?: number;
  /** Store and process one message; must store the raw bytes before anything else (used without {@link ImapSourceOptions.storeBatch}). */
  readonly handle?: (msg: IncomingMessage) => Promise<unknown>;
  /**
   * Store the messages of one FETCH (in UID order) and move the checkpoint to `checkpoint` in the
   * same transaction (issue 29); each message's id and whether it is new. With it, the source
   * fetches up to {@link ImapSourceOptions.batchSize} messages per FETCH and flags them in one STORE.
   */
  readonly storeBatch?: (msgs: IncomingMessage[], checkpoint: { mailbox: string; uidvalidity: number | bigint; lastUid: number }) => Promise<readonly { inboundId: number; created: boolean }[]>;
  /** Messages per FETCH and transaction with `storeBatch` (default {@link IMAP_BATCH_SIZE}). */
  readonly batchSize?: number;
  readonly logger?: SourceLogger;
}

/** What one sync did. */
export interface SyncResult {
  /** Messages fetched from the server. */
  readonly fetched: number;
  /** Of those, messages newly stored (not duplicates, not renumbered copies). */
  readonly stored: number;
}

/**
 * Messages per FETCH and per storing transaction: 50 messages are at most 100 MiB in memory at the
 * 2 MiB limit per message (MAX_MESSAGE_BYTES), a few hundred KiB for order sets.
 */
export const IMAP_BATCH_SIZE = 50;

/** A running source. */
export interface ImapSource {
  readonly name: string;
  /**
   * Read the mailbox now (after any sync in progress), connecting first if needed. Rejects when
   * the sync fails (a retry is scheduled regardless).
   */
  syncNow(): Promise<SyncResult>;
  /** Stop timers, let a running sync finish, log out. */
  stop(): Promise<void>;
}

/** `imaps://user@host:993` + password + mailbox → a source's name and connection. Pure. */
export function imapSourceSettings(config: ImapConfig): { name: string; connection: ImapConnection; mailbox: string; after: ImapConfig['after'] } {
  const url = new URL(config.url);
  const secure = url.protocol === 'imaps:';
  const user = decodeURIComponent(url.username);
  const host = url.hostname;
  return {
    // Independent of port and TLS, so switching imap:143 to imaps:993 keeps the same checkpoint.
    name: `imap://${encodeURIComponent(user)}@${host.toLowerCase()}/${config.mailbox}`,
    connection: { host, port: url.port ? Number(url.port) : secure ? 993 : 143, secure, user, password: config.password ?? '' },
    mailbox: config.mailbox,
    after: config.after ?? 'seen',
  };
}

/** A handler's answer that says the message was already stored (receiveMessage's `duplicate`). */
function isDuplicate(outcome: unknown): boolean {
  return typeof outcome === 'object' && outcome !== null && (outcome as { kind?: unknown }).kind === 'duplicate';
}

/**
 * Start reading a mailbox: connects and syncs at once, then on every IDLE notification and poll.
 * Never throws for connection problems (they are logged and retried); call `stop()` to end it.
 */
export function startImapSource(db: Db, options: ImapSourceOptions): ImapSource {
  const log = options.logger ?? STDERR_LOGGER;
  const mailbox = options.mailbox ?? 'INBOX';
  const after = options.after ?? 'seen';
  const moveTo = after.startsWith('move:') ? after.slice('move:'.length) : undefined;
  const idle = options.idle ?? true;
  const retryBase = options.retryDelayMs ?? 1000;
  const retryCap = options.maxRetryDelayMs ?? 30_000;
  const label = `imap ${options.name}`;

  let stopped = false;
  let client: ImapFlow | undefined;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  // One sync at a time: `tail` is the last sync queued; `queued` one not yet started (coalesces triggers).
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<SyncResult> | undefined;

  const dropClient = (c: ImapFlow) => {
    if (client === c) client = undefined;
    c.removeAllListeners('exists');
    try {
      c.close();
    } catch {
      // already closed
    }
  };

  async function connect(): Promise<ImapFlow> {
    const c = new ImapFlow({
      host: options.connection.host,
      port: options.connection.port,
      secure: options.connection.secure,
      auth: { user: options.connection.user, pass: options.connection.password },
      logger: false,
      disableAutoIdle: !idle,
      ...(idle ? { autoIdleDelay: options.idleDelayMs ?? 500 } : {}),
    });
    c.on('error', (e: Error) => log.warn(`${label}: ${e.message}`));
    c.on('close', () => {
      if (client !== c) return;
      client = undefined;
      if (!stopped) {
        log.info(`${label}: connection closed; reconnecting`);
        countImapReconnect(options.name);
        scheduleRetry();
      }
    });
    c.on('exists', (e: { count: number; prevCount: number }) => {
      if (e.count > e.prevCount) void requestSync();
    });
    try {
      await c.connect();
      await c.mailboxOpen(mailbox);
      if (moveTo) {
        await c.mailboxCreate(moveTo).catch((e: { serverResponseCode?: string; message: string }) => {
          if (e.serverResponseCode !== 'ALREADYEXISTS') log.warn(`${label}: cannot create ${moveTo}: ${e.message}`);
        });
      }
    } catch (e) {
      dropClient(c);
      throw e;
    }
    if (stopped) {
      dropClient(c);
      throw new Error(`${label}: stopped`);
    }
    client = c;
    return c;
  }

  async function runSync(): Promise<SyncResult> {
    const c = client?.usable ? client : await connect();
    await c.noop(); // see mail delivered since the last command
    const box = c.mailbox;
    if (!box || box.path !== mailbox) throw new Error(`${label}: mailbox ${mailbox} is not selected`);
    const uidvalidity = box.uidValidity;
    const checkpoint = await findMailboxCheckpoint(db, options.name);
    const sameValidity = checkpoint !== undefined && BigInt(checkpoint.uidvalidity) === uidvalidity;
    const lastUid = sameValidity ? checkpoint.lastUid : 0;
    if (!sameValidity && checkpoint) log.info(`${label}: UIDVALIDITY changed from ${checkpoint.uidvalidity} to ${uidvalidity}; rereading from UID 1`);
    // Renumbered copies of stored messages are recognised by their bytes; the check costs a query
    // per message, so it runs only while the mailbox has rows under another UIDVALIDITY.
    const renumbered = await hasMessagesUnderOtherUidvalidity(db, options.name, uidvalidity);

    let fetched = 0;
    let stored = 0;
    if (box.exists === 0) {
      recordMailboxPoll(options.name, new Date());
      return { fetched, stored };
    }
    if (lastUid > 0) await catchUp(c, lastUid);
    // `N:*` also matches the highest UID when it is below N.
    const uids = (await searchUids(c, `${lastUid + 1}:*`)).filter((u) => u > lastUid).sort((a, b) => a - b);
    if (options.storeBatch) return syncBatches(c, uids, uidvalidity, renumbered);
    const handle = options.handle!;
    for (const uid of uids) {
      if (stopped) break;
      const m = await c.fetchOne(String(uid), { uid: true, internalDate: true, source: true }, { uid: true });
      // imapflow answers `false` both for a message expunged meanwhile and for a connection that
      // just closed: only the first may move the checkpoint past the UID.
      if (!m && (await searchUids(c, String(uid))).includes(uid)) throw new Error(`${label}: could not fetch UID ${uid}`);
      if (m && !m.source) throw new Error(`${label}: the server sent UID ${uid} without its body`);
      if (m && m.source) {
        fetched++;
        const raw = m.source;
        const sha256 = createHash('sha256').update(raw).digest('hex');
        const copy = renumbered && (await isStoredUnderOtherUidvalidity(db, { mailbox: options.name, uidvalidity, sha256 }));
        if (!copy) {
          // Issue 30: the server's real INTERNALDATE on the judge's clock (the same formula as everywhere).
          const receivedAt = m.internalDate ? judgeTimeOf(new Date(m.internalDate)) : judgeNow();
          const outcome = await handle({ raw, receivedAt, source: 'imap', role: options.role, mailbox: options.name, uidvalidity, uid });
          if (!isDuplicate(outcome)) stored++;
        }
      }
      // Expunged meanwhile (m false): nothing to store, move on.
      await saveMailboxCheckpoint(db, { mailbox: options.name, uidvalidity, lastUid: uid });
      if (m) await markProcessed(c, uid);
    }
    recordMailboxPoll(options.name, new Date());
    return { fetched, stored };
  }

  /**
   * Issue 29: the new UIDs a batch at a time: one FETCH of the range, one transaction storing the
   * messages with their decision jobs and the checkpoint past the batch's last UID, one STORE (or
   * MOVE) flagging them. A UID the FETCH did not return is checked the way fetchOne's `false` is: an
   * expunged message is passed over, a lost connection fails the sync before the checkpoint moves.
   */
  async function syncBatches(c: ImapFlow, uids: readonly number[], uidvalidity: bigint, renumbered: boolean): Promise<SyncResult> {
    const size = Math.max(1, options.batchSize ?? IMAP_BATCH_SIZE);
    let fetched = 0;
    let stored = 0;
    for (let i = 0; i < uids.length && !stopped; i += size) {
      const chunk = uids.slice(i, i + size);
      const got = await c.fetchAll(chunk.join(','), { uid: true, internalDate: true, source: true }, { uid: true });
      if (!c.usable) throw new Error(`${label}: the connection was lost`);
      const byUid = new Map(got.filter((m) => chunk.includes(m.uid)).map((m) => [m.uid, m]));
      const absent = chunk.filter((u) => !byUid.has(u));
      if (absent.length > 0) {
        const still = await searchUids(c, absent.join(','));
        const lost = absent.filter((u) => still.includes(u));
        if (lost.length > 0) throw new Error(`${label}: could not fetch UID ${lost.join(', ')}`);
      }
      const msgs: IncomingMessage[] = [];
      for (const uid of chunk) {
        const m = byUid.get(uid);
        if (!m) continue; // expunged meanwhile: nothing to store
        if (!m.source) throw new Error(`${label}: the server sent UID ${uid} without its body`);
        fetched++;
        const raw = m.source;
        if (renumbered && (await isStoredUnderOtherUidvalidity(db, { mailbox: options.name, uidvalidity, sha256: createHash('sha256').update(raw).digest('hex') }))) continue;
        msgs.push({ raw, receivedAt: m.internalDate ? judgeTimeOf(new Date(m.internalDate)) : judgeNow(), source: 'imap', role: options.role, mailbox: options.name, uidvalidity, uid });
      }
      const receipts = await options.storeBatch!(msgs, { mailbox: options.name, uidvalidity, lastUid: chunk[chunk.length - 1]! });
      stored += receipts.filter((r) => r.created).length;
      const present = chunk.filter((u) => byUid.has(u));
      if (present.length > 0) await markProcessed(c, present.join(','));
    }
    return { fetched, stored };
  }

  /** UIDs matching `range` in the selected mailbox; throws unless the server answered (imapflow returns `false`/`undefined` on a lost connection). */
  async function searchUids(c: ImapFlow, range: string): Promise<number[]> {
    const found = c.usable && c.mailbox ? await c.search({ uid: range }, { uid: true }) : undefined;
    if (!Array.isArray(found) || !c.usable || !c.mailbox) {
      throw new Error(`${label}: the connection was lost`);
    }
    return found;
  }

  /** Flag or move stored messages whose flag or move failed last time (the checkpoint is past them). */
  async function catchUp(c: ImapFlow, lastUid: number): Promise<void> {
    try {
      const left = await c.search(moveTo ? { uid: `1:${lastUid}` } : { uid: `1:${lastUid}`, seen: false }, { uid: true });
      const uids = (left || []).filter((u) => u <= lastUid);
      if (uids.length === 0) return;
      if (moveTo) await c.messageMove(uids, moveTo, { uid: true });
      else await c.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
    } catch (e) {
      log.warn(`${label}: could not ${moveTo ? `move stored messages to ${moveTo}` : 'flag stored messages \\Seen'}: ${(e as Error).message}`);
    }
  }

  async function markProcessed(c: ImapFlow, uid: number | string): Promise<void> {
    try {
      if (moveTo) await c.messageMove(String(uid), moveTo, { uid: true });
      else await c.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    } catch (e) {
      log.warn(`${label}: stored UID ${uid} but could not ${moveTo ? `move it to ${moveTo}` : 'flag it \\Seen'}: ${(e as Error).message}`);
    }
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer) return;
    const delay = Math.min(retryCap, retryBase * 2 ** Math.min(failures, 16));
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void requestSync().catch(() => {});
    }, delay);
    retryTimer.unref();
  }

  /** Queue a sync after the current one; triggers that arrive before it starts share it. */
  function requestSync(): Promise<SyncResult> {
    if (queued) return queued;
    const next = tail.then(async () => {
      queued = undefined;
      if (stopped) return { fetched: 0, stored: 0 };
      try {
        const r = await runSync();
        failures = 0;
        return r;
      } catch (e) {
        if (!stopped) {
          log.warn(`${label}: sync failed: ${(e as Error).message}`);
          scheduleRetry();
        }
        throw e;
      }
    });
    queued = next;
    tail = next.catch(() => {});
    // Internal triggers do not await; keep their rejection from being unhandled.
    next.catch(() => {});
    return next;
  }

  const poll = setInterval(() => void requestSync().catch(() => {}), options.pollIntervalMs ?? 60_000);
  poll.unref();
  void requestSync().catch(() => {});

  return {
    name: options.name,
    syncNow: () => {
      if (stopped) return Promise.reject(new Error(`${label}: stopped`));
      return requestSync();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      // A running sync stops after the message in hand; a server that stopped answering gets 5 s.
      await Promise.race([tail, new Promise((r) => setTimeout(r, 5000).unref())]);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('exists');
        await Promise.race([c.logout().catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
        try {
          c.close();
        } catch {
          // already closed
        }
      }
    },
  };
}
