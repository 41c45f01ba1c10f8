/**
 * The build's second step, after `tsc` (`npm run build`): each barrel of the engine in one file.
 *
 * `dist/src/diplomacy/index.js` (the engine: map, orders, adjudicator, phases, start) and
 * `dist/src/diplomacy/sheet/index.js` (the order-sheet reader) are rewritten, each with the modules
 * of `src/diplomacy/` it imports, into one ES module. Everything else stays as `tsc` wrote it: the
 * packages, the other layers and the other barrel are imported as before. Node's ES module loader
 * costs about 2M instructions a module (resolve, read, compile, link), and `check-orders` loaded 45
 * of them to read three orders: with the two bundles it loads 2 (docs/startup.md, issue 29).
 *
 * A module inside a bundle must then not be imported by its own path from outside it: it would be
 * loaded a second time, with its own copies of the tables the engine keeps per map. The build
 * checks every file of `dist/` for such an import and fails, naming it (`strayImports`).
 *
 * Run again on a `dist/` it has already bundled, it leaves the bundles as they are (the first line
 * marks them); `tsc` writes the barrels afresh.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The first line of a bundle. */
export const BUNDLE_MARK = '// mailjudge: bundled by scripts/bundle-engine.ts';

/** The barrels bundled, relative to `dist/src/diplomacy/`. */
export const BARRELS = ['index.js', 'sheet/index.js'] as const;

/** Every relative import (static, dynamic, export-from) of a JavaScript text, resolved against its file. */
export function relativeImports(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((r) => r.fileName)
    .filter((f) => f.startsWith('.'))
    .map((f) => resolve(dirname(file), f));
}

/**
 * The imports, from files outside the bundles, of a module that a bundle holds (other than the
 * barrels themselves): `file: imports module`, paths relative to `root`.
 */
export function strayImports(root: string, files: ReadonlyMap<string, string>, bundled: ReadonlySet<string>, barrels: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    if (bundled.has(file)) continue;
    for (const target of relativeImports(file, text)) {
      if (bundled.has(target) && !barrels.has(target)) out.push(`${relative(root, file)} imports ${relative(root, target)}, which is bundled into ${[...barrels].map((b) => relative(root, b)).join(' or ')}: import the barrel instead`);
    }
  }
  return out;
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
}

/** Bundle one barrel of `engineDir`; the files it took in (the barrel included). */
async function bundleBarrel(engineDir: string, barrel: string, barrels: ReadonlySet<string>): Promise<string[]> {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: barrel,
    platform: 'node',
    // Only the engine's own modules go in: packages, other layers and the other barrel stay imports.
    external: (id, importer) => {
      if (importer === undefined) return false;
      const path = id.startsWith('.') ? resolve(dirname(importer), id) : id;
      if (!path.startsWith(`${engineDir}/`)) return true;
      return path !== barrel && barrels.has(path);
    },
  });
  const { output } = await bundle.generate({ format: 'esm', file: barrel, sourcemap: true, banner: BUNDLE_MARK });
  await bundle.close();
  const chunk = output.find((o) => o.type === 'chunk');
  if (output.length !== 2 || chunk === undefined || chunk.type !== 'chunk') throw new Error(`bundling ${barrel} gave ${output.length} outputs, expected one chunk and its map`);
  const map = chunk.map;
  writeFileSync(barrel, chunk.code);
  if (map) writeFileSync(`${barrel}.map`, map.toString());
  return chunk.moduleIds.filter((m) => !m.startsWith('\0'));
}

/** Bundle both barrels of `distDir`, check the rest of it; throws with the stray imports. */
export async function bundleEngine(distDir: string): Promise<{ bundled: number; skipped: boolean }> {
  const engineDir = join(distDir, 'src', 'diplomacy');
  const barrels = new Set(BARRELS.map((b) => join(engineDir, b)));
  const bundled = new Set<string>();
  let skipped = false;
  for (const barrel of barrels) {
    if (readFileSync(barrel, 'utf8').startsWith(BUNDLE_MARK)) {
      skipped = true;
      continue;
    }
    for (const m of await bundleBarrel(engineDir, barrel, barrels)) bundled.add(m);
  }
  if (!skipped) {
    // Test files are run by vitest from their TypeScript sources, never from dist/: they may import a module itself.
    const files = new Map(jsFiles(distDir).filter((f) => !f.endsWith('.test.js')).map((f) => [f, readFileSync(f, 'utf8')] as const));
    const stray = strayImports(distDir, files, bundled, barrels);
    if (stray.length > 0) throw new Error(`the engine's modules are imported around its barrels:\n${stray.join('\n')}`);
  }
  return { bundled: bundled.size, skipped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  bundleEngine(distDir).then(
    (r) => {
      if (!r.skipped) console.log(`bundle-engine: ${r.bundled} modules of src/diplomacy in ${BARRELS.length} files`);
    },
    (e: unknown) => {
      console.error(`bundle-engine: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
