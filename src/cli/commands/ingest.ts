/**
 * `mailjudge ingest`'s work (registered in src/cli/ingest-command.ts, which states the exit codes):
 * one message from the MTA, stored raw with its receipt time, then decided.
 *
 * Start-up (issue 29, docs/startup.md): the store path. With an external database (DATABASE_URL or
 * the file's databaseUrl) and the settings it needs readable without the configuration schema
 * (src/config/pipe-settings.ts), the message is stored with its decision job on a bare `pg` client
 * (src/service/intake/pipe-receipt.ts) before zod, Kysely or the MIME parser is loaded; then the
 * whole configuration is read and the message decided as before. Otherwise (the embedded server, the
 * fast clock, a setting the small reader cannot vouch for, a database not migrated) the full path:
 * the configuration, the database opened and migrated, then the same store and decision. Either way
 * the raw message is stored before anything parses it.
 */

import { createRequire } from 'node:module';
import type { Config } from '../../config/config.js';
import type { Logger } from '../../config/log.js';
import type { PipeSettings } from '../../config/pipe-settings.js';

/** sysexits.h codes the MTA understands. */
export const EX_OK = 0;
export const EX_NOINPUT = 66;
export const EX_TEMPFAIL = 75;

function print(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

const tempfail = (what: string, e: unknown): number => {
  process.stderr.write(`mailjudge ingest: ${what} (the MTA will retry): ${(e as Error).message}\n`);
  print({ error: `${what}: ${(e as Error).message}` });
  return EX_TEMPFAIL;
};

/** Where the message came: the confirmation mailbox (`--confirm`) or a game's. */
const roleOf = (opts: IngestOptions) => (opts.confirm ? 'confirm' : 'game') as 'confirm' | 'game';

/** The receipt time and its source, as every outcome line gives them. */
const receiptFields = (receivedAt: Date, receipt: { from: string; note?: string }) => ({
  receivedAt: receivedAt.toISOString(), receiptFrom: receipt.from, ...(receipt.note ? { receiptNote: receipt.note } : {}),
});

/** The command's options (src/cli/ingest-command.ts). */
export interface IngestOptions {
  readonly confirm?: boolean;
  /** Store only: the worker decides (issue 29). */
  readonly queue?: boolean;
  readonly config?: string;
}

/** Run the command; returns the exit code. Never throws. */
export async function runIngest(opts: IngestOptions, input: Buffer, deliveredAt: Date): Promise<number> {
  const [{ readPipeSettings }, { mboxFromLineLength }] = await Promise.all([import('../../config/pipe-settings.js'), import('../../mail/inbound/header-fields.js')]);
  // An mbox "From " line (pipe flag F) is the MTA's envelope, not part of the message.
  const raw = input.subarray(mboxFromLineLength(input));
  const settings = raw.length > 0 ? readPipeSettings(opts.config !== undefined ? { configPath: opts.config } : {}) : undefined;
  if (settings) {
    const stored = await storeFirst(settings, opts, raw, deliveredAt);
    if (typeof stored === 'number') return stored;
    if (stored !== undefined) return opts.queue ? reportStored(opts, settings, raw, stored) : decideAfterStore(opts, settings, raw, stored);
  }
  return ingestFull(opts, raw, deliveredAt);
}

type StoredReceipt = { inboundId: number; created: boolean; queue?: string; receivedAt: Date; receipt: { from: string; note?: string } };

/**
 * `pg`, required (not imported: no export scan, and nothing else runs meanwhile). When it loads, pg
 * asks whether it runs in a Cloudflare Worker (pg/lib/stream.js): by `navigator.userAgent`, or, with
 * no `navigator` (Node 20), by constructing a `Response`, which loads Node's whole fetch (undici): half
 * of what loading pg costs (docs/startup.md). Node 21 and later define `navigator` (userAgent
 * `Node.js/…`) and pg answers from it; on a Node without it, a stand-in with Node's user agent is
 * defined for the synchronous require only, so nothing else ever sees it.
 */
function requirePg(): typeof import('pg') {
  const require = createRequire(import.meta.url);
  if ('navigator' in globalThis) return require('pg') as typeof import('pg');
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` }, configurable: true, writable: true });
  try {
    return require('pg') as typeof import('pg');
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator;
  }
}

/**
 * The store path: connect, store with the job, disconnect. Returns the receipt, an exit code (the
 * database unreachable, the transaction failed), or `undefined` when the database is not migrated
 * (nothing was written: the full path migrates it).
 */
async function storeFirst(settings: PipeSettings, opts: IngestOptions, raw: Buffer, deliveredAt: Date): Promise<StoredReceipt | number | undefined> {
  const pg = requirePg();
  // The pool's connections carry this name too (src/db/connect.ts): inbound_messages.stored_by records it.
  const client = new pg.Client({ connectionString: settings.databaseUrl, application_name: 'mailjudge' });
  client.on('error', () => {}); // a connection the server drops: the pending query fails and says so
  const connected = client.connect();
  connected.catch(() => {});
  // Loaded while the database connects.
  const [{ pipeReceiptTime }, { judgeTimeOf }, { storeFromPipe }] = await Promise.all([
    import('../../mail/sources/pipe.js'),
    import('../../config/clock.js'),
    import('../../service/intake/pipe-receipt.js'),
  ]);
  // No fast clock here (pipe-settings.ts): the judge's time is the real time.
  const receipt = pipeReceiptTime(raw, judgeTimeOf(deliveredAt), settings.pipeReceivedBy, judgeTimeOf);
  try {
    await connected;
  } catch (e) {
    await client.end().catch(() => {});
    return tempfail('the database is unavailable', e);
  }
  try {
    const r = await storeFromPipe(client, settings, { raw, receivedAt: receipt.receivedAt, role: roleOf(opts) });
    if (r.kind === 'not-migrated') return undefined;
    return { inboundId: r.inboundId, created: r.created, ...(r.queue ? { queue: r.queue } : {}), receivedAt: receipt.receivedAt, receipt: { from: receipt.from, ...(receipt.note ? { note: receipt.note } : {}) } };
  } catch (e) {
    return tempfail('the message could not be stored', e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The outcome line of `--queue`: stored (or stored before), the worker decides. */
function printStored(stored: StoredReceipt): void {
  print({ kind: 'stored', inboundId: stored.inboundId, created: stored.created, ...(stored.queue ? { queue: stored.queue } : {}), ...receiptFields(stored.receivedAt, stored.receipt) });
}

/** `--queue` after the store path: the whole configuration checked (a wrong one is still 75), then the receipt printed; Kysely never loads. */
async function reportStored(opts: IngestOptions, settings: PipeSettings, raw: Buffer, stored: StoredReceipt): Promise<number> {
  const [{ readConfig }, { log }] = await Promise.all([import('../../config/read-config.js'), import('../../config/log.js')]);
  logStored(log, opts, raw, stored);
  const r = readConfig(opts.config !== undefined ? { configPath: opts.config } : {});
  if (!r.ok) return configProblems(r.problems, stored);
  warnIfDisagree(log, settings, r.config);
  printStored(stored);
  return EX_OK;
}

function logStored(log: () => Logger, opts: IngestOptions, raw: Buffer, stored: StoredReceipt): void {
  const role = roleOf(opts);
  log().info({ event: 'message.received', inboundId: stored.inboundId, source: 'pipe', mailbox: `pipe:${role}`, role, receivedAt: stored.receivedAt.toISOString(), bytes: raw.length, ...(stored.created ? { queue: stored.queue } : { duplicate: true }) }, stored.created ? 'message stored' : 'message stored before');
}

/** The whole configuration has problems the store path's settings did not show: the message is stored with its job; 75, and the MTA retries. */
function configProblems(problems: readonly string[], stored: StoredReceipt): number {
  process.stderr.write(`mailjudge ingest: ${problems.length} configuration problem(s) (the message is stored; the MTA will retry):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  print({ error: problems[0], problems, inboundId: stored.inboundId });
  return EX_TEMPFAIL;
}

/** Whether pipe-settings.ts read what loadConfig reads (it must: test/config/pipe-settings.test.ts); a disagreement is logged as the bug it is. */
function warnIfDisagree(log: () => Logger, settings: PipeSettings, config: Config): boolean {
  const disagree = (['databaseUrl', 'fromAddress', 'pipeReceivedBy', 'statementTimeoutSeconds'] as const).filter((k) => JSON.stringify(config[k]) !== JSON.stringify(settings[k]));
  if (disagree.length > 0) log().error({ event: 'ingest.settings-disagree', settings: disagree }, 'src/config/pipe-settings.ts read these settings otherwise than loadConfig: a bug');
  return disagree.length === 0;
}

/** After the store path: the whole configuration, then the decision, as the full path decides. */
async function decideAfterStore(opts: IngestOptions, settings: PipeSettings, raw: Buffer, stored: StoredReceipt): Promise<number> {
  const [{ readConfig }, { openDatabase }, { decideReceived }, { log }] = await Promise.all([
    import('../../config/read-config.js'),
    import('../../db/connect.js'),
    import('../../service/intake/receive-message.js'),
    import('../../config/log.js'),
  ]);
  logStored(log, opts, raw, stored);
  const r = readConfig(opts.config !== undefined ? { configPath: opts.config } : {});
  if (!r.ok) return configProblems(r.problems, stored);
  const agree = warnIfDisagree(log, settings, r.config);
  let open;
  try {
    // The store path has just read that the schema (the judge's and the queue's) is this build's:
    // no migrator, no graphile-worker to load.
    open = await openDatabase(r.config, { schemaChecked: agree });
  } catch (e) {
    return tempfail('the database is unavailable', e);
  }
  try {
    const outcome = await decideReceived(open.db, { fromAddress: r.config.fromAddress, confirmAddress: r.config.confirmAddress }, { raw, role: roleOf(opts) }, stored);
    print({ ...outcome, ...receiptFields(stored.receivedAt, stored.receipt) });
    return EX_OK;
  } catch (e) {
    return tempfail('the message could not be handled', e);
  } finally {
    await open.stop().catch(() => {});
  }
}

/** The full path: the whole configuration, the database opened and migrated, then store and decide. */
async function ingestFull(opts: IngestOptions, raw: Buffer, deliveredAt: Date): Promise<number> {
  const [{ readConfig }, { judgeTimeOf }, { openDatabase }] = await Promise.all([
    import('../../config/read-config.js'),
    import('../../config/clock.js'),
    import('../../db/connect.js'),
  ]);
  const r = readConfig(opts.config !== undefined ? { configPath: opts.config } : {});
  if (!r.ok) {
    process.stderr.write(`mailjudge ingest: ${r.problems.length} configuration problem(s):\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    print({ error: r.problems[0], problems: r.problems });
    return EX_TEMPFAIL;
  }
  // Issue 30: the real instant of delivery to the pipe on the judge's clock (installed by readConfig).
  const now = judgeTimeOf(deliveredAt);
  if (raw.length === 0) {
    process.stderr.write('mailjudge ingest: no message on standard input\n');
    print({ error: 'no message on standard input' });
    return EX_NOINPUT;
  }
  const role = roleOf(opts);
  // Loaded while the database connects; awaited (and any failure to load reported) below.
  const intake = Promise.all([import('../../service/intake/receive-message.js'), import('../../mail/sources/pipe.js'), import('../../worker/queue.js')]);
  intake.catch(() => {});
  let open;
  try {
    open = await openDatabase(r.config);
  } catch (e) {
    return tempfail('the database is unavailable', e);
  }
  try {
    const [{ receiveThroughQueue }, { pipeReceiptTime }, { migrateQueue }] = await intake;
    // The receipt time is the call's (`now`) or the MTA's Received: header, however long the loading took.
    const receipt = pipeReceiptTime(raw, now, r.config.pipeReceivedBy, judgeTimeOf);
    const receivedAt = receipt.receivedAt;
    // Answers to the sender are queued jobs: the queue's schema must exist.
    await migrateQueue(r.config.databaseUrl ?? open.embedded!.url);
    const msg = { raw, receivedAt, source: 'pipe', role, mailbox: `pipe:${role}` } as const;
    if (opts.queue) {
      const [stored] = await (await import('../../service/intake/store-message.js')).storeMessages(open.db, r.config.fromAddress, [msg]);
      printStored({ ...stored!, receivedAt, receipt: { from: receipt.from, ...(receipt.note ? { note: receipt.note } : {}) } });
      return EX_OK;
    }
    const outcome = await receiveThroughQueue(open.db, { fromAddress: r.config.fromAddress, confirmAddress: r.config.confirmAddress }, msg);
    print({ ...outcome, ...receiptFields(receivedAt, receipt) });
    return EX_OK;
  } catch (e) {
    return tempfail('the message could not be stored and handled', e);
  } finally {
    await open.stop().catch(() => {});
  }
}
