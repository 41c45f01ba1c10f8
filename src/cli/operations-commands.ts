/**
 * The operator's commands (issue 27): `dkim keygen` (the signing key and the TXT record to
 * publish), `doctor` (the configuration checked as the judge will run it), `backup` and `restore`.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { configOrProblems } from './config-or-problems.js';

function failed(e: unknown): void {
  process.stderr.write(`mailjudge: ${(e as Error).message}\n`);
  process.exitCode = 1;
}

export function registerOperationsCommands(program: Command): void {
  const dkim = program.command('dkim').description('DKIM signing of the judge\'s mail');
  dkim
    .command('keygen')
    .description('make an RSA key for signing, write it (mode 0600) and print the TXT record to publish')
    .requiredOption('--selector <selector>', 'the selector, e.g. mj1 (the record goes at <selector>._domainkey.<domain>)')
    .option('--domain <domain>', 'the signing domain (default: the From address\'s domain)')
    .option('--out <file>', 'where to write the key (default: <stateDir>/dkim/<selector>.pem)')
    .option('--force', 'replace an existing key file')
    .option('--config <file>', 'JSON config file')
    .action(async (opts: { selector: string; domain?: string; out?: string; force?: boolean; config?: string }) => {
      if (!/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(opts.selector)) {
        process.stderr.write(`mailjudge: --selector "${opts.selector}": must be letters, digits, hyphens and dots, such as mj1\n`);
        process.exitCode = 2;
        return;
      }
      const config = await configOrProblems(opts.config);
      if (!config) return;
      const { generateDkimKey, dkimRecordText, dkimZoneLine } = await import('../mail/outbound/dkim-key.js');
      const domain = (opts.domain ?? config.dkim?.domain ?? config.fromAddress.slice(config.fromAddress.lastIndexOf('@') + 1)).toLowerCase();
      const file = resolve(opts.out ?? `${config.stateDir}/dkim/${opts.selector}.pem`);
      try {
        const pem = generateDkimKey(file, { force: Boolean(opts.force) });
        const text = dkimRecordText(pem);
        process.stdout.write(
          `Wrote the private key to ${file} (mode 0600; back it up with the database, never mail it).\n\n` +
            `Publish this TXT record in the DNS of ${domain}:\n\n  name:  ${opts.selector}._domainkey.${domain}\n  type:  TXT\n  value: ${text}\n\n` +
            `As a zone file line:\n\n${dkimZoneLine(opts.selector, domain, text)}\n\n` +
            `Then set MAILJUDGE_DKIM_SELECTOR=${opts.selector}${opts.out ? ` MAILJUDGE_DKIM_KEY_FILE=${file}` : ''}${opts.domain && opts.domain !== config.fromAddress.split('@')[1] ? ` MAILJUDGE_DKIM_DOMAIN=${domain}` : ''} ` +
            `(or "dkim": {"selector": "${opts.selector}"} in the config file), and check with mailjudge doctor once the record is visible.\n`,
        );
      } catch (e) {
        failed(e);
      }
    });

  program
    .command('doctor')
    .description('check the configuration as the judge will run it: mailboxes, SMTP, database, clock, and the domain\'s DNS (MX, SPF, DKIM, DMARC); exits 1 on any problem')
    .option('--config <file>', 'JSON config file')
    .option('--sending-ip <ip...>', 'the address(es) mail leaves from, for the SPF check (default: the smarthost\'s)')
    .option('--ntp <server>', 'SNTP server for the clock check', 'pool.ntp.org')
    .option('--no-ntp', 'skip the clock check')
    .option('--json', 'print JSON')
    .action(async (opts: { config?: string; sendingIp?: string[]; ntp: string | false; json?: boolean }) => {
      const config = await configOrProblems(opts.config);
      if (!config) return;
      const { runDoctor, formatDoctor } = await import('./doctor.js');
      try {
        const checks = await runDoctor(config, { ntpServer: opts.ntp, ...(opts.sendingIp ? { sendingIps: opts.sendingIp } : {}) });
        process.stdout.write(opts.json ? `${JSON.stringify(checks)}\n` : formatDoctor(checks));
        process.exitCode = checks.some((c) => !c.ok) ? 1 : 0;
      } catch (e) {
        failed(e);
      }
    });

  program
    .command('backup <file>')
    .description('write a consistent backup of the database, the raw mail archive included, while the judge runs (one REPEATABLE READ snapshot, gzip\'d JSON lines)')
    .option('--config <file>', 'JSON config file')
    .action(async (file: string, opts: { config?: string }) => {
      const config = await configOrProblems(opts.config);
      if (!config) return;
      try {
        const [{ openDatabase }, { writeBackup }, { statSync }] = await Promise.all([import('../db/connect.js'), import('../db/backup.js'), import('node:fs')]);
        const open = await openDatabase(config);
        try {
          const r = await writeBackup(open.db, resolve(file));
          process.stdout.write(`Backed up ${r.rows} rows of ${r.tables} tables, as of ${r.takenAt}, to ${resolve(file)} (${statSync(resolve(file)).size} bytes).\n` +
            `Keep it with the DKIM key file${config.dkim ? ` (${config.dkim.keyFile})` : ''}; restore with: mailjudge restore ${file}\n`);
        } finally {
          await open.stop();
        }
      } catch (e) {
        failed(e);
      }
    });

  program
    .command('restore <file>')
    .description('restore a backup into an empty state directory (embedded database) or an empty DATABASE_URL, migrate it forward, and queue the mail still pending')
    .option('--config <file>', 'JSON config file')
    .action(async (file: string, opts: { config?: string }) => {
      const config = await configOrProblems(opts.config);
      if (!config) return;
      try {
        const { existsSync } = await import('node:fs');
        const [{ createDb }, { restoreBackup }, { startEmbeddedPostgres }, { migrateQueue }, { enqueueJob }] = await Promise.all([
          import('../db/database.js'), import('../db/backup.js'), import('../db/embedded.js'), import('../worker/queue.js'), import('../db/jobs.js'),
        ]);
        if (!existsSync(resolve(file))) throw new Error(`${resolve(file)} does not exist`);
        if (!config.databaseUrl && existsSync(resolve(config.stateDir, 'pgdata', 'PG_VERSION'))) {
          throw new Error(`the state directory ${resolve(config.stateDir)} already has a database; restore into a new, empty MAILJUDGE_STATE_DIR`);
        }
        const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.stateDir, { port: config.embeddedPort });
        const url = config.databaseUrl ?? embedded!.url;
        const db = createDb(url);
        try {
          const r = await restoreBackup(db, resolve(file));
          // The job queue is not in the backup: the mail still pending gets its send job again (the judge's start re-creates the rest).
          await migrateQueue(url);
          const pending = await db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
          for (const p of pending) await enqueueJob(db, 'send-mail', { outboxId: p.id }, { jobKey: `send:${p.id}` });
          process.stdout.write(`Restored ${r.rows} rows of ${r.tables} tables, as of ${r.takenAt}, into ${config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${resolve(config.stateDir)}`}` +
            `${r.upgraded.length ? `; migrated forward: ${r.upgraded.join(', ')}` : ''}; ${pending.length} pending mail(s) queued.\n` +
            `Check a game with: mailjudge reproduce --game <game>\n`);
        } finally {
          await db.destroy();
          await embedded?.stop();
        }
      } catch (e) {
        failed(e);
      }
    });
}
