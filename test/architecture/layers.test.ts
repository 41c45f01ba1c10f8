import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { importCircles, importGraph, layerViolations, type ImportEdge } from './layers.js';

const edges = importGraph(join(ROOT, 'src'));

describe('the layers of DESIGN.md hold in src/', () => {
  it('reads a real graph', () => {
    expect(edges.length).toBeGreaterThan(500);
  });
  it('no import runs up the layers, and the pure layers import nothing that does I/O', () => {
    expect(layerViolations(edges)).toEqual([]);
  });
  it('no import circle', () => {
    expect(importCircles(edges).map((c) => c.join(' → '))).toEqual([]);
  });
});

describe('the checks themselves catch what they should', () => {
  const e = (from: string, to: string): ImportEdge => ({ from, to, line: 3 });
  it('names an upward import with its file and line, and a pure layer importing I/O', () => {
    expect(layerViolations([e('service/a.ts', 'cli/b.ts')])).toEqual(['src/service/a.ts:3 imports src/cli/b.ts: service may not import cli (a higher layer)']);
    expect(layerViolations([e('rules/a.ts', 'diplomacy/b.ts')])[0]).toMatch(/rules may not import diplomacy/);
    expect(layerViolations([e('diplomacy/a.ts', 'rules/b.ts'), e('cli/a.ts', 'db/b.ts')])).toEqual([]);
    expect(layerViolations([e('limits.ts', 'rules/b.ts')])[0]).toMatch(/in no layer/);
  });
  it('finds a circle of three files and a self-import', () => {
    expect(importCircles([e('a', 'b'), e('b', 'c'), e('c', 'a'), e('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(importCircles([e('x', 'x')])).toEqual([['x']]);
  });
});
