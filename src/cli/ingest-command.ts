/**
 * `mailjudge ingest [--confirm]`: one message on standard input, handed to the judge as an MTA
 * pipe delivery does (Postfix `pipe`, a `.forward` or procmail rule). The receipt time is the
 * topmost `Received:` header when our MTA wrote it (src/mail/sources/pipe.ts pipeReceiptTime), else
 * the time of the call.
 *
 * Issue 29: the message is stored with its decision job in one transaction (as the IMAP and SMTP
 * sources do); then, when no earlier message of the same game is still waiting for the workers, the
 * pipe decides it and prints the outcome (as before); it waits up to 20 s for earlier ones (other
 * pipes running at once, a worker's backlog); still behind them, it prints `{"kind":"queued"}` and a
 * `mailjudge start` worker decides it in the game's order.
 *
 * Exit codes follow sysexits, because the caller is an MTA: 0 the message is stored (whatever the
 * judge then decided: refused and late sets are answered by mail, not bounced; a message that cannot
 * be read, or whose handling fails in a way that would fail again with the same bytes, is
 * quarantined, and retrying it could not help); 75 (EX_TEMPFAIL) the message could not be stored,
 * deciding it failed for a reason of the environment (the database unreachable, a deadlock:
 * src/db/transient-error.ts), or the configuration is wrong, so the MTA keeps the message and
 * retries (not EX_CONFIG: Postfix bounces that one, 5.3.5, and the player's orders would be lost;
 * on the store path, docs/startup.md, a setting it does not read is found wrong after the message is
 * stored with its job: the retry then finds it stored);
 * 66 (EX_NOINPUT) nothing on stdin. The outcome is printed as one JSON line.
 *
 * `--queue` (issue 29): the pipe only stores (with the job) and exits; a worker decides the message.
 *
 * This module only declares the command; its code is src/cli/commands/ingest.ts, imported when it
 * runs (docs/startup.md).
 */
import type { Command } from 'commander';
import { readStdinBytes } from './stdin.js';

/** Add `ingest` to `program`. */
export function registerIngestCommand(program: Command): void {
  program
    .command('ingest')
    .description('read one email (RFC 822) on stdin and hand it to the judge, as an MTA pipe delivery does; prints the outcome as JSON')
    .option('--confirm', "the message came to the TD's order-confirmation address (D.VII(7))")
    .option('--queue', "store the message with its decision job and exit: a worker of 'mailjudge start' decides it (prints {\"kind\":\"stored\"})")
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .addHelpText(
      'after',
      `
Receipt time: the date of the topmost Received: header when your MTA wrote it (its "by" host is in
MAILJUDGE_PIPE_RECEIVED_BY) and it is at most 5 minutes ahead of the clock; otherwise now, and the
outcome says why (receiptNote).
Decided and the outcome printed once no earlier message of the same game is waiting (up to 20 s);
still behind one then: {"kind":"queued"}, and a worker of 'mailjudge start' decides it in order.
With --queue: stored with its job, {"kind":"stored"} printed, and the worker decides it (the pipe
costs what the store costs; run 'mailjudge start' with the worker role).
Exit codes (sysexits): 0 stored, whatever the judge decided (a message it cannot read is
quarantined: mailjudge quarantine); 75 the database is unreachable or failed for a reason a retry
may cure, or a configuration problem (the MTA keeps the message and retries); 66 empty input.
Postfix master.cf example:
  mailjudge unix - n n - - pipe flags=R user=judge argv=/usr/local/bin/mailjudge ingest`,
    )
    .action(async (opts: { confirm?: boolean; queue?: boolean; config?: string }) => {
      // The exit code is set, not forced: the outcome line reaches the MTA whole (src/cli/exit.ts).
      const input = readStdinBytes();
      const now = (await import('../config/clock.js')).realNow();
      const { runIngest } = await import('./commands/ingest.js');
      process.exitCode = await runIngest(opts, input, now);
    });
}
