import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POWERS, RULE_PROFILES, STANDARD_MAP, standardStartState, type Power } from '../../../src/diplomacy/index.js';
import {
  LEGEND_HEIGHT,
  POWER_COLOURS,
  STANDARD_GEOMETRY,
  anchorOf,
  inProvinceRegion,
  pictureOfPosition,
  renderMapSvg,
  renderPng,
  textPath,
  tint,
} from '../../../src/diplomacy/picture/index.js';
import { CASES, GOLDENS, goldenText, pictureOf } from './pictures.js';
import { decodePng } from '../../helpers/decode-png.js';
import { runAdjudicate } from '../../../src/cli/commands/adjudicate.js';
import { pictureOfJson } from '../../../src/cli/map-command.js';

const PROVINCES = [...STANDARD_MAP.provinces.values()].filter((p) => p.terrain !== 'impassable');

describe('geometry', () => {
  it('has a region for each of the 75 provinces, of the right kind', () => {
    expect(PROVINCES).toHaveLength(75);
    for (const p of PROVINCES) {
      const g = STANDARD_GEOMETRY.provinces[p.id];
      expect(g, p.id).toBeDefined();
      expect(g!.kind, p.id).toBe(p.terrain === 'sea' ? 'sea' : 'land');
      expect(g!.rings.length, p.id).toBeGreaterThan(0);
    }
  });

  it('property: a province\'s anchor and coast anchors lie in its drawn region and in no other region', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROVINCES), fc.constantFrom(...PROVINCES), (p, q) => {
        const points = [STANDARD_GEOMETRY.provinces[p.id]!.anchor, ...p.coasts.map((c) => anchorOf(STANDARD_GEOMETRY, `${p.id}/${c}`))];
        for (const pt of points) {
          expect(inProvinceRegion(STANDARD_GEOMETRY, p.id, pt), `${p.id} at ${pt}`).toBe(true);
          if (q.id !== p.id) expect(inProvinceRegion(STANDARD_GEOMETRY, q.id, pt), `${p.id}'s anchor in ${q.id}`).toBe(false);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('gives each coast of a two-coast province its own anchor', () => {
    // prettier-ignore
    for (const loc of ['STP/NC', 'STP/SC', 'SPA/NC', 'SPA/SC', 'BUL/EC', 'BUL/SC']) {
      const province = loc.slice(0, 3);
      expect(anchorOf(STANDARD_GEOMETRY, loc), loc).not.toEqual(anchorOf(STANDARD_GEOMETRY, province));
    }
  });
});

describe('SVG goldens', () => {
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s matches its golden', (name) => {
    const svg = renderMapSvg(pictureOf(name), STANDARD_GEOMETRY);
    expect(goldenText(svg)).toBe(readFileSync(join(GOLDENS, `${name}.svg`), 'utf8'));
  });

  it('is the same text on every call (deterministic)', () => {
    expect(renderMapSvg(pictureOf('convoy-spring-1902'), STANDARD_GEOMETRY)).toBe(renderMapSvg(pictureOf('convoy-spring-1902'), STANDARD_GEOMETRY));
  });

  // What each golden must show, checked on the picture model so a wrong golden cannot hide it.
  it('bounce: PAR and MUN bounce in BUR, a standoff star there; VIE bounces off GAL', () => {
    const p = pictureOf('bounce-spring-1901');
    expect(p.standoffs).toEqual(['BLA', 'BUR', 'GAL']);
    expect(p.orders.filter((o) => o.status === 'failed').map((o) => o.power).sort()).toEqual(['AUSTRIA', 'FRANCE', 'GERMANY', 'RUSSIA', 'RUSSIA', 'TURKEY']);
  });

  it('dislodgement: A GAL is dislodged with its retreat options, the BUR attack on MUN failed', () => {
    const p = pictureOf('dislodgement-fall-1901');
    expect(p.dislodged.map((d) => `${d.kind} ${d.location}`)).toEqual(['A GAL']);
    expect(p.dislodged[0]!.retreats.length).toBeGreaterThan(0);
    expect(p.orders.find((o) => o.order.kind === 'move' && o.order.unit.location === 'BUR')?.status).toBe('failed');
    expect(p.units.some((u) => u.location === 'NWY' && u.power === 'ENGLAND')).toBe(true);
  });

  it('convoy: the Italian convoy succeeds, the English one fails; the failed ones are dashed with a cross', () => {
    const p = pictureOf('convoy-spring-1902');
    const convoys = p.orders.filter((o) => o.order.kind === 'convoy').map((o) => `${o.power} ${o.status}`);
    expect(convoys.sort()).toEqual(['ENGLAND failed', 'ITALY succeeded', 'ITALY succeeded']);
    const svg = renderMapSvg(p, STANDARD_GEOMETRY);
    const failed = p.orders.filter((o) => o.status === 'failed').length;
    // every failed order gets one cross: two strokes (halo + ink) of the same 'M…L…M…L…' path
    expect(svg.match(/stroke-dasharray="7 5"/g)!.length).toBeGreaterThanOrEqual(2 * failed);
  });

  it('retreat: the retreating units end where they retreated to', () => {
    const p = pictureOf('retreat-fall-1901');
    expect(p.units.filter((u) => ['TYR', 'CON'].includes(u.location)).map((u) => u.power).sort()).toEqual(['AUSTRIA', 'TURKEY']);
    expect(p.orders.every((o) => o.order.kind === 'retreat' && o.status === 'succeeded')).toBe(true);
  });

  it('retreat collision: both retreats fail and both units are drawn crossed out where they stood (DATC 6.H)', () => {
    const out = runAdjudicate(
      JSON.stringify({
        phase: 'F1901R',
        units: { RUSSIA: ['A GAL', 'A BOH'], GERMANY: ['A MUN'] },
        dislodged: { AUSTRIA: [{ unit: 'A VIE', attackerFrom: 'GAL' }], ITALY: [{ unit: 'A TRI', attackerFrom: 'SER' }] },
        orders: { AUSTRIA: ['A VIE R TYR'], ITALY: ['A TRI R TYR'] },
      }),
      { rules: RULE_PROFILES.wm },
    );
    const p = pictureOfJson(JSON.stringify(out));
    expect(p.orders.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(p.removed.map((u) => `${u.power} ${u.location}`)).toEqual(['AUSTRIA VIE', 'ITALY TRI']);
  });

  it('builds: every build is drawn with its ring and the new unit', () => {
    const p = pictureOf('builds-winter-1901');
    const builds = p.orders.filter((o) => o.order.kind === 'build');
    expect(builds).toHaveLength(7);
    const svg = renderMapSvg(p, STANDARD_GEOMETRY);
    expect(svg.match(/fill="#ffffff" fill-opacity="0.75"/g)).toHaveLength(7);
  });
});

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('PNG', () => {
  const state = standardStartState();
  const png = renderPng(renderMapSvg(pictureOfPosition(state), STANDARD_GEOMETRY));
  const img = decodePng(png);

  it('is the size of the picture and the same bytes every time', () => {
    expect(img.width).toBe(STANDARD_GEOMETRY.width);
    expect(img.height).toBe(STANDARD_GEOMETRY.height + LEGEND_HEIGHT);
    expect(renderPng(renderMapSvg(pictureOfPosition(state), STANDARD_GEOMETRY)).equals(png)).toBe(true);
  });

  /** A point well inside a province (5 px from any border) and away from its name and unit (above the anchor). */
  function clearPoint(id: string): [number, number] {
    const [x, y] = STANDARD_GEOMETRY.provinces[id]!.anchor;
    for (const [dx, dy] of [[0, -24], [0, -30], [-18, -22], [18, -22], [0, -40]] as const) {
      const at: [number, number] = [Math.round(x + dx), Math.round(y + dy)];
      let clear = true;
      for (let i = -5; i <= 5 && clear; i++) for (let j = -5; j <= 5 && clear; j++) clear = inProvinceRegion(STANDARD_GEOMETRY, id, [at[0] + i, at[1] + j]);
      if (clear) return at;
    }
    throw new Error(`no clear point in ${id}`);
  }

  // prettier-ignore
  it.each([
    ['PAR', 'FRANCE'], ['MOS', 'RUSSIA'], ['BUD', 'AUSTRIA'], ['BER', 'GERMANY'], ['ANK', 'TURKEY'],
  ] as [string, Power][])('%s is shaded in %s\'s tint', (id, power) => {
    const at = clearPoint(id);
    expect(img.pixel(at[0], at[1]).slice(0, 3)).toEqual(rgb(tint(POWER_COLOURS[power])));
  });

  it('a neutral province (BUR) is plain land and a sea (NTH) is sea blue', () => {
    const bur = clearPoint('BUR');
    expect(img.pixel(bur[0], bur[1]).slice(0, 3)).toEqual(rgb('#f3ecd6'));
    const nth = clearPoint('NTH');
    expect(img.pixel(nth[0], nth[1]).slice(0, 3)).toEqual(rgb('#bcd6ea'));
  });

  // The unit mark's body, left of its letter: the power's own colour.
  it.each(state.units.map((u) => [`${u.kind} ${u.location}`, u] as const))('%s is drawn in its power\'s colour', (_t, u) => {
    const [x, y] = anchorOf(STANDARD_GEOMETRY, u.location);
    expect(img.pixel(Math.round(x - 7), Math.round(y)).slice(0, 3)).toEqual(rgb(POWER_COLOURS[u.power]));
  });

  it('an empty province has no unit mark at its anchor', () => {
    const [x, y] = anchorOf(STANDARD_GEOMETRY, 'BOH');
    expect(img.pixel(Math.round(x - 7), Math.round(y)).slice(0, 3)).toEqual(rgb('#f3ecd6'));
  });
});

describe('stroke font', () => {
  it('draws every letter and digit the picture uses, and nothing for an unknown character', () => {
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+/:().') expect(textPath(ch, 0, 10, 6), ch).not.toBe('');
    expect(textPath('~', 0, 10, 6)).toBe('');
  });

  it('gives each power a different initial', () => {
    expect(new Set(POWERS.map((p) => p[0])).size).toBe(7);
  });
});
