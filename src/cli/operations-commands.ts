/**
 * The operator's commands (issue 27): `dkim keygen` (the signing key and the TXT record to
 * publish), `doctor` (the configuration checked as the judge will run it), `backup` and `restore`.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { readConfig } from '../config/read-config.js';
import type { Config } from '../config/config.js';

/** The configuration, or `undefined` with every problem printed and exit code 2. */
function configOrProblems(path: string | undefined): Config | undefined {
  const r = readConfig(path !== undefined ? { configPath: path } : {});
  if (!r.ok) {
    process.stderr.write(`mailjudge: ${r.problems.length} configuration problem(s):\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exitCode = 2;
    return undefined;
  }
  return r.config;
}

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
      const config = configOrProblems(opts.config);
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
      const config = configOrProblems(opts.config);
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
}
