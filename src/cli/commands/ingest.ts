/**
 * `mailjudge ingest`'s work (registered in src/cli/ingest-command.ts, which states the exit codes):
 * one message from the MTA, stored raw with its receipt time, then decided.
 *
 * Start-up (docs/startup.md): only the configuration and the database modules are loaded before the
 * database connection is opened; the intake (MIME parsing, authentication, the decision, the job
 * queue) loads while the database connects and migrates. The raw message is still stored before
 * anything reads it: receiveThroughQueue stores first (with its decision job), then parses (docs/scaling.md).
 */

/** sysexits.h codes the MTA understands. */
export const EX_OK = 0;
export const EX_NOINPUT = 66;
export const EX_TEMPFAIL = 75;

function print(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Run the command; returns the exit code. Never throws. */
export async function runIngest(opts: { confirm?: boolean; config?: string }, input: Buffer, deliveredAt: Date): Promise<number> {
  const [{ readConfig }, { judgeTimeOf }, { openDatabase }, { mboxFromLineLength }] = await Promise.all([
    import('../../config/read-config.js'),
    import('../../config/clock.js'),
    import('../../db/connect.js'),
    import('../../mail/inbound/header-fields.js'),
  ]);
  const r = readConfig(opts.config !== undefined ? { configPath: opts.config } : {});
  if (!r.ok) {
    process.stderr.write(`mailjudge ingest: ${r.problems.length} configuration problem(s):\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    print({ error: r.problems[0], problems: r.problems });
    return EX_TEMPFAIL;
  }
  // Issue 30: the real instant of delivery to the pipe on the judge's clock (installed by readConfig).
  const now = judgeTimeOf(deliveredAt);
  // An mbox "From " line (pipe flag F) is the MTA's envelope, not part of the message.
  const raw = input.subarray(mboxFromLineLength(input));
  if (raw.length === 0) {
    process.stderr.write('mailjudge ingest: no message on standard input\n');
    print({ error: 'no message on standard input' });
    return EX_NOINPUT;
  }
  const role = opts.confirm ? 'confirm' : 'game';
  const tempfail = (what: string, e: unknown): number => {
    process.stderr.write(`mailjudge ingest: ${what} (the MTA will retry): ${(e as Error).message}\n`);
    print({ error: `${what}: ${(e as Error).message}` });
    return EX_TEMPFAIL;
  };
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
