/**
 * The import graph of `src/`, read with TypeScript's own pre-processor (every static and dynamic
 * import, export-from and type import), for the layer test and the README's layout table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The layers of DESIGN.md, top to bottom: a module may import its own layer and the layers below it.
 * The pure layers (diplomacy … rules) may import only pure layers.
 */
export const LAYERS = ['cli', 'web', 'worker', 'service', 'mail', 'db', 'config', 'diplomacy', 'coalition', 'tournament', 'dice', 'rules'] as const;
export const PURE = new Set<string>(['diplomacy', 'coalition', 'tournament', 'dice', 'rules']);

export interface ImportEdge {
  readonly from: string; // src-relative file, e.g. service/notify.ts
  readonly to: string; // src-relative file
  readonly line: number;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** Every relative import between files of `srcDir`. */
export function importGraph(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of tsFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = join(dirname(file), ref.fileName).replace(/\.js$/, '.ts');
      const line = text.slice(0, ref.pos).split('\n').length;
      edges.push({ from: relative(srcDir, file), to: relative(srcDir, target), line });
    }
  }
  return edges;
}

/** The layer of a src-relative path: its first folder (a file at the root of src/ has none). */
export function layerOf(path: string): string {
  const i = path.indexOf('/');
  return i < 0 ? '(src root)' : path.slice(0, i);
}

/** Imports that point up the layers, or from a pure layer to an I/O one; files outside any layer. */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const rank = new Map<string, number>(LAYERS.map((l, i) => [l, i]));
  const out: string[] = [];
  for (const e of edges) {
    const a = layerOf(e.from);
    const b = layerOf(e.to);
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra === undefined) out.push(`src/${e.from} is in no layer of DESIGN.md`);
    else if (rb === undefined) out.push(`src/${e.from}:${e.line} imports src/${e.to}, which is in no layer`);
    else if (rb < ra) out.push(`src/${e.from}:${e.line} imports src/${e.to}: ${a} may not import ${b} (a higher layer)`);
    else if (PURE.has(a) && !PURE.has(b)) out.push(`src/${e.from}:${e.line} imports src/${e.to}: the pure layer ${a} may not import ${b}`);
  }
  return [...new Set(out)];
}

/** Every import circle among files, each named by its files in order (Tarjan's strongly connected components). */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (next.get(v) ?? []).includes(v)) circles.push(comp.reverse());
    }
  };
  for (const v of new Set(edges.flatMap((e) => [e.from, e.to]))) if (!idx.has(v)) visit(v);
  return circles;
}
