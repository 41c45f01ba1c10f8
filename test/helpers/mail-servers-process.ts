/**
 * A private mail system on loopback, for the test run (test/helpers/mail-servers-global-setup.ts)
 * and for benchmarks (scripts/bench-ingest.ts): a Dovecot (IMAP + LMTP) and a Postfix (SMTP) on free
 * ports, with their own configs in a temporary directory (INFRA.md §3, §4, §7). Postfix accepts any
 * recipient at `example.org` and `judge.example.org` and delivers it by LMTP to Dovecot, which has
 * every such address as a user with the password `secret` (static passdb/userdb); a subaddress
 * `user+tag@domain` lands in `user@domain`'s INBOX. Anything else bounces locally
 * (`default_transport = error:`), so nothing ever leaves the machine.
 *
 * The servers come from Debian's packages (scripts/ensure-mail-servers.sh); if they are missing or
 * do not start, {@link startMailServers} rejects with the reason. Needs root (Dovecot's and
 * Postfix's masters drop to their own users). Instance directories of dead owners (a run that was
 * killed before its teardown) are cleaned up at each start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { MAIL_DOMAINS, MAIL_PASSWORD, type MailServersInfo } from './mail-servers-context.js';

const SBIN = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'];

function findBinary(name: string): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...SBIN]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`the mail servers need ${name} and it is not installed: run scripts/ensure-mail-servers.sh (as root) first`);
}

/** uid and gid of a system user or group, from `id`/`getent` (Debian creates them with the packages). */
function idOf(kind: 'user' | 'group', name: string): number {
  const r = spawnSync('getent', [kind === 'user' ? 'passwd' : 'group', name], { encoding: 'utf8' });
  const field = r.stdout.split(':')[2];
  if (r.status !== 0 || field === undefined) throw new Error(`no system ${kind} "${name}": is the Dovecot/Postfix package installed?`);
  return Number(field);
}

function waitForPort(port: number, proc: ChildProcess, what: string, logFile: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        reject(new Error(`${what} exited (${proc.exitCode ?? proc.signalCode}) before listening on ${port}:\n${tail(logFile)}`));
        return;
      }
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`${what} did not listen on ${port} within ${timeoutMs} ms:\n${tail(logFile)}`));
        else setTimeout(attempt, 10);
      });
    };
    attempt();
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return `(no log at ${file})`;
  }
}

/** TERM `proc` (or `pid`, when the process to stop is not our child) and wait until `proc` exits; KILL after `graceMs`. */
async function stopProcess(proc: ChildProcess, pid = proc.pid, graceMs = 10_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null || pid === undefined) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => {
    signal('SIGKILL');
    if (pid !== proc.pid) proc.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Every user's mailboxes readable by any user under `shared/<address>/` (StartMailServersOptions.sharedMailboxes),
 * without the ACL plugin (Dovecot's docs: "When testing you could first try accessing shared/public
 * mailboxes without ACL plugin even enabled"): a test system, where every password is the same anyway.
 * The namespace is not listed (a static userdb cannot enumerate its users), so a reader names each
 * mailbox, `STATUS "shared/alice@example.org/INBOX" (UIDNEXT)`; the inbox namespace is stated because
 * Dovecot wants one when any namespace is, with the shared one's separator.
 */
function sharedNamespaces(): string {
  return `namespace inbox {
  inbox = yes
  separator = /
  prefix =
}
namespace shared {
  type = shared
  separator = /
  prefix = shared/%%u/
  location = maildir:%%h/Maildir:INDEXPVT=~/shared/%%u
  subscriptions = no
  list = no
}
`;
}

function dovecotConfig(dir: string, imapPort: number, lmtpPort: number, shared = false): string {
  return `# Private Dovecot (test/helpers/mail-servers-process.ts).
base_dir = ${dir}/dovecot/run
state_dir = ${dir}/dovecot/state
log_path = ${dir}/dovecot/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Lu
mail_fsync = never
default_internal_user = dovecot
default_login_user = dovenull
# Subaddresses (RFC 5233): LMTP delivers judge+<tag>@domain into user judge@domain's INBOX, so one
# mailbox can serve many game addresses (scripts/bench-ingest.ts). Both are Dovecot's defaults,
# stated here because the benchmark relies on them.
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
# Every address is a user with the password "${MAIL_PASSWORD}": tests need no user list.
passdb {
  driver = static
  args = password=${MAIL_PASSWORD}
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${dir}/dovecot/mail/%u allow_all_users=yes
}
mail_location = maildir:~/Maildir
${shared ? sharedNamespaces() : ''}service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
  inet_listener pop3s {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
`;
}

function postfixMainCf(dir: string, lmtpPort: number, aliases: boolean): string {
  return `# Private Postfix (test/helpers/mail-servers-process.ts).
compatibility_level = 3.6
queue_directory = ${dir}/postfix/spool
data_directory = ${dir}/postfix/data
maillog_file = ${dir}/postfix/maillog
maillog_file_prefixes = ${dir}/postfix
mail_owner = postfix
setgid_group = postdrop
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mx.judge.example.org
mydomain = judge.example.org
myorigin = $mydomain
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = reject_unauth_destination
# Any user at the test domains, without a user list (Dovecot accepts everyone).
virtual_mailbox_domains = ${MAIL_DOMAINS.join(' ')}
virtual_transport = lmtp:inet:127.0.0.1:${lmtpPort}
# Nothing leaves the machine.
default_transport = error:outbound mail disabled in tests
relay_transport = error:outbound mail disabled in tests
smtp_dns_support_level = disabled
lmtp_host_lookup = native
smtpd_peername_lookup = no
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 5s
biff = no
smtputf8_enable = no
message_size_limit = 52428800
${aliases ? `# Extra addresses mapped onto mailboxes (StartMailServersOptions.aliases).\nvirtual_alias_maps = regexp:${dir}/postfix/etc/aliases.regexp\n` : ''}`;
}

function postfixMasterCf(smtpPort: number): string {
  return `127.0.0.1:${smtpPort} inet n - n - - smtpd
pickup    unix  n  -  n  60  1  pickup
cleanup   unix  n  -  n  -   0  cleanup
qmgr      unix  n  -  n  300 1  qmgr
rewrite   unix  -  -  n  -   -  trivial-rewrite
bounce    unix  -  -  n  -   0  bounce
defer     unix  -  -  n  -   0  bounce
trace     unix  -  -  n  -   0  bounce
verify    unix  -  -  n  -   1  verify
flush     unix  n  -  n  1000? 0 flush
proxymap  unix  -  -  n  -   -  proxymap
smtp      unix  -  -  n  -   -  smtp
relay     unix  -  -  n  -   -  smtp
showq     unix  n  -  n  -   -  showq
error     unix  -  -  n  -   -  error
retry     unix  -  -  n  -   -  error
discard   unix  -  -  n  -   -  discard
lmtp      unix  -  -  n  -   -  lmtp
anvil     unix  -  -  n  -   1  anvil
scache    unix  -  -  n  -   1  scache
postlog   unix-dgram n - n - 1  postlogd
`;
}

/**
 * The queue tree as `postfix check` would create it (postfix-files), so that the start can skip the
 * integrity check (`quick-start`): the check scans the whole installation and costs ~2.5 s.
 */
function createPostfixQueue(spool: string, postfixUid: number, postdropGid: number): void {
  mkdirSync(spool, { recursive: true, mode: 0o755 });
  const own = (name: string, mode: number, gid = -1) => {
    const path = join(spool, name);
    mkdirSync(path, { mode });
    chownSync(path, postfixUid, gid === -1 ? process.getgid!() : gid);
    chmodSync(path, mode);
  };
  for (const name of ['active', 'bounce', 'corrupt', 'defer', 'deferred', 'flush', 'hold', 'incoming', 'private', 'saved', 'trace']) own(name, 0o700);
  own('maildrop', 0o730, postdropGid);
  own('public', 0o710, postdropGid);
  mkdirSync(join(spool, 'pid'), { mode: 0o755 });
  writeFileSync(join(spool, 'quick-start'), '');
}

const DIR_PREFIX = '/tmp/mj-mail-';

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim().split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stop the servers of earlier runs whose owner (a test runner, a benchmark) died without its
 * teardown (killed, timed out): each instance directory names its owner in `owner.pid`. Instances
 * of live owners (a concurrent `npm test`) are left alone.
 */
async function reapOrphans(log: (line: string) => void): Promise<void> {
  for (const name of readdirSync('/tmp')) {
    const dir = `/tmp/${name}`;
    if (!dir.startsWith(DIR_PREFIX)) continue;
    const owner = readPid(join(dir, 'owner.pid'));
    if (owner === undefined || alive(owner)) continue;
    const masters = [readPid(join(dir, 'dovecot', 'run', 'master.pid')), readPid(join(dir, 'postfix', 'spool', 'pid', 'master.pid'))];
    for (const pid of masters) if (alive(pid)) process.kill(pid!, 'SIGTERM');
    const deadline = Date.now() + 5_000;
    while (masters.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    rmSync(dir, { recursive: true, force: true });
    log(`removed the servers of a dead run in ${dir}`);
  }
}

/** Options of {@link startMailServers}. */
export interface StartMailServersOptions {
  /** Where progress lines go (default: stdout, prefixed `[mail] `). */
  readonly log?: (line: string) => void;
  /**
   * Postfix `virtual_alias_maps` lines in regexp form (`/^wm-.*@judge\.example\.org$/ judge@judge.example.org`):
   * many addresses delivered into one mailbox (scripts/rehearse.ts: every game's address into the judge's).
   */
  readonly aliases?: readonly string[];
  /**
   * Every user's mailboxes also readable by any user as `shared/<address>/INBOX` (a shared namespace
   * without ACLs), so that one reader with a few IMAP connections can watch a thousand mailboxes
   * (scripts/rehearse.ts: the scripted players). Off by default.
   */
  readonly sharedMailboxes?: boolean;
  /** Extra Postfix main.cf parameters (scripts/bench-ingest.ts BENCH_POSTFIX: e.g. `in_flow_delay: '0'`). */
  readonly postfixSettings?: Readonly<Record<string, string>>;
}

/** Running mail servers. */
export interface RunningMailServers {
  readonly info: MailServersInfo;
  /** Milliseconds until each listened, and the whole start (including the stale-server cleanup). */
  readonly timings: { readonly dovecot: number; readonly postfix: number; readonly total: number };
  /** The two masters' process ids (from their pid files; `undefined` while one is not running). */
  masterPids(): { readonly dovecot: number | undefined; readonly postfix: number | undefined };
  /** TERM both masters, wait for them to exit, remove the instance directory. */
  stop(): Promise<void>;
}

/**
 * Start a private Dovecot and Postfix (see the file comment). The instance directory records this
 * process as its owner (`owner.pid`), so a later start reaps it if this process dies without
 * calling `stop()`.
 */
export async function startMailServers(options: StartMailServersOptions = {}): Promise<RunningMailServers> {
  const log = options.log ?? ((line: string) => process.stdout.write(`[mail] ${line}\n`));
  const t0 = performance.now();
  if (process.getuid?.() !== 0) {
    throw new Error(`the mail servers are private Dovecot and Postfix instances, which need root to start (running as ${userInfo().username})`);
  }
  const dovecotBin = findBinary('dovecot');
  const postfixBin = findBinary('postfix');
  await reapOrphans(log);
  // Short path: Dovecot's and Postfix's unix sockets live under it (sun_path < 108 bytes).
  const dir = mkdtempSync(DIR_PREFIX);
  chmodSync(dir, 0o755); // mkdtemp makes 0700; the nobody/postfix processes must traverse it
  writeFileSync(join(dir, 'owner.pid'), `${process.pid}\n`);
  const [imapPort, lmtpPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const stops: (() => Promise<void>)[] = [];
  let stopped: Promise<void> | undefined;
  const teardown = () =>
    (stopped ??= (async () => {
      await Promise.all(stops.map((stop) => stop()));
      rmSync(dir, { recursive: true, force: true });
    })());

  try {
    // Dovecot
    const mailRoot = join(dir, 'dovecot', 'mail');
    for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, 'dovecot', d), { recursive: true });
    chownSync(mailRoot, idOf('user', 'nobody'), idOf('group', 'nogroup'));
    const dovecotConf = join(dir, 'dovecot', 'dovecot.conf');
    writeFileSync(dovecotConf, dovecotConfig(dir, imapPort, lmtpPort, options.sharedMailboxes === true));
    const dovecot = spawn(dovecotBin, ['-F', '-c', dovecotConf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let dovecotErr = '';
    dovecot.stderr!.on('data', (b: Buffer) => (dovecotErr += b.toString()));
    stops.push(() => stopProcess(dovecot));

    // Postfix
    const etc = join(dir, 'postfix', 'etc');
    mkdirSync(etc, { recursive: true });
    mkdirSync(join(dir, 'postfix', 'data'), { recursive: true });
    chownSync(join(dir, 'postfix', 'data'), idOf('user', 'postfix'), -1);
    const aliases = options.aliases ?? [];
    writeFileSync(join(etc, 'main.cf'), postfixMainCf(dir, lmtpPort, aliases.length > 0) + Object.entries(options.postfixSettings ?? {}).map(([k, v]) => `${k} = ${v}\n`).join(''));
    writeFileSync(join(etc, 'master.cf'), postfixMasterCf(smtpPort));
    if (aliases.length > 0) writeFileSync(join(etc, 'aliases.regexp'), `${aliases.join('\n')}\n`);
    // Postfix re-reads a config file modified in the last two seconds until it is "stable"
    // (300 ms steps, ~2 s per program start): date them in the past.
    const past = new Date(Date.now() - 60_000);
    for (const f of aliases.length > 0 ? ['main.cf', 'master.cf', 'aliases.regexp'] : ['main.cf', 'master.cf']) utimesSync(join(etc, f), past, past);
    const spool = join(dir, 'postfix', 'spool');
    createPostfixQueue(spool, idOf('user', 'postfix'), idOf('group', 'postdrop'));
    const postfix = spawn(postfixBin, ['-c', etc, 'start-fg'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let postfixErr = '';
    postfix.stderr!.on('data', (b: Buffer) => (postfixErr += b.toString()));
    // The master runs in a session of its own: TERM it by its pid file, then the script exits.
    stops.push(() => stopProcess(postfix, readPid(join(spool, 'pid', 'master.pid')) ?? postfix.pid));

    const t1 = performance.now();
    const timed = async (p: Promise<void>) => {
      await p;
      return Math.round(performance.now() - t1);
    };
    const [dovecotMs, , postfixMs] = await Promise.all([
      timed(waitForPort(imapPort, dovecot, 'Dovecot', join(dir, 'dovecot', 'dovecot.log'))).catch((e: Error) => {
        throw new Error(`${e.message}\n${dovecotErr}`);
      }),
      timed(waitForPort(lmtpPort, dovecot, 'Dovecot LMTP', join(dir, 'dovecot', 'dovecot.log'))),
      timed(waitForPort(smtpPort, postfix, 'Postfix', join(dir, 'postfix', 'maillog'))).catch((e: Error) => {
        throw new Error(`${e.message}\n${postfixErr}`);
      }),
    ]);
    const total = Math.round(performance.now() - t0);
    log(`Dovecot (${dovecotMs} ms) and Postfix (${postfixMs} ms) in ${dir}: ready in ${total} ms`);
    const info: MailServersInfo = { host: '127.0.0.1', imapPort, lmtpPort, smtpPort, dir, dovecotConf, postfixConfigDir: etc };
    const masterPids = () => ({ dovecot: readPid(join(dir, 'dovecot', 'run', 'master.pid')), postfix: readPid(join(dir, 'postfix', 'spool', 'pid', 'master.pid')) });
    return { info, timings: { dovecot: dovecotMs, postfix: postfixMs!, total }, masterPids, stop: teardown };
  } catch (e) {
    await teardown();
    throw e;
  }
}

/** The Maildir of `address`'s INBOX in a running instance (`user+tag@domain` is `user@domain`'s). */
export function maildirOf(info: Pick<MailServersInfo, 'dir'>, address: string): string {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  return join(info.dir, 'dovecot', 'mail', `${local.split('+')[0]}@${domain}`, 'Maildir');
}
