/**
 * The I/O half of the configuration: find and read the config file, then validate with the pure
 * {@link loadConfig}.
 */
import { readFileSync } from 'node:fs';
import { loadConfig, type LoadConfigResult } from './config.js';
import { useClock } from './clock.js';

/**
 * Read the config file named by `configPath` (the `--config` option) or else `MAILJUDGE_CONFIG`, if
 * either is set, and validate it with the environment. A file that cannot be read is a problem like
 * any other; never throws.
 */
export function readConfig(options: { configPath?: string; env?: Readonly<Record<string, string | undefined>> } = {}): LoadConfigResult {
  const r = readConfigFile(options);
  // Issue 30: the process's clock follows the configuration (the fast clock only when set).
  if (r.ok) useClock(r.config.clock);
  return r;
}

function readConfigFile(options: { configPath?: string; env?: Readonly<Record<string, string | undefined>> }): LoadConfigResult {
  const env = options.env ?? process.env;
  const path = options.configPath ?? (env.MAILJUDGE_CONFIG || undefined);
  if (path === undefined) return loadConfig(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const from = options.configPath !== undefined ? '--config' : 'MAILJUDGE_CONFIG';
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    const rest = loadConfig(env);
    return { ok: false, problems: [`config file ${path}: cannot be read (${reason}); fix the ${from} path`, ...(rest.ok ? [] : rest.problems)] };
  }
  return loadConfig(env, text);
}
