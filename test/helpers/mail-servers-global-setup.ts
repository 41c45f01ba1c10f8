/**
 * vitest globalSetup: ONE real mail system for the whole run, a private Dovecot (IMAP + LMTP) and a
 * private Postfix (SMTP) on free loopback ports (test/helpers/mail-servers-process.ts, INFRA.md §3,
 * §4, §7). Postfix accepts any recipient at `example.org` and `judge.example.org` and delivers it by
 * LMTP to Dovecot, which has every such address as a user with the password `secret`; anything else
 * bounces locally, so nothing ever leaves the machine. Test files keep apart by using addresses of
 * their own (test/helpers/mail-servers.ts `testAddress`).
 *
 * The servers come from Debian's packages (scripts/ensure-mail-servers.sh, run by `npm test`); if
 * they are missing or do not start, the run fails here with the reason: mail tests never skip.
 */
import { userInfo } from 'node:os';
import type { TestProject } from 'vitest/node';
import { startMailServers } from './mail-servers-process.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.getuid?.() !== 0) {
    throw new Error(`mail tests start private Dovecot and Postfix instances, which needs root (running as ${userInfo().username})`);
  }
  const servers = await startMailServers();
  project.provide('mail', servers.info);
  return async () => {
    const t = performance.now();
    await servers.stop();
    process.stdout.write(`[mail] stopped in ${Math.round(performance.now() - t)} ms\n`);
  };
}
