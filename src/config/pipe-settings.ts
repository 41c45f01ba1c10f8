/**
 * The few settings `mailjudge ingest` needs to store its message (issue 29, docs/startup.md): the
 * database, the receipt-time hosts, the judge's address (the decision queue's reply addresses) and
 * the statement timeout, read without the configuration schema (zod loads ~70 ms), with the same
 * precedence (the environment, then the config file, then the default) and by the same definitions
 * (setting-text.ts, defaults.ts). The whole configuration is still validated by loadConfig right after
 * the message is stored.
 *
 * `undefined` whenever this reader cannot be sure it reads what loadConfig would: no database URL
 * (the embedded server), a value of these settings loadConfig would refuse, a config file it cannot
 * read as a JSON object, or the fast clock set (rehearsals: the receipt time would need its setting).
 * `mailjudge ingest` then takes the full path (the whole configuration first, as before). Never throws.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_FROM_ADDRESS, DEFAULT_STATEMENT_TIMEOUT_SECONDS } from './defaults.js';
import { DATABASE_PROTOCOLS, EMAIL, HOSTS_PATTERN, hostsOf, isUrlOf, parseUrl, WHOLE_NUMBER } from './setting-text.js';

/** What the pipe's store path reads; each field equals loadConfig's field of the same name. */
export interface PipeSettings {
  readonly databaseUrl: string;
  readonly fromAddress: string;
  readonly pipeReceivedBy: readonly string[];
  readonly statementTimeoutSeconds: number;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The setting from the environment ('' is unset) or else the file; `absent` when neither has it. */
function pick(env: Env, name: string, file: Record<string, unknown>, key: string): { env: string } | { file: unknown } | 'absent' {
  const e = env[name];
  if (e !== undefined && e !== '') return { env: e };
  return key in file && file[key] !== undefined ? { file: file[key] } : 'absent';
}

/** Read the pipe's settings, or `undefined` (take the full path). */
export function readPipeSettings(options: { configPath?: string; env?: Env } = {}): PipeSettings | undefined {
  const env = options.env ?? process.env;
  const path = options.configPath ?? (env.MAILJUDGE_CONFIG || undefined);
  let file: Record<string, unknown> = {};
  if (path !== undefined) {
    try {
      const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
      file = json as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  if (['MAILJUDGE_CLOCK_ORIGIN', 'MAILJUDGE_CLOCK_ANCHOR', 'MAILJUDGE_CLOCK_SPEED', 'MAILJUDGE_CLOCK_CHANGES'].some((n) => env[n])) return undefined;
  if (file.clock !== undefined) return undefined;

  const db = pick(env, 'DATABASE_URL', file, 'databaseUrl');
  if (db === 'absent') return undefined;
  const databaseUrl = 'env' in db ? db.env : db.file;
  if (typeof databaseUrl !== 'string' || !isUrlOf(DATABASE_PROTOCOLS, databaseUrl)) return undefined;
  // A password in the file's URL is refused by loadConfig (secrets only from the environment).
  if ('file' in db && parseUrl(databaseUrl)?.password) return undefined;

  const from = pick(env, 'MAILJUDGE_FROM_ADDRESS', file, 'fromAddress');
  const fromAddress = from === 'absent' ? DEFAULT_FROM_ADDRESS : 'env' in from ? from.env : from.file;
  if (typeof fromAddress !== 'string' || !EMAIL.test(fromAddress)) return undefined;

  const by = pick(env, 'MAILJUDGE_PIPE_RECEIVED_BY', file, 'pipeReceivedBy');
  const byText = by === 'absent' ? undefined : 'env' in by ? by.env : by.file;
  if (byText !== undefined && (typeof byText !== 'string' || !HOSTS_PATTERN.test(byText))) return undefined;
  const pipeReceivedBy = byText === undefined ? [] : hostsOf(byText);

  const timeout = pick(env, 'MAILJUDGE_STATEMENT_TIMEOUT_SECONDS', file, 'statementTimeoutSeconds');
  let statementTimeoutSeconds = DEFAULT_STATEMENT_TIMEOUT_SECONDS;
  if (timeout !== 'absent') {
    if ('env' in timeout) {
      if (!WHOLE_NUMBER.test(timeout.env)) return undefined;
      statementTimeoutSeconds = Number(timeout.env);
    } else {
      if (typeof timeout.file !== 'number' || !Number.isInteger(timeout.file) || timeout.file < 0) return undefined;
      statementTimeoutSeconds = timeout.file;
    }
  }
  return { databaseUrl, fromAddress, pipeReceivedBy, statementTimeoutSeconds };
}
