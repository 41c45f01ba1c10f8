/**
 * `loadConfig`: the file plus environment overrides, every problem reported at once with its fix,
 * secrets only from the environment.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, redactUrl, type Config } from '../../src/config/config.js';
import { readConfig } from '../../src/config/read-config.js';

function ok(env: Record<string, string>, file?: object | string): Config {
  const r = loadConfig(env, file === undefined ? undefined : typeof file === 'string' ? file : JSON.stringify(file));
  if (!r.ok) throw new Error(`expected a config, got problems:\n${r.problems.join('\n')}`);
  return r.config;
}

function problems(env: Record<string, string>, file?: object | string): string[] {
  const r = loadConfig(env, file === undefined ? undefined : typeof file === 'string' ? file : JSON.stringify(file));
  if (r.ok) throw new Error(`expected problems, got ${JSON.stringify(r.config)}`);
  return r.problems;
}

describe('loadConfig: values and precedence', () => {
  it('has defaults for everything: embedded database under ./var, .eml outbox, judge@localhost', () => {
    expect(ok({})).toEqual({
      stateDir: './var',
      databaseUrl: undefined,
      embeddedPort: 54329,
      smtp: undefined,
      imap: undefined,
      confirmImap: undefined,
      fromAddress: 'judge@localhost',
      pipeReceivedBy: [],
      smtpLimits: { maxConnections: 100, maxConnectionsPerIp: 20, sessionSeconds: 120, idleSeconds: 60, maxLines: 50_000, maxHeaderBytes: 65_536 },
      workerConcurrency: 4,
      databasePoolSize: 10,
      statementTimeoutSeconds: 30,
      databasePrepare: true,
    });
  });

  it('prepared statements (issue 29): on by default, databasePrepare in the file, MAILJUDGE_DB_PREPARE=on|off over it', () => {
    expect(ok({}, JSON.stringify({ databasePrepare: false }))).toMatchObject({ databasePrepare: false });
    expect(ok({ MAILJUDGE_DB_PREPARE: 'on' }, JSON.stringify({ databasePrepare: false }))).toMatchObject({ databasePrepare: true });
    expect(loadConfig({}, JSON.stringify({ databasePrepare: 'no' }))).toMatchObject({ ok: false });
  });

  it('pool size, worker concurrency and statement timeout (issue 29): from the file, overridden by the environment; 0 s turns the timeout off', () => {
    expect(ok({ MAILJUDGE_WORKER_CONCURRENCY: '8' }, JSON.stringify({ workerConcurrency: 6, databasePoolSize: 16, statementTimeoutSeconds: 0 }))).toMatchObject({ workerConcurrency: 8, databasePoolSize: 16, statementTimeoutSeconds: 0 });
    expect(ok({ MAILJUDGE_DB_POOL_SIZE: '20', MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: '120' })).toMatchObject({ workerConcurrency: 4, databasePoolSize: 20, statementTimeoutSeconds: 120 });
    const bad = loadConfig({ MAILJUDGE_WORKER_CONCURRENCY: '0', MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: '30s' }, JSON.stringify({ databasePoolSize: 2.5 }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems).toContain('MAILJUDGE_WORKER_CONCURRENCY="0": must be a whole number of at least 1');
      expect(bad.problems).toContain('MAILJUDGE_STATEMENT_TIMEOUT_SECONDS="30s": must be a whole number of seconds, 0 for none');
      expect(bad.problems).toContain('config file databasePoolSize: must be a whole number of at least 1');
    }
  });

  it('the SMTP listener limits (issue 25): from the file, each overridden by its variable; a bad value is a problem naming the form', () => {
    const r = loadConfig({ MAILJUDGE_SMTP_MAX_CONNECTIONS_PER_IP: '5', MAILJUDGE_SMTP_SESSION_SECONDS: '30' }, JSON.stringify({ smtpLimits: { maxConnections: 40, maxConnectionsPerIp: 9, maxLines: 1000 } }));
    expect(r).toMatchObject({ ok: true, config: { smtpLimits: { maxConnections: 40, maxConnectionsPerIp: 5, sessionSeconds: 30, idleSeconds: 60, maxLines: 1000, maxHeaderBytes: 65_536 } } });
    const bad = loadConfig({ MAILJUDGE_SMTP_MAX_LINES: 'lots' }, JSON.stringify({ smtpLimits: { sessionSeconds: 0, maxConections: 3 } }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.join('\n')).toMatch(/MAILJUDGE_SMTP_MAX_LINES="lots": must be a whole number of at least 1/);
      expect(bad.problems.join('\n')).toMatch(/smtpLimits.sessionSeconds: must be a whole number of at least 1/);
      expect(bad.problems.join('\n')).toMatch(/smtpLimits: unknown key "maxConections"; the known keys are maxConnections, maxConnectionsPerIp/);
    }
  });

  it('MAILJUDGE_PIPE_RECEIVED_BY: host names, lower-cased; anything else is a problem naming the form', () => {
    expect(loadConfig({ MAILJUDGE_PIPE_RECEIVED_BY: 'MX.judge.example.org, mx2.judge.example.org' })).toMatchObject({ ok: true, config: { pipeReceivedBy: ['mx.judge.example.org', 'mx2.judge.example.org'] } });
    const bad = loadConfig({ MAILJUDGE_PIPE_RECEIVED_BY: 'mx judge;evil' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join('\n')).toMatch(/MAILJUDGE_PIPE_RECEIVED_BY.*host names separated by commas/);
  });

  // prettier-ignore
  it.each([
    // what                     env                                                          file                                                        key               expected
    ['state dir from the file', {},                                                          { stateDir: '/srv/judge' },                                  'stateDir',       '/srv/judge'],
    ['env beats the file',      { MAILJUDGE_STATE_DIR: '/env' },                             { stateDir: '/srv/judge' },                                  'stateDir',       '/env'],
    ['empty env is unset',      { MAILJUDGE_STATE_DIR: '' },                                 { stateDir: '/srv/judge' },                                  'stateDir',       '/srv/judge'],
    ['database from env',       { DATABASE_URL: 'postgres://u:pw@db:5432/judge' },           undefined,                                                   'databaseUrl',    'postgres://u:pw@db:5432/judge'],
    ['database from file',      {},                                                          { databaseUrl: 'postgresql://judge@db/judge' },              'databaseUrl',    'postgresql://judge@db/judge'],
    ['port from env',           { MAILJUDGE_PG_PORT: '6000' },                               { postgres: { port: 7000 } },                                'embeddedPort',   6000],
    ['port from file',          {},                                                          { postgres: { port: 7000 } },                                'embeddedPort',   7000],
    ['from address from env',   { MAILJUDGE_FROM_ADDRESS: 'gm@example.org' },                undefined,                                                   'fromAddress',    'gm@example.org'],
  ])('%s', (_what, env, file, key, expected) => {
    expect(ok(env, file)[key as keyof Config]).toEqual(expected);
  });

  it('takes mail server passwords from the environment', () => {
    const c = ok(
      { MAILJUDGE_SMTP_PASSWORD: 's3cret', MAILJUDGE_IMAP_PASSWORD: 'imap-pw', MAILJUDGE_CONFIRM_IMAP_URL: 'imaps://td:pw%21@confirm.example.org' },
      { smtp: { url: 'smtps://judge@smtp.example.org:465' }, imap: { url: 'imaps://judge@imap.example.org', mailbox: 'Games' } },
    );
    expect(c.smtp).toEqual({ url: 'smtps://judge@smtp.example.org:465', password: 's3cret' });
    expect(c.imap).toEqual({ url: 'imaps://judge@imap.example.org', password: 'imap-pw', mailbox: 'Games', after: 'seen' });
    expect(c.confirmImap).toEqual({ url: 'imaps://td:pw%21@confirm.example.org', password: 'pw!', mailbox: 'INBOX', after: 'seen' });
  });

  it('moves processed mail to a folder when told, and refuses anything but seen or move:<folder>', () => {
    const c = ok({ MAILJUDGE_IMAP_URL: 'imaps://judge@imap.example.org', MAILJUDGE_IMAP_PROCESSED: 'move:Judged' });
    expect(c.imap?.after).toBe('move:Judged');
    const r = loadConfig({ MAILJUDGE_IMAP_URL: 'imaps://judge@imap.example.org', MAILJUDGE_IMAP_PROCESSED: 'delete' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.join('\n')).toContain('MAILJUDGE_IMAP_PROCESSED');
  });
});

describe('loadConfig: every problem at once, each with its fix', () => {
  // prettier-ignore
  it.each([
    // what                                env                                          file                                                   a problem contains
    ['a bad port',                         { MAILJUDGE_PG_PORT: 'abc' },                undefined,                                             'MAILJUDGE_PG_PORT="abc": must be a whole number from 1 to 65535'],
    ['a port out of range in the file',    {},                                          { postgres: { port: 70000 } },                         'config file postgres.port: must be a whole number from 1 to 65535'],
    ['a non-postgres DATABASE_URL',        { DATABASE_URL: 'mysql://x/y' },             undefined,                                             'DATABASE_URL: must be a postgres or postgresql URL'],
    ['an http smarthost',                  { MAILJUDGE_SMTP_URL: 'http://mail' },       undefined,                                             'MAILJUDGE_SMTP_URL="http://mail": must be a smtp or smtps URL'],
    ['a bad from address',                 { MAILJUDGE_FROM_ADDRESS: 'judge' },         undefined,                                             'must be a bare email address'],
    ['a typo in a variable name',          { MAILJUDGE_SMPT_URL: 'smtp://x' },          undefined,                                             'MAILJUDGE_SMPT_URL: not a mailjudge setting (a typo?)'],
    ['a password without a server',        { MAILJUDGE_IMAP_PASSWORD: 'pw' },           undefined,                                             'MAILJUDGE_IMAP_PASSWORD is set but there is no server: set MAILJUDGE_IMAP_URL'],
    ['a password key in the file',         {},                                          { smtp: { url: 'smtp://judge@h', password: 'x' } },    'config file smtp.password: secrets are read only from the environment; remove "password" from the file and set MAILJUDGE_SMTP_PASSWORD'],
    ['a password inside a URL in the file',{},                                          { databaseUrl: 'postgres://u:pw@db/judge' },           'config file databaseUrl: the URL contains a password; remove it from the file'],
    ['an unknown key in the file',         {},                                          { stateDr: './var' },                                  'config file: unknown key "stateDr"; the known keys are stateDir'],
    ['an unknown nested key',              {},                                          { imap: { url: 'imaps://h', box: 'x' } },              'config file imap: unknown key "box"; the known keys are url, mailbox'],
    ['a file that is not JSON',            {},                                          '{ "stateDir": ',                                      'config file: not valid JSON'],
    ['a file that is not an object',       {},                                          '[1, 2]',                                              'config file: must be a JSON object'],
  ])('%s', (_what, env, file, expected) => {
    expect(problems(env, file).join('\n')).toContain(expected);
  });

  it('reports all of them together, not just the first', () => {
    const found = problems(
      { MAILJUDGE_PG_PORT: '0', MAILJUDGE_SMTP_URL: 'ftp://x', MAILJUDGE_TYPO: '1' },
      { stateDir: 5, fromAddress: 'nope', smtp: { url: 'smtp://u:p@h' } },
    );
    expect(found).toHaveLength(6);
  });

  it('never echoes a password or a DATABASE_URL value in a problem', () => {
    const found = problems({ DATABASE_URL: 'mysql://user:hunter2@db/x' }).join('\n');
    expect(found).not.toContain('hunter2');
  });
});

describe('readConfig', () => {
  it('reads --config, else MAILJUDGE_CONFIG, and reports an unreadable file as a problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailjudge-config-'));
    const file = join(dir, 'judge.json');
    writeFileSync(file, JSON.stringify({ stateDir: '/from-file' }));
    expect(readConfig({ configPath: file, env: {} })).toMatchObject({ ok: true, config: { stateDir: '/from-file' } });
    expect(readConfig({ env: { MAILJUDGE_CONFIG: file } })).toMatchObject({ ok: true, config: { stateDir: '/from-file' } });
    rmSync(dir, { recursive: true, force: true });
    const missing = readConfig({ configPath: join(dir, 'nope.json'), env: { MAILJUDGE_PG_PORT: 'x' } });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.problems).toEqual([
      `config file ${join(dir, 'nope.json')}: cannot be read (ENOENT); fix the --config path`,
      'MAILJUDGE_PG_PORT="x": must be a whole number from 1 to 65535 (default 54329)',
    ]);
  });
});

describe('redactUrl', () => {
  it.each([
    ['postgres://u:secret@db/judge', 'postgres://u:***@db/judge'],
    ['smtps://judge@smtp.example.org:465', 'smtps://judge@smtp.example.org:465'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});

describe('loadConfig: the SMTP listener and the confirmation address', () => {
  // prettier-ignore
  it.each([
    // what                      env                                                   file                                      key               expected
    ['listen from env',          { MAILJUDGE_SMTP_LISTEN: '127.0.0.1:2525' },          undefined,                                'smtpListen',     { host: '127.0.0.1', port: 2525 }],
    ['listen on IPv6',           { MAILJUDGE_SMTP_LISTEN: '[::1]:25' },                undefined,                                'smtpListen',     { host: '::1', port: 25 }],
    ['listen from the file',     {},                                                   { smtpListen: 'mx.example.org:2525' },    'smtpListen',     { host: 'mx.example.org', port: 2525 }],
    ['env beats the file',       { MAILJUDGE_SMTP_LISTEN: '0.0.0.0:25' },              { smtpListen: 'localhost:2525' },         'smtpListen',     { host: '0.0.0.0', port: 25 }],
    ['no listener by default',   {},                                                   undefined,                                'smtpListen',     undefined],
    ['confirm address, lower',   { MAILJUDGE_CONFIRM_ADDRESS: 'Confirm@Judge.example.org' }, undefined,                          'confirmAddress', 'confirm@judge.example.org'],
    ['confirm address in file',  {},                                                   { confirmAddress: 'td@judge.example.org' }, 'confirmAddress', 'td@judge.example.org'],
  ])('%s', (_what, env, file, key, expected) => {
    expect(ok(env, file)[key as keyof Config]).toEqual(expected);
  });

  // prettier-ignore
  it.each([
    // what                      env                                              file                          a problem contains
    ['no port',                  { MAILJUDGE_SMTP_LISTEN: 'localhost' },          undefined,                    'MAILJUDGE_SMTP_LISTEN="localhost": must be host:port such as 127.0.0.1:2525'],
    ['port out of range',        { MAILJUDGE_SMTP_LISTEN: '127.0.0.1:70000' },    undefined,                    'MAILJUDGE_SMTP_LISTEN="127.0.0.1:70000": must be host:port'],
    ['port zero',                { MAILJUDGE_SMTP_LISTEN: '127.0.0.1:0' },        undefined,                    'with a port from 1 to 65535'],
    ['a URL, not host:port',     {},                                              { smtpListen: 'smtp://h:25' }, 'config file smtpListen: must be host:port'],
    ['a bad confirm address',    { MAILJUDGE_CONFIRM_ADDRESS: 'confirm' },        undefined,                    'MAILJUDGE_CONFIRM_ADDRESS="confirm": must be a bare email address'],
  ])('%s', (_what, env, file, expected) => {
    expect(problems(env, file).join('\n')).toContain(expected);
  });
});
