/**
 * `mailjudge doctor` (issue 27) with an injected resolver: a test domain whose every record is wrong
 * gets one problem per record, each naming the record to publish; the same domain with the right
 * records passes. The I/O checks run against this run's real servers: the test database, Dovecot
 * (IMAP login) and Postfix (SMTP).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.js';
import { checkDomainDns } from '../../src/mail/dns-check.js';
import { formatDoctor, runDoctor } from '../../src/cli/doctor.js';
import { dkimPublicKeyValue } from '../../src/mail/outbound/dkim-key.js';
import { mailPrefix, mailServers, MAIL_PASSWORD } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { runDbCli } from '../helpers/cli.js';

const pem = (): string => generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const judgeKey = pem();
const otherKey = pem();

type Zone = Record<string, Record<string, unknown>>;
const resolverOf = (zone: Zone) => async (name: string, rr: string): Promise<unknown> => {
  const hit = zone[name.toLowerCase()]?.[rr];
  if (hit === undefined) throw Object.assign(new Error(`nx ${name} ${rr}`), { code: 'ENOTFOUND' });
  return hit;
};

/** The records an operator of judge.test publishes, sending from 127.0.0.1 (a 2048-bit key's TXT comes in chunks). */
const RIGHT: Zone = {
  'judge.test': { MX: [{ exchange: 'mx.judge.test', priority: 10 }], TXT: [['v=spf1 ip4:127.0.0.0/8 -all']] },
  'mj1._domainkey.judge.test': { TXT: [[`v=DKIM1; k=rsa; p=${dkimPublicKeyValue(judgeKey).slice(0, 100)}`, dkimPublicKeyValue(judgeKey).slice(100)]] },
  '_dmarc.judge.test': { TXT: [['v=DMARC1; p=quarantine; adkim=r; aspf=r']] },
};
/** Every record wrong: no MX, SPF for another address, another key at the selector, no DMARC. */
const WRONG: Zone = {
  'judge.test': { TXT: [['v=spf1 ip4:192.0.2.1 -all']] },
  'mj1._domainkey.judge.test': { TXT: [[`v=DKIM1; k=rsa; p=${dkimPublicKeyValue(otherKey)}`]] },
};
const input = (zone: Zone) => ({ domain: 'judge.test', sendingIps: ['127.0.0.1'], dkim: { selector: 'mj1', domain: 'judge.test', privateKey: judgeKey }, resolver: resolverOf(zone) });

describe('checkDomainDns', () => {
  it('passes a domain with the right records', async () => {
    const checks = await checkDomainDns(input(RIGHT));
    expect(checks.map((c) => [c.name, c.ok])).toEqual([['MX', true], ['SPF', true], ['DKIM', true], ['DMARC', true]]);
  });

  it('names every wrong record, with the record to publish', async () => {
    const checks = await checkDomainDns(input(WRONG));
    expect(checks.map((c) => [c.name, c.ok])).toEqual([['MX', false], ['SPF', false], ['DKIM', false], ['DMARC', false]]);
    const [mx, spf, dkim, dmarc] = checks.map((c) => c.detail);
    expect(mx).toContain('judge.test has no MX record');
    expect(mx).toContain('publish "judge.test. MX 10 mx.judge.test."');
    expect(spf).toContain('"v=spf1 ip4:192.0.2.1 -all" does not let 127.0.0.1 (fail) send for judge.test');
    expect(spf).toContain('v=spf1 ip4:127.0.0.1 -all');
    expect(dkim).toContain("the key at mj1._domainkey.judge.test is not the public half of the judge's private key");
    expect(dkim).toContain(`p=${dkimPublicKeyValue(judgeKey)}`);
    expect(dmarc).toContain('publishes no DMARC policy at _dmarc.judge.test');
    expect(dmarc).toContain('v=DMARC1; p=quarantine');
  });

  it('no key at the selector, two SPF records, DMARC p=none (a note, not a problem)', async () => {
    const zone: Zone = { ...RIGHT, 'judge.test': { MX: [{ exchange: 'mx.judge.test', priority: 10 }], TXT: [['v=spf1 ip4:127.0.0.1 -all'], ['v=spf1 a -all']] }, 'mj1._domainkey.judge.test': {}, '_dmarc.judge.test': { TXT: [['v=DMARC1; p=none']] } };
    const checks = await checkDomainDns(input(zone));
    expect(checks.map((c) => [c.name, c.ok, c.note ?? false])).toEqual([['MX', true, false], ['SPF', false, false], ['DKIM', false, false], ['DMARC', true, true]]);
    expect(checks[1]!.detail).toContain('2 SPF records');
    expect(checks[2]!.detail).toContain('no DKIM key at mj1._domainkey.judge.test');
  });
});

describe('runDoctor against the real servers', () => {
  const P = mailPrefix(import.meta.url);
  let t: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'mj-doctor-'));
    writeFileSync(join(dir, 'mj1.pem'), judgeKey);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const config = (imapPassword: string, extra: Record<string, string> = {}): Config => {
    const { host, imapPort, smtpPort } = mailServers();
    const r = loadConfig({
      ...extra,
      DATABASE_URL: t.url, MAILJUDGE_STATE_DIR: dir, MAILJUDGE_FROM_ADDRESS: `${P}@judge.test`,
      MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(`${P}@judge.example.org`)}@${host}:${imapPort}`, MAILJUDGE_IMAP_PASSWORD: imapPassword,
      MAILJUDGE_SMTP_URL: `smtp://${host}:${smtpPort}`, MAILJUDGE_DKIM_SELECTOR: 'mj1', MAILJUDGE_DKIM_KEY_FILE: join(dir, 'mj1.pem'),
    });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    return r.config;
  };

  it('passes a right configuration and domain', async () => {
    const checks = await runDoctor(config(MAIL_PASSWORD), { resolver: resolverOf(RIGHT), ntpServer: false, timeoutMs: 5_000 });
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual(['runtime', 'database', 'IMAP', 'SMTP', 'DKIM key', 'clock', 'MX', 'SPF', 'DKIM', 'DMARC']);
    expect(checks.find((c) => c.name === 'database')!.detail).toMatch(/migrations, up to date$/);
    // The tests run on the project's pinned LTS Node (test/build/runtime.test.ts), inside its maintenance.
    expect(checks[0]!.detail).toMatch(new RegExp(`^Node ${process.versions.node.replace(/\./g, '\\.')} \\(LTS "${process.release.lts}"\\), maintained until \\d+ [A-Z][a-z]+ 20\\d\\d$`));
    expect(formatDoctor(checks)).toMatch(/No problems found\.\n$/);
  });

  it('reports the fast clock as a problem: a real event never runs on it (issue 30)', async () => {
    const checks = await runDoctor(config(MAIL_PASSWORD, { MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z', MAILJUDGE_CLOCK_ANCHOR: '2026-11-27T02:00:00Z', MAILJUDGE_CLOCK_SPEED: '60' }), { resolver: resolverOf(RIGHT), ntpServer: false, timeoutMs: 5_000 });
    expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['simulated clock']);
    const detail = checks.find((c) => c.name === 'simulated clock')!.detail;
    expect(detail).toContain('60× real time, 2027-03-01T00:00:00.000Z at real 2026-11-27T02:00:00.000Z');
    expect(detail).toContain('unset MAILJUDGE_CLOCK_ORIGIN');
    expect(formatDoctor(checks)).toMatch(/1 problem\(s\) to fix\.\n$/);
  });

  it('names a refused IMAP login and every wrong record', async () => {
    const checks = await runDoctor(config('wrong'), { resolver: resolverOf(WRONG), ntpServer: false, timeoutMs: 5_000 });
    expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['IMAP', 'MX', 'SPF', 'DKIM', 'DMARC']);
    expect(checks.find((c) => c.name === 'IMAP')!.detail).toContain('MAILJUDGE_IMAP_PASSWORD');
    expect(formatDoctor(checks)).toMatch(/5 problem\(s\) to fix\.\n$/);
  });

  it('the command exits 1 on a problem (here: the default domain localhost has no MX) and prints each', () => {
    const r = runDbCli(t.url, 'doctor', '--no-ntp');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^PROBLEM MX: /m);
    expect(r.stdout).toMatch(/problem\(s\) to fix\.\n$/);
  });
});
