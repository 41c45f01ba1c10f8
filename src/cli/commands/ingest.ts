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

/** Run the command; returns the exit code. Never throws. */
export async function runIngest(opts: { confirm?: boolean; config?: string }, input: Buffer, deliveredAt: Date): Promise<number> {
  const [{ readPipeSettings }, { mboxFromLineLength }] = await Promise.all([import('../../config/pipe-settings.js'), import('../../mail/inbound/header-fields.js')]);
  // An mbox "From " line (pipe flag F) is the MTA's envelope, not part of the message.
  const raw = input.subarray(mboxFromLineLength(input));
  const settings = raw.length > 0 ? readPipeSettings(opts.config !== undefined ? { configPath: opts.config } : {}) : undefined;
  if (settings) {
    const stored = await storeFirst(settings, opts, raw, deliveredAt);
    if (typeof stored === 'number') return stored;
    if (stored !== undefined) return decideAfterStore(opts, settings, raw, stored);
  }
  return ingestFull(opts, raw, deliveredAt);
}

type StoredReceipt = { inboundId: number; created: boolean; queue?: string; receivedAt: Date; receipt: { from: string; note?: string } };

/**
 * The store path: connect, store with the job, disconnect. Returns the receipt, an exit code (the
 * database unreachable, the transaction failed), or `undefined` when the database is not migrated
 * (nothing was written: the full path migrates it).
 */
async function storeFirst(settings: PipeSettings, opts: { confirm?: boolean }, raw: Buffer, deliveredAt: Date): Promise<StoredReceipt | number | undefined> {
  const pg = (await import('pg')).default;
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
    const role = opts.confirm ? 'confirm' : 'game';
    const r = await storeFromPipe(client, settings, { raw, receivedAt: receipt.receivedAt, role });
    if (r.kind === 'not-migrated') return undefined;
    return { inboundId: r.inboundId, created: r.created, ...(r.queue ? { queue: r.queue } : {}), receivedAt: receipt.receivedAt, receipt: { from: receipt.from, ...(receipt.note ? { note: receipt.note } : {}) } };
  } catch (e) {
    return tempfail('the message could not be stored', e);
  } finally {
    await client.end().catch(() => {});
  }
}

/** After the store path: the whole configuration, then the decision, as the full path decides. */
async function decideAfterStore(opts: { confirm?: boolean; config?: string }, settings: PipeSettings, raw: Buffer, stored: StoredReceipt): Promise<number> {
  const [{ readConfig }, { openDatabase }, { decideReceived }, { log }] = await Promise.all([
    import('../../config/read-config.js'),
    import('../../db/connect.js'),
    import('../../service/intake/receive-message.js'),
    import('../../config/log.js'),
  ]);
  const role = opts.confirm ? 'confirm' : 'game';
  log().info({ event: 'message.received', inboundId: stored.inboundId, source: 'pipe', mailbox: `pipe:${role}`, role, receivedAt: stored.receivedAt.toISOString(), bytes: raw.length, ...(stored.created ? { queue: stored.queue } : { duplicate: true }) }, stored.created ? 'message stored' : 'message stored before');
  const r = readConfig(opts.config !== undefined ? { configPath: opts.config } : {});
  if (!r.ok) {
    // Stored with its job (a worker decides it); the MTA retries, and the retry finds it stored.
    process.stderr.write(`mailjudge ingest: ${r.problems.length} configuration problem(s) (the message is stored; the MTA will retry):\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    print({ error: r.problems[0], problems: r.problems, inboundId: stored.inboundId });
    return EX_TEMPFAIL;
  }
  const disagree = (['databaseUrl', 'fromAddress', 'pipeReceivedBy', 'statementTimeoutSeconds'] as const).filter((k) => JSON.stringify(r.config[k]) !== JSON.stringify(settings[k]));
  if (disagree.length > 0) log().error({ event: 'ingest.settings-disagree', settings: disagree }, 'src/config/pipe-settings.ts read these settings otherwise than loadConfig: a bug');
  let open;
  try {
    // The store path has just read that the schema (the judge's and the queue's) is this build's:
    // no migrator, no graphile-worker to load.
    open = await openDatabase(r.config, { schemaChecked: disagree.length === 0 });
  } catch (e) {
    return tempfail('the database is unavailable', e);
  }
  try {
    const outcome = await decideReceived(open.db, { fromAddress: r.config.fromAddress, confirmAddress: r.config.confirmAddress }, { raw, role }, stored);
    print({ ...outcome, receivedAt: stored.receivedAt.toISOString(), receiptFrom: stored.receipt.from, ...(stored.receipt.note ? { receiptNote: stored.receipt.note } : {}) });
    return EX_OK;
  } catch (e) {
    return tempfail('the message could not be handled', e);
  } finally {
    await open.stop().catch(() => {});
  }
}

/** The full path: the whole configuration, the database opened and migrated, then store and decide. */
async function ingestFull(opts: { confirm?: boolean; config?: string }, raw: Buffer, deliveredAt: Date): Promise<number> {
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
  const role = opts.confirm ? 'confirm' : 'game';
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
    const outcome = await receiveThroughQueue(open.db, { fromAddress: r.config.fromAddress, confirmAddress: r.config.confirmAddress }, { raw, receivedAt, source: 'pipe', role, mailbox: `pipe:${role}` });
    print({ ...outcome, receivedAt: receivedAt.toISOString(), receiptFrom: receipt.from, ...(receipt.note ? { receiptNote: receipt.note } : {}) });
    return EX_OK;
  } catch (e) {
    return tempfail('the message could not be stored and handled', e);
  } finally {
    await open.stop().catch(() => {});
  }
}
