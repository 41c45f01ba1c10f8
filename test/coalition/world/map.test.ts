/** The map file (its reader and the map's own rules, 1.1, 2.5.1) and the grid (1.2). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMap, parseSquare, parseWorldMap, shortestPaths, surroundingSquares, orthogonalNeighbours, keyOf, type WorldMap } from '../../../src/coalition/index.js';
import { ROOT } from '../../helpers/cli.js';

const example = JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8')) as unknown;

function readOk(json: unknown): WorldMap {
  const r = parseWorldMap(json);
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.map;
}

describe('1.2 the grid', () => {
  // prettier-ignore
  it.each([
    ['1.2', '5E',   '5E'],
    ['1.2', ' 14h', '14H'],
    ['1.2', '38N',  '38N'],
    ['1.2', '39A',  undefined],
    ['1.2', '0A',   undefined],
    ['1.2', '5O',   undefined],
    ['1.2', 'E5',   undefined],
  ])('%s: "%s" → %s', (_rule, text, want) => {
    const s = parseSquare(text);
    expect(s ? keyOf(s) : undefined).toBe(want);
  });
  it('4.2.5: a corner has 3 surrounding squares, an inner square 8; 3.2.2.1 a corner has 2 orthogonal steps', () => {
    expect(surroundingSquares(parseSquare('1A')!).map(keyOf)).toEqual(['2A', '1B', '2B']);
    expect(surroundingSquares(parseSquare('5E')!)).toHaveLength(8);
    expect(orthogonalNeighbours(parseSquare('38N')!).map(keyOf)).toEqual(['38M', '37N']);
  });
  it('3.2.2.4: the routes of 5E > 4G are the 3 shortest walks, including the seed\'s (5E - 5F - 5G - 4G)', () => {
    const routes = shortestPaths(parseSquare('5E')!, parseSquare('4G')!).map((p) => p.map(keyOf).join(' - '));
    expect(routes).toEqual(['5E - 5F - 5G - 4G', '5E - 5F - 4F - 4G', '5E - 4E - 4F - 4G']);
  });
});

describe('the map file', () => {
  it('reads the example map, which keeps every rule of a round\'s map (1.1, 2.5.1.1, 2.5.1.3, 2.5.1.4)', () => {
    const map = readOk(example);
    expect(checkMap(map)).toEqual([]);
    expect(Object.keys(map.sites)).toHaveLength(15);
  });
  it('reports every problem, naming the field', () => {
    const r = parseWorldMap({ terrain: { '5E': 'lava', E5: 'ocean' }, sites: { '7C': { kind: 'base', colour: 'purple' }, '8C': { kind: 'castle' } } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      'map.terrain.5E: "lava" is not a terrain (one of ocean, islands, plains, mountain, forest, swamp)',
      'map.terrain.E5: "E5" is not a square; a square is its row number 1–38, then its column letter A–N (1.2), like "5E"',
      'map.sites.7C.colour: "purple" is not a faction colour (one of red, white, blue, green, black, five-colour, colourless)',
      'map.sites.8C.kind: "castle" is not a site (base, portal or town)',
    ]);
  });
  // prettier-ignore
  it.each([
    ['2.5.1.1', (m: Record<string, unknown>) => ({ ...m, '31D': { kind: 'portal', team: 'phyrexia' } }), /is 2 squares from the portal at 31D/],
    ['1.1.1',   (m: Record<string, unknown>) => { const { '33D': _gone, ...rest } = m; return rest; },       /Phyrexia has 5 portals; the map has 4/],
    ['1.1.2',   (m: Record<string, unknown>) => ({ ...m, '2E': { kind: 'base', team: 'coalition', colour: 'red' } }), /one base per faction colour: 2 red bases/],
    ['2.5.1.3', (m: Record<string, unknown>) => ({ ...m, '12M': { kind: 'base', colour: 'black', winCondition: true } }), /exactly 5 Coalition bases are Win Conditions; the map marks 6/],
    ['2.5.1.4', (m: Record<string, unknown>) => { const { '19C': _gone, ...rest } = m; return rest; },       /there are 3 neutral towns; the map has 2/],
  ])('%s: a map breaking it is reported', (rule, edit, message) => {
    const e = example as { sites: Record<string, unknown> };
    // 2.5.1.1: a portal at 31D is 2 squares from the base moved next to it at 33D's west…
    const sites = edit(rule === '2.5.1.1' ? { ...e.sites, '33D': undefined, '29D': { kind: 'base', team: 'coalition', colour: 'black' }, '12M': undefined } : e.sites);
    const clean = Object.fromEntries(Object.entries(sites).filter(([, v]) => v !== undefined));
    const problems = checkMap(readOk({ ...(example as object), sites: clean }));
    expect(problems.some((p) => p.rule === rule && message.test(p.message)), JSON.stringify(problems)).toBe(true);
  });
});
