/**
 * Issue 29: `mailjudge ingest` reads the settings of its store path without the configuration schema
 * (src/config/pipe-settings.ts). Whatever it reads must be what loadConfig reads from the same
 * environment and file; where it cannot be sure (a value loadConfig refuses, the embedded server, the
 * fast clock, an unreadable file) it answers `undefined` and the pipe takes the full path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { readPipeSettings } from '../../src/config/pipe-settings.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-pipe-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Both readers on the same environment and file (text or object). */
function both(env: Record<string, string>, file?: object | string) {
  const text = file === undefined ? undefined : typeof file === 'string' ? file : JSON.stringify(file);
  let configPath: string | undefined;
  if (text !== undefined) {
    configPath = join(dir, `config-${n++}.json`);
    writeFileSync(configPath, text);
  }
  return { pipe: readPipeSettings({ env, ...(configPath ? { configPath } : {}) }), full: loadConfig(env, text) };
}

const DB = 'postgres://judge@db.example.org:5432/judge';

describe('readPipeSettings agrees with loadConfig', () => {
  // prettier-ignore
  it.each([
    // what                                        environment                                                                                   file
    ['the database from the environment, defaults', { DATABASE_URL: DB },                                                                               undefined],
    ['postgresql: scheme, a password in the env',  { DATABASE_URL: 'postgresql://judge:s3cret@127.0.0.1:5433/j' },                                    undefined],
    ['everything from the environment',            { DATABASE_URL: DB, MAILJUDGE_FROM_ADDRESS: 'Judge@Example.org', MAILJUDGE_PIPE_RECEIVED_BY: ' MX.judge.example.org , mx2 ', MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: '0' }, undefined],
    ['everything from the file',                   {},                                                                                                  { databaseUrl: DB, fromAddress: 'j@example.org', pipeReceivedBy: 'mx.example.org,MX2.example.org', statementTimeoutSeconds: 12 }],
    ['the environment over the file',              { DATABASE_URL: 'postgres://other@h/d', MAILJUDGE_PIPE_RECEIVED_BY: 'env.example.org', MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: '7' }, { databaseUrl: DB, pipeReceivedBy: 'file.example.org', statementTimeoutSeconds: 12 }],
    ['an empty variable counts as unset',          { DATABASE_URL: '', MAILJUDGE_FROM_ADDRESS: '', MAILJUDGE_PIPE_RECEIVED_BY: '' },                  { databaseUrl: DB, fromAddress: 'f@example.org' }],
    ['other settings are not its business',        { DATABASE_URL: DB, MAILJUDGE_SMTP_LISTEN: '127.0.0.1:2525', MAILJUDGE_CONFIRM_ADDRESS: 'c@example.org' }, { stateDir: './elsewhere', smtpLimits: { maxLines: 10 } }],
  ])('%s', (_what, env, file) => {
    const { pipe, full } = both(env, file);
    if (!full.ok) throw new Error(full.problems.join('\n'));
    expect(pipe).toEqual({
      databaseUrl: full.config.databaseUrl,
      fromAddress: full.config.fromAddress,
      pipeReceivedBy: full.config.pipeReceivedBy,
      statementTimeoutSeconds: full.config.statementTimeoutSeconds,
    });
  });

  it('the values it reads, spelled out (not only equal to loadConfig\'s)', () => {
    expect(both({ DATABASE_URL: DB, MAILJUDGE_PIPE_RECEIVED_BY: ' MX.judge.example.org , mx2 ' }).pipe).toEqual({
      databaseUrl: DB, fromAddress: 'judge@localhost', pipeReceivedBy: ['mx.judge.example.org', 'mx2'], statementTimeoutSeconds: 30,
    });
  });
});

describe('readPipeSettings answers undefined where loadConfig refuses a value it reads, or it cannot be sure', () => {
  // prettier-ignore
  it.each([
    // what                                    environment                                                              file                                         loadConfig refuses
    ['no database: the embedded server',       {},                                                                      undefined,                                   false],
    ['a database URL of another scheme',       { DATABASE_URL: 'mysql://x@h/d' },                                       undefined,                                   true],
    ['a database URL that is no URL',          { DATABASE_URL: 'nowhere' },                                             undefined,                                   true],
    ['a password in the file\'s URL',          {},                                                                      { databaseUrl: 'postgres://j:pw@h/d' },      true],
    ['a From address that is no address',      { DATABASE_URL: DB, MAILJUDGE_FROM_ADDRESS: 'judge' },                   undefined,                                   true],
    ['a From address in the file, a number',   { DATABASE_URL: DB },                                                    { fromAddress: 42 },                         true],
    ['Received-by hosts with a space inside',  { DATABASE_URL: DB, MAILJUDGE_PIPE_RECEIVED_BY: 'mx example' },          undefined,                                   true],
    ['a statement timeout of -1 s',            { DATABASE_URL: DB, MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: '-1' },         undefined,                                   true],
    ['a statement timeout of 1.5 in the file', { DATABASE_URL: DB },                                                    { statementTimeoutSeconds: 1.5 },            true],
    ['the fast clock (rehearsals)',            { DATABASE_URL: DB, MAILJUDGE_CLOCK_ORIGIN: '2027-03-01T00:00:00Z' },    undefined,                                   false],
    ['the fast clock in the file',             { DATABASE_URL: DB },                                                    { clock: { origin: '2027-03-01T00:00:00Z' } }, false],
    ['a file that is not JSON',                { DATABASE_URL: DB },                                                    '{"databaseUrl": ',                          true],
    ['a file that is a JSON array',            { DATABASE_URL: DB },                                                    '[]',                                        true],
  ])('%s', (_what, env, file, refused) => {
    const { pipe, full } = both(env, file);
    expect(pipe).toBeUndefined();
    expect(!full.ok).toBe(refused);
  });

  it('a config file that cannot be read', () => {
    expect(readPipeSettings({ env: { DATABASE_URL: DB }, configPath: join(dir, 'missing.json') })).toBeUndefined();
    expect(readPipeSettings({ env: { DATABASE_URL: DB, MAILJUDGE_CONFIG: join(dir, 'missing.json') } })).toBeUndefined();
  });
});
