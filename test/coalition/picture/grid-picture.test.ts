import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAP_COLUMNS, MAP_ROWS, TERRAINS, adjudicateMovement, parseWorldMap, type Army, type Terrain, type WorldMap } from '../../../src/coalition/index.js';
import {
  GRID_WIDTH, SQUARE_SIZE, TEAM_COLOURS, TERRAIN_COLOURS, pictureOfMovement, pictureOfWorld, pictureStanding, renderGridSvg, renderPng, rosterOf, squareCentre, squareOrigin,
} from '../../../src/coalition/picture/index.js';
import { DiceStream } from '../../../src/dice/index.js';
import { decodePng } from '../../helpers/decode-png.js';
import { GRID_CASES, GRID_GOLDENS, gridFixtureText, gridSvgOf } from './grid-pictures.js';

const EXAMPLE = (() => {
  const r = parseWorldMap(JSON.parse(gridFixtureText('world.json')).map);
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.map;
})();
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const army = (name: string, team: Army['team'], at: string, rank = 'lieutenant'): Army => ({ name, team, rank: rank as Army['rank'], at });
const order = (a: string, text: string, line: number) => ({ army: a, text, at: new Date(Date.UTC(2026, 10, 20, 4, line)), post: 'm1', line });

describe('the grid picture model', () => {
  it('draws the order that counted for each army: moved, stopped short, rejected toward its aim; no superseded order, no hold', () => {
    const armies = [army('Sai Rei', 'coalition', '3D'), army('Wing', 'coalition', '5G'), army('Keld', 'coalition', '6C'), army('Still', 'coalition', '20A'), army('Gix', 'phyrexia', '30J')];
    const orders = [
      order('Sai Rei', '3D > 4D', 1), order('Sai Rei', '3D > 5D', 2), // the first is superseded (3.3.6)
      order('Wing', '5G > 5D', 3), // stops short at 5E: Sai Rei arrives first (3.3.1, 3.3.2)
      order('Keld', '6C > 10C', 4), // too far (3.2.2.1)
      order('Still', 'hold', 5),
    ];
    const update = adjudicateMovement({ map: EXAMPLE, armies }, orders, new DiceStream('s', 't'));
    const p = pictureOfMovement(EXAMPLE, armies, update, 'T');
    expect(p.moves).toEqual([
      { army: 'Sai Rei', from: '3D', to: '5D', aim: '5D', outcome: 'moved' },
      { army: 'Wing', from: '5G', to: '5E', aim: '5D', outcome: 'partial' },
      { army: 'Keld', from: '6C', to: '6C', aim: '10C', outcome: 'rejected' },
    ]);
    expect(p.armies.map((a) => a.at)).toEqual(['5D', '5E', '6C', '20A', '30J']);
  });

  it('shows the world as it stands after the lock\'s battles: a loser moved, a killed army gone with its move; the moves kept (3.1, 4.2.5)', () => {
    const armies = [army('Sai Rei', 'coalition', '3D'), army('Wing', 'coalition', '8G'), army('Gix', 'phyrexia', '5D'), army('Husk', 'phyrexia', '9G')];
    const update = adjudicateMovement({ map: EXAMPLE, armies }, [order('Sai Rei', '3D > 4D', 1), order('Husk', '9G > 9H', 2)], new DiceStream('s', 't'));
    const p = pictureOfMovement(EXAMPLE, armies, update, 'T');
    // The battles settled at the lock: Gix lost at 5D and moved to 6D; Husk killed.
    const standing = pictureStanding(p, [{ name: 'Sai Rei', at: '4D' }, { name: 'Wing', at: '8G' }, { name: 'gix', at: '6d' }], [{ square: '4D', armies: ['Sai Rei', 'Gix'], attacker: null }]);
    expect(standing.armies.map((a) => `${a.name} ${a.at}`)).toEqual(['Sai Rei 4D', 'Wing 8G', 'Gix 6D']);
    expect(standing.moves).toEqual([{ army: 'Sai Rei', from: '3D', to: '4D', aim: '4D', outcome: 'moved' }]);
    expect(standing.battles).toEqual([{ square: '4D', armies: ['Sai Rei', 'Gix'], attacker: null }]);
    expect(p.armies.map((a) => a.at)).toEqual(['4D', '8G', '5D', '9H']); // the picture given is not changed
  });

  it('draws the move carried out and, distinctly, every refused order, in whatever order the results come (issue 33: Proxy1 15H > 17H)', () => {
    const armies = [army('Proxy1', 'coalition', '15H'), army('Gix', 'phyrexia', '30J')];
    // 3.3.6, 5.4.2: Ann's order counted; Bob's, sent while he controlled Proxy1, is refused at the lock and listed after it.
    const results = [
      { army: 'Proxy1', order: 'Proxy1: 15H > 17H', outcome: 'moved', to: '17H', post: 'm2', line: 1 },
      { army: 'Proxy1', order: 'Proxy1: 15H > 16H', outcome: 'rejected', code: 'notController', reason: 'Bob does not control Proxy1 at the lock (5.4.2)', post: 'm1', line: 1 },
      { army: 'Gix', order: 'Gix: 30J > 28J', outcome: 'rejected', code: 'notController', reason: 'Sai Rei does not control Gix', post: 'm3', line: 1 },
    ];
    const update = { armies: [{ name: 'Proxy1', from: '15H', at: '17H' }, { name: 'Gix', from: '30J', at: '30J' }], battles: [], results } as never;
    const p = pictureOfMovement(EXAMPLE, armies, update, 'T');
    expect(p.moves).toEqual([
      { army: 'Proxy1', from: '15H', to: '17H', aim: '17H', outcome: 'moved' },
      { army: 'Proxy1', from: '15H', to: '15H', aim: '16H', outcome: 'rejected' },
      { army: 'Gix', from: '30J', to: '30J', aim: '28J', outcome: 'rejected' },
    ]);
    // Drawn: one carried-out arrow, two refused (dashed, crossed); the legend (MOVED, STOPPED, REJECTED) is the grid goldens'.
    const svg = renderGridSvg(p);
    expect(svg.match(/data-move="moved"/g)).toHaveLength(1);
    expect(svg.match(/data-move="rejected"/g)).toHaveLength(2);
  });

  it('numbers the roster by team: Coalition, then Phyrexia, then mercenaries, each in the given order', () => {
    const p = pictureOfWorld(EXAMPLE, [army('M', 'mercenary', '1B', '1/1-4/4'), army('P', 'phyrexia', '2B'), army('C1', 'coalition', '3B'), army('C2', 'coalition', '4B')], 'T');
    expect(rosterOf(p).map((e) => `${e.number} ${e.army.name}`)).toEqual(['1 C1', '2 C2', '3 P', '4 M']);
  });
});

describe('grid SVG goldens', () => {
  it.each(Object.keys(GRID_CASES) as (keyof typeof GRID_CASES)[])('%s matches its golden', (name) => {
    expect(gridSvgOf(name)).toBe(readFileSync(join(GRID_GOLDENS, `${name}.svg`), 'utf8'));
  });

  it('marks what the turn golden is about: a crossed dashed rejected move, a dotted stop, two battle stars, half-size marks', () => {
    const svg = gridSvgOf('turn-3-moves-battles');
    expect(svg.match(/data-move="rejected"/g)).toHaveLength(1);
    expect(svg.match(/data-move="partial"/g)).toHaveLength(1);
    expect(svg.match(/data-move="moved"/g)!.length).toBeGreaterThanOrEqual(6);
    expect(svg.match(/data-battle="[^"]+"/g)).toEqual(['data-battle="4C"', 'data-battle="8E"']);
    expect(svg).toContain('<title>TURN 3 - MOVEMENT UPDATE</title>');
    const world = gridSvgOf('world-destroyed-sites');
    // 1.7.1: the two destroyed sites are crossed out and said so in the key.
    expect(world.match(/<g data-site="(2E|26E)">.*?<\/g>/g)!.every((g) => g.includes('stroke-width="2.6"'))).toBe(true);
    expect(world).toContain('data-site="19C"');
  });
});

describe('property: every square of the grid gets exactly one cell', () => {
  const terrainArb = fc.dictionary(
    fc.tuple(fc.integer({ min: 1, max: MAP_COLUMNS }), fc.constantFrom(...MAP_ROWS)).map(([c, r]) => `${c}${r}`),
    fc.constantFrom(...TERRAINS),
    { maxKeys: 80 },
  );
  it('one <rect data-square> per square, shaded by its terrain, in the square\'s place', () => {
    fc.assert(
      fc.property(terrainArb, fc.constantFrom<Terrain>(...TERRAINS), (terrain, defaultTerrain) => {
        const map: WorldMap = { terrain, defaultTerrain, sites: {} };
        const svg = renderGridSvg(pictureOfWorld(map, [], 'P'));
        const cells = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="(\d+)" height="(\d+)" fill="(#[0-9a-f]{6})" data-square="([^"]+)"\/>/g)];
        expect(cells).toHaveLength(MAP_COLUMNS * MAP_ROWS.length);
        const seen = new Set<string>();
        for (const [, x, y, w, , fill, key] of cells) {
          expect(seen.has(key!), key).toBe(false);
          seen.add(key!);
          expect(fill).toBe(TERRAIN_COLOURS[terrain[key!] ?? defaultTerrain]);
          expect([Number(x), Number(y)]).toEqual(squareOrigin(key!));
          expect(Number(w)).toBe(SQUARE_SIZE);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('grid PNG', () => {
  const svg = gridSvgOf('turn-3-moves-battles');
  const png = renderPng(svg);
  const img = decodePng(png);

  it('is the picture\'s size and the same bytes every time', () => {
    expect(img.width).toBe(GRID_WIDTH);
    expect(img.height).toBe(Number(/height="(\d+)"/.exec(svg)![1]));
    expect(renderPng(gridSvgOf('turn-3-moves-battles')).equals(png)).toBe(true);
  });

  // prettier-ignore
  it.each([
    ['1A',  'ocean'], ['12D', 'mountain'], ['6L', 'swamp'], ['30F', 'plains'],
  ] as [string, Terrain][])('square %s is shaded %s', (key, terrain) => {
    const [x, y] = squareOrigin(key);
    expect(img.pixel(x + 20, y + 3).slice(0, 3)).toEqual(rgb(TERRAIN_COLOURS[terrain]));
  });

  it('shows an army mark in its team colour where the army ended, and none where it left', () => {
    const inside = (key: string) => {
      const [x, y] = squareCentre(key);
      return img.pixel(Math.round(x) - 3, Math.round(y) + 8).slice(0, 3);
    };
    expect(inside('5D')).toEqual(rgb(TEAM_COLOURS.coalition)); // Sai Rei moved 3D > 5D
    expect(inside('13H')).toEqual(rgb(TEAM_COLOURS.phyrexia)); // Croag moved 15H > 13H
    const [x, y] = squareCentre('3D');
    expect(img.pixel(Math.round(x) - 8, Math.round(y) + 8).slice(0, 3)).toEqual(rgb(TERRAIN_COLOURS.plains));
  });
});
