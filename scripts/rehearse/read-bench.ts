/**
 * The players' read pass at a given number of mailboxes (docs/rehearsal.md, "The players' read pass"):
 * a private Dovecot with the shared namespace, N mailboxes (7 per team, the reserve, the GM and the
 * TD), and the rehearsal's reader (scripts/rehearse/mailbox-reader.ts) with C connections. Measures an
 * idle pass (nothing new: one STATUS per mailbox) and a deadline's pass (one new mail in every
 * mailbox, as when every board's results go out at once), each several times.
 *
 *   node dist/scripts/rehearse/read-bench.js --teams 147 --connections 4
 */
import nodemailer from 'nodemailer';
import { MAIL_PASSWORD } from '../../test/helpers/mail-servers-context.js';
import { startMailServers } from '../../test/helpers/mail-servers-process.js';
import { MailboxReader } from './mailbox-reader.js';

const arg = (name: string, d: number) => { const i = process.argv.indexOf(name); return i > 0 ? Number(process.argv[i + 1]) : d; };
const teams = arg('--teams', 2);
const connections = arg('--connections', 4);
const rounds = arg('--rounds', 3);
const n = teams * 7 + 3;
const mail = await startMailServers({ sharedMailboxes: true, log: () => {} });
try {
  const { host, imapPort, lmtpPort } = mail.info;
  const users = Array.from({ length: n }, (_, i) => `rb${i}@example.org`);
  const lmtp = nodemailer.createTransport({ host, port: lmtpPort, lmtp: true, ignoreTLS: true, pool: true, maxConnections: 4 } as never);
  const deliver = () => Promise.all(users.map((u, i) => lmtp.sendMail({ envelope: { from: 'judge@judge.example.org', to: u }, raw: `From: judge@judge.example.org\r\nTo: ${u}\r\nSubject: [rh-r1-b${i % 7}] results\r\nMessage-ID: <${Date.now()}.${i}@judge.example.org>\r\n\r\n${'Units:\r\n  AUSTRIA  A Vie, A Bud, F Tri\r\n'.repeat(40)}\r\n` })));
  await deliver(); // every mailbox exists (a first mail), as after the game-start mails
  const reader = new MailboxReader({ host, port: imapPort, user: 'players-reader@example.org', pass: MAIL_PASSWORD, connections });
  await reader.connect();
  for (const u of users) reader.add(u);
  await reader.pass(); // reads the first mails
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const idle: number[] = [];
  const busy: number[] = [];
  let fetched = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    await reader.pass();
    idle.push(performance.now() - t);
    await deliver();
    t = performance.now();
    fetched += (await reader.pass()).length;
    busy.push(performance.now() - t);
  }
  const c0 = cpu();
  const t0 = performance.now();
  for (let r = 0; r < 5; r++) await reader.pass();
  const idleCpu = (cpu() - c0) / 5;
  const idleWall = (performance.now() - t0) / 5;
  await reader.close();
  lmtp.close();
  const f = (v: number[]) => v.map((x) => Math.round(x)).join('/');
  process.stdout.write(`${teams} teams: ${n} mailboxes, ${connections} connection(s): idle pass ${f(idle)} ms (5 more: ${Math.round(idleWall)} ms each, reader CPU ${Math.round(idleCpu * 1000)} ms each); pass with one new mail in each ${f(busy)} ms (${fetched} fetched of ${rounds * n})\n`);
} finally {
  await mail.stop();
}
