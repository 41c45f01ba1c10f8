/** The fixed Coalition positions of the grid picture tests, drawn as `mailjudge coalition map` draws them. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCoalitionMap } from '../../../src/cli/commands/coalition-map.js';

function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
const ROOT = projectRoot(import.meta.dirname);
export const GRID_FIXTURES = join(ROOT, 'test/fixtures/coalition-map');
export const GRID_GOLDENS = join(ROOT, 'test/coalition/picture/goldens');

/** name of the golden → fixture, the seed and the title it is drawn with. */
export const GRID_CASES = {
  // The example map with a destroyed base and portal (1.7.1), five armies of the three teams, no orders.
  'world-destroyed-sites': { file: 'world.json', title: 'Round 1' },
  // A turn: moves carried out, a partial move (3.3.2), a rejected one (too far), two battles (one on a base).
  'turn-3-moves-battles': { file: 'turn-3.json', title: 'Turn 3 - movement update' },
} as const;

export function gridFixtureText(file: string): string {
  return readFileSync(join(GRID_FIXTURES, file), 'utf8');
}

export function gridSvgOf(name: keyof typeof GRID_CASES): string {
  const c = GRID_CASES[name];
  return runCoalitionMap(gridFixtureText(c.file), { format: 'svg', seed: 's1', title: c.title }) as string;
}
