/** The fixed positions of the picture tests: adjudicated in-process, then drawn as `mailjudge map` draws them. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RULE_PROFILES } from '../../../src/diplomacy/index.js';
import { runAdjudicate } from '../../../src/cli/commands/adjudicate.js';
import { pictureOfJson } from '../../../src/cli/map-command.js';

/** The project root (works from test/ and from dist/test/). */
function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
const ROOT = projectRoot(import.meta.dirname);
export const FIXTURES = join(ROOT, 'test/fixtures/map');
export const GOLDENS = join(ROOT, 'test/diplomacy/picture/goldens');

/** name of the golden → fixture with orders (adjudicated, the results drawn). */
export const CASES = {
  'bounce-spring-1901': 'bounce-spring-1901.json',
  'dislodgement-fall-1901': 'fall-1901-orders.json',
  'convoy-spring-1902': 'convoy-spring-1902.json',
  'retreat-fall-1901': 'retreat-fall-1901.json',
  'builds-winter-1901': 'builds-winter-1901.json',
  'fall-1902': 'fall-1902-orders.json',
} as const;

export function fixtureText(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8');
}

/** The `adjudicate` output for a fixture, as JSON text. */
export function adjudicatedText(file: string): string {
  return JSON.stringify(runAdjudicate(fixtureText(file), { rules: RULE_PROFILES.wm }));
}

export function pictureOf(name: keyof typeof CASES) {
  return pictureOfJson(adjudicatedText(CASES[name]));
}

/**
 * The SVG as its golden stores it: path data longer than 300 characters (the coastline and region
 * outlines, which src/diplomacy/picture/standard-geometry.json holds) replaced by its SHA-256, so a
 * golden stays small and still changes when any of it does.
 */
export function goldenText(svg: string): string {
  return svg.replace(/ d="([^"]{300,})"/g, (_m, d: string) => ` d="sha256:${createHash('sha256').update(d).digest('hex')}"`);
}
