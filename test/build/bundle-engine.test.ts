/**
 * The build's second step (scripts/bundle-engine.ts): each barrel of the engine in one file, and the
 * build refused when a module outside the bundles imports one of their modules by its own path (it
 * would load a second copy of the engine's per-map tables). Run on small engines written here, and
 * on the real `dist/` that `npm run build` made.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_MARK, bundleEngine } from '../../scripts/bundle-engine.js';
import { ROOT } from '../helpers/cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A `dist/` with a two-module engine, a sheet reader, and `extra` files. */
function smallDist(extra: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'mj-bundle-'));
  dirs.push(dist);
  const files: Record<string, string> = {
    'src/diplomacy/index.js': "export { STANDARD_MAP } from './map/standard.js';\nexport { neighbours } from './map/graph.js';\n",
    'src/diplomacy/map/standard.js': "export const STANDARD_MAP = { name: 'standard' };\n",
    'src/diplomacy/map/graph.js': "import { STANDARD_MAP } from './standard.js';\nexport const neighbours = (m) => (m === STANDARD_MAP ? ['bur', 'pic'] : []);\n",
    'src/diplomacy/sheet/index.js': "export { readLine } from './read-line.js';\n",
    'src/diplomacy/sheet/read-line.js': "import { STANDARD_MAP } from '../index.js';\nimport { LIMIT } from '../../rules/limits.js';\nexport const readLine = (l) => `${STANDARD_MAP.name}:${l.slice(0, LIMIT)}`;\n",
    'src/rules/limits.js': 'export const LIMIT = 3;\n',
    ...extra,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  return dist;
}

describe('the engine bundled at build time (issue 29: commands that start at once)', () => {
  it('writes each barrel as one module holding the engine modules it imports, and the rest keep importing it', async () => {
    const dist = smallDist({ 'src/web/page.js': "import { STANDARD_MAP, neighbours } from '../diplomacy/index.js';\nexport const page = () => neighbours(STANDARD_MAP).join(',');\n" });
    await expect(bundleEngine(dist)).resolves.toEqual({ bundled: 5, skipped: false });
    const engine = readFileSync(join(dist, 'src/diplomacy/index.js'), 'utf8');
    const sheet = readFileSync(join(dist, 'src/diplomacy/sheet/index.js'), 'utf8');
    expect(engine.startsWith(BUNDLE_MARK)).toBe(true);
    expect(engine).not.toMatch(/from ['"]\.\/map\//);
    // The sheet reader imports the engine's barrel and the rules layer, not copies of them.
    expect(sheet).toMatch(/from "\.\.\/index\.js"/);
    expect(sheet).toMatch(/from "\.\.\/\.\.\/rules\/limits\.js"/);
    expect(sheet).not.toContain("name: 'standard'");
    const page = (await import(pathToFileURL(join(dist, 'src/web/page.js')).href)) as { page: () => string };
    expect(page.page()).toBe('bur,pic');
    const read = (await import(pathToFileURL(join(dist, 'src/diplomacy/sheet/index.js')).href)) as { readLine: (l: string) => string };
    expect(read.readLine('A PAR')).toBe('standard:A P');
    // A second run finds the marks and leaves the files alone.
    await expect(bundleEngine(dist)).resolves.toEqual({ bundled: 0, skipped: true });
    expect(readFileSync(join(dist, 'src/diplomacy/index.js'), 'utf8')).toBe(engine);
  });

  it('refuses a module outside the bundles that imports one of their modules by its own path, naming both', async () => {
    const dist = smallDist({
      'src/web/page.js': "import { STANDARD_MAP } from '../diplomacy/map/standard.js';\nexport const page = () => STANDARD_MAP.name;\n",
      'scripts/maps.js': "export const load = () => import('../src/diplomacy/sheet/read-line.js');\n",
      'test/web/page.test.js': "import { STANDARD_MAP } from '../../src/diplomacy/map/standard.js';\n",
    });
    const error = await bundleEngine(dist).then(() => null, (e: Error) => e.message);
    expect(error).toContain('src/web/page.js imports src/diplomacy/map/standard.js');
    expect(error).toContain('scripts/maps.js imports src/diplomacy/sheet/read-line.js');
    // Test files run from their TypeScript sources under vitest, never from dist/.
    expect(error).not.toContain('page.test.js');
  });

  it('the build bundled the real engine: its two barrels carry the mark', () => {
    for (const barrel of ['src/diplomacy/index.js', 'src/diplomacy/sheet/index.js']) {
      expect(readFileSync(join(ROOT, 'dist', barrel), 'utf8').startsWith(BUNDLE_MARK), barrel).toBe(true);
    }
  });
});
