/**
 * Running the built `mailjudge` CLI (dist/src/cli/main.js) from tests, and the shapes of its JSON
 * output. `npm test` builds dist/ before the tests run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';

/** The project root: the nearest folder with a package.json (works from test/ and dist/test/). */
function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export const ROOT = projectRoot(import.meta.dirname);
export const CLI = join(ROOT, 'dist/src/cli/main.js');

export interface CliResult {
  power: string;
  order: string;
  outcome: string;
  reason?: string;
  by?: string;
  with?: string[];
}
export interface CliDislodged {
  unit: string;
  attackerFrom: string | null;
  retreats: string[];
}
/** One adjudicated phase, as `adjudicate` prints it (and `replay` prints per phase). */
export interface CliOutput {
  phase: string;
  next: string | null;
  winner?: string;
  ended?: boolean;
  results: CliResult[];
  units: Record<string, string[]>;
  dislodged: Record<string, CliDislodged[]>;
  standoffs: string[];
  centers: Record<string, string[]>;
}
export interface CliError {
  error: string;
  problems?: string[];
}

export function runCli(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Run the CLI against `databaseUrl` with a clean environment (no MAILJUDGE_* of the developer's). */
export function runDbCli(databaseUrl: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl };
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Run on bad input; expects exit 2 and a JSON object with a non-empty `error` string. */
export function runCliBad(args: string[], input: string): CliError {
  const r = runCli(args, input);
  expect(r.status, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(2);
  const out = JSON.parse(r.stdout) as CliError;
  expect(typeof out.error).toBe('string');
  expect(out.error.length).toBeGreaterThan(0);
  return out;
}

/** Per-power lists sorted, powers with nothing dropped: compare positions without caring about order. */
export function sorted(byPower: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [power, list] of Object.entries(byPower)) if (list.length > 0) out[power] = [...list].sort();
  return out;
}

/** The standard 1901 units and centres, as the JSON writes them (sorted). */
export const STANDARD_UNITS = {
  AUSTRIA: ['A BUD', 'A VIE', 'F TRI'],
  ENGLAND: ['A LVP', 'F EDI', 'F LON'],
  FRANCE: ['A MAR', 'A PAR', 'F BRE'],
  GERMANY: ['A BER', 'A MUN', 'F KIE'],
  ITALY: ['A ROM', 'A VEN', 'F NAP'],
  RUSSIA: ['A MOS', 'A WAR', 'F SEV', 'F STP/SC'],
  TURKEY: ['A CON', 'A SMY', 'F ANK'],
};
export const STANDARD_CENTERS = {
  AUSTRIA: ['BUD', 'TRI', 'VIE'],
  ENGLAND: ['EDI', 'LON', 'LVP'],
  FRANCE: ['BRE', 'MAR', 'PAR'],
  GERMANY: ['BER', 'KIE', 'MUN'],
  ITALY: ['NAP', 'ROM', 'VEN'],
  RUSSIA: ['MOS', 'SEV', 'STP', 'WAR'],
  TURKEY: ['ANK', 'CON', 'SMY'],
};
