/** The configuration for a command that runs the judge, read when the command runs (not at start-up: docs/startup.md). */
import type { Config } from '../config/config.js';

/** The configuration, or `undefined` with every problem printed and exit code 2. */
export async function configOrProblems(path: string | undefined): Promise<Config | undefined> {
  const { readConfig } = await import('../config/read-config.js');
  const r = readConfig(path !== undefined ? { configPath: path } : {});
  if (!r.ok) {
    process.stderr.write(`mailjudge: ${r.problems.length} configuration problem(s):\n${r.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exitCode = 2;
    return undefined;
  }
  return r.config;
}
