/**
 * `mailjudge ingest [--confirm]`: one message on standard input, handed to the judge as an MTA
 * pipe delivery does (Postfix `pipe`, a `.forward` or procmail rule). The receipt time is the
 * topmost `Received:` header when our MTA wrote it (src/mail/sources/pipe.ts pipeReceiptTime), else
 * the time of the call.
 *
 * Exit codes follow sysexits, because the caller is an MTA: 0 the message is stored (whatever the
 * judge then decided: refused and late sets are answered by mail, not bounced; a message that cannot
 * be read, or whose handling fails in a way that would fail again with the same bytes, is
 * quarantined, and retrying it could not help); 75 (EX_TEMPFAIL) the message could not be stored,
 * deciding it failed for a reason of the environment (the database unreachable, a deadlock:
 * src/db/transient-error.ts), or the configuration is wrong, so the MTA keeps the message and
 * retries (not EX_CONFIG: Postfix bounces that one, 5.3.5, and the player's orders would be lost);
 * 66 (EX_NOINPUT) nothing on stdin. The outcome is printed as one JSON line.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { judgeTimeOf, realNow } from '../config/clock.js';

/** sysexits.h codes the MTA understands. */
export const EX_OK = 0;
export const EX_NOINPUT = 66;
export const EX_TEMPFAIL = 75;

function readStdin(): Buffer {
  try {
    return readFileSync(0);
  } catch {
    return Buffer.alloc(0);
  }
}

function print(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Run the command; returns the exit code. Never throws. */
export async function runIngest(opts: { confirm?: boolean; config?: string }, input: Buffer, deliveredAt: Date): Promise<number> {
  const [{ readConfig }, { openDatabase }, { receiveMessage }, { mboxFromLineLength, pipeReceiptTime }, { migrateQueue }] = await Promise.all([
    import('../config/read-config.js'),
    import('../db/connect.js'),
    import('../service/intake/receive-message.js'),
    import('../mail/sources/pipe.js'),
    import('../worker/queue.js'),
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
  const receipt = pipeReceiptTime(raw, now, r.config.pipeReceivedBy, judgeTimeOf);
  const receivedAt = receipt.receivedAt;
  const tempfail = (what: string, e: unknown): number => {
    process.stderr.write(`mailjudge ingest: ${what} (the MTA will retry): ${(e as Error).message}\n`);
    print({ error: `${what}: ${(e as Error).message}` });
    return EX_TEMPFAIL;
  };
  let open;
  try {
    open = await openDatabase(r.config);
  } catch (e) {
    return tempfail('the database is unavailable', e);
  }
  try {
    // Answers to the sender are queued jobs: the queue's schema must exist.
    await migrateQueue(r.config.databaseUrl ?? open.embedded!.url);
    const outcome = await receiveMessage(open.db, { fromAddress: r.config.fromAddress, confirmAddress: r.config.confirmAddress }, { raw, receivedAt, source: 'pipe', role, mailbox: `pipe:${role}` });
    print({ ...outcome, receivedAt: receivedAt.toISOString(), receiptFrom: receipt.from, ...(receipt.note ? { receiptNote: receipt.note } : {}) });
    return EX_OK;
  } catch (e) {
    return tempfail('the message could not be stored and handled', e);
  } finally {
    await open.stop().catch(() => {});
  }
}

/** Add `ingest` to `program`. */
export function registerIngestCommand(program: Command): void {
  program
    .command('ingest')
    .description('read one email (RFC 822) on stdin and hand it to the judge, as an MTA pipe delivery does; prints the outcome as JSON')
    .option('--confirm', "the message came to the TD's order-confirmation address (D.VII(7))")
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .addHelpText(
      'after',
      `
Receipt time: the date of the topmost Received: header when your MTA wrote it (its "by" host is in
MAILJUDGE_PIPE_RECEIVED_BY) and it is at most 5 minutes ahead of the clock; otherwise now, and the
outcome says why (receiptNote).
Exit codes (sysexits): 0 stored, whatever the judge decided (a message it cannot read is
quarantined: mailjudge quarantine); 75 the database is unreachable or failed for a reason a retry
may cure, or a configuration problem (the MTA keeps the message and retries); 66 empty input.
Postfix master.cf example:
  mailjudge unix - n n - - pipe flags=R user=judge argv=/usr/local/bin/mailjudge ingest`,
    )
    .action(async (opts: { confirm?: boolean; config?: string }) => {
      // The exit code is set, not forced: the outcome line reaches the MTA whole (src/cli/exit.ts).
      process.exitCode = await runIngest(opts, readStdin(), realNow());
    });
}
