/**
 * Issue 28: no province name is covered. The layout function is pure: its input is the boxes of
 * what the picture draws (units, order lines and heads, stars, rings), its output where each name
 * and centre marker go. Checked on every picture fixture, in both layouts, against those boxes and,
 * independently of the drawing code, against boxes round every unit's anchor and every standoff.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP, provinceOf } from '../../../src/diplomacy/index.js';
import { LABEL_SIZE, STANDARD_GEOMETRY, anchorOf, drawPicture, inProvinceRegion, intersects, layoutLabels, renderMapSvg, renderPng, type Box, type MapLayout } from '../../../src/diplomacy/picture/index.js';
import { CASES, pictureOf } from './pictures.js';

const around = (p: readonly [number, number], r: number): Box => ({ x0: p[0] - r, y0: p[1] - r, x1: p[0] + r, y1: p[1] + r });
const NAMED = STANDARD_MAP.provinces.size - 1; // every province but Switzerland (impassable)

describe.each(['wide', 'phone'] as MapLayout[])('label layout (%s)', (layout) => {
  const opts = { size: LABEL_SIZE[layout], markerR: layout === 'phone' ? 7.5 : 6.5 };
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])('%s: every name placed, on the map, over nothing drawn, apart from the others', (name) => {
    const picture = pictureOf(name);
    const drawn = drawPicture(picture, STANDARD_GEOMETRY);
    const labels = layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, drawn.obstacles, opts);
    expect(labels).toHaveLength(NAMED);
    // Units (the army's circle of radius 11, the fleet's boat 30 px wide from 6 px above its anchor
    // to 9 below) and standoff stars, from the picture model alone.
    const unitBox = (kind: string, p: readonly [number, number]): Box => (kind === 'A' ? around(p, 11) : { x0: p[0] - 15, y0: p[1] - 6, x1: p[0] + 15, y1: p[1] + 9 });
    const marks: Box[] = [
      ...picture.units.map((u) => unitBox(u.kind, anchorOf(STANDARD_GEOMETRY, u.location))),
      ...picture.standoffs.map((p) => around(anchorOf(STANDARD_GEOMETRY, p), 12)),
      ...picture.dislodged.map((d) => around(anchorOf(STANDARD_GEOMETRY, d.location), 4)),
    ];
    for (const l of labels) {
      expect(l.box.x0).toBeGreaterThanOrEqual(0);
      expect(l.box.x1).toBeLessThanOrEqual(STANDARD_GEOMETRY.width);
      expect(l.box.y1).toBeLessThanOrEqual(STANDARD_GEOMETRY.height);
      const coveredBy = drawn.obstacles.filter((o) => intersects(l.box, o));
      expect(coveredBy, `${name} ${l.id}`).toEqual([]);
      expect(marks.filter((m) => intersects(l.box, m)), `${name} ${l.id} under a unit or star`).toEqual([]);
      for (const other of labels) if (other !== l) expect(intersects(l.box, other.box), `${l.id} / ${other.id}`).toBe(false);
      // A name outside its province points to it.
      const mid: [number, number] = [(l.box.x0 + l.box.x1) / 2, (l.box.y0 + l.box.y1) / 2];
      if (!inProvinceRegion(STANDARD_GEOMETRY, l.id, mid)) expect(l.leader, `${l.id} has left its province`).toBeDefined();
    }
  });
});

describe('label layout: the provinces issue 28 found hidden', () => {
  it('Fall 1901: NWG, IRI, MAO, BEL, CON, SEV, MUN, KIE, BER are clear of every unit, line and star', () => {
    const picture = pictureOf('dislodgement-fall-1901');
    const drawn = drawPicture(picture, STANDARD_GEOMETRY);
    const labels = new Map(layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, drawn.obstacles, { size: LABEL_SIZE.wide, markerR: 6.5 }).map((l) => [l.id, l]));
    for (const id of ['NWG', 'IRI', 'MAO', 'BEL', 'CON', 'SEV', 'MUN', 'KIE', 'BER']) {
      const l = labels.get(id)!;
      expect(drawn.obstacles.some((o) => intersects(l.box, o)), id).toBe(false);
    }
    // A unit stands in MUN and BER: their names are beside the unit, not under it.
    for (const u of picture.units.filter((x) => ['MUN', 'BER', 'KIE'].includes(provinceOf(x.location)))) {
      expect(intersects(labels.get(provinceOf(u.location))!.box, around(anchorOf(STANDARD_GEOMETRY, u.location), u.kind === 'A' ? 11 : 6))).toBe(false);
    }
  });

  it('is pure: the same boxes give the same layout', () => {
    const drawn = drawPicture(pictureOf('fall-1902'), STANDARD_GEOMETRY);
    const a = layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, drawn.obstacles, { size: 11, markerR: 6.5 });
    const b = layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, [...drawn.obstacles], { size: 11, markerR: 6.5 });
    expect(b).toEqual(a);
  });

  it('moves a name that a unit would cover, and keeps it in its province when there is room', () => {
    const g = STANDARD_GEOMETRY.provinces['BUR']!;
    const free = layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, [], { size: 11, markerR: 6.5 }).find((l) => l.id === 'BUR')!;
    const blocker = around(g.label, 15);
    const moved = layoutLabels(STANDARD_GEOMETRY, STANDARD_MAP, [blocker], { size: 11, markerR: 6.5 }).find((l) => l.id === 'BUR')!;
    expect(intersects(free.box, blocker)).toBe(true);
    expect(intersects(moved.box, blocker)).toBe(false);
    expect(moved.leader).toBeUndefined();
    expect(inProvinceRegion(STANDARD_GEOMETRY, 'BUR', [(moved.box.x0 + moved.box.x1) / 2, (moved.box.y0 + moved.box.y1) / 2])).toBe(true);
  });
});

describe('phone layout', () => {
  it('is two halves of the map, 520 px wide: at 400 px a name is drawn at least 10 px high', () => {
    const svg = renderMapSvg(pictureOf('fall-1902'), STANDARD_GEOMETRY, STANDARD_MAP, 'phone');
    const png = renderPng(svg);
    const width = png.readUInt32BE(16);
    expect(width).toBe(520);
    // 14 px names shown at 400 of 520 px: 14 × 400 / 520 = 10.8 px.
    expect((LABEL_SIZE.phone * 400) / width).toBeGreaterThanOrEqual(10);
    expect(svg.match(/<use xlink:href="#map"\/>/g)).toHaveLength(2);
  });
});

describe('order styles (issue 28): each kind and outcome looks different', () => {
  const picture = pictureOf('fall-1902');
  const svg = renderMapSvg(picture, STANDARD_GEOMETRY);
  const count = (re: RegExp) => svg.match(re)?.length ?? 0;
  const of = (kind: string, status?: string) => picture.orders.filter((o) => o.order.kind === kind && (!status || o.status === status)).length;

  it('the Fall 1902 fixture has every kind: A BER - LVN is illegal (no convoy route), A BEL H was dislodged', () => {
    expect(picture.orders.filter((o) => o.status === 'illegal').map((o) => `${o.order.kind} ${o.power}`)).toEqual(['move GERMANY']);
    expect(of('hold')).toBe(4); // F ENG H, A BEL H, A SWE H, F CON H
    expect(of('hold', 'failed')).toBe(1); // A BEL H: dislodged
    expect(of('convoy')).toBe(2);
    expect(of('supportMove') + of('supportHold')).toBe(8); // SER, NTH, PIC, HOL, TYR, BOT, RUM, ARM
  });

  it('an illegal order is grey with a barred circle; a failed one dashed with a cross', () => {
    // Barred circle: white disc, 2.2 px black ring of radius 7, one per illegal order, and the legend's sample.
    expect(count(/<circle [^>]*r="7" fill="#ffffff" stroke="#1a1a1a" stroke-width="2.2"\/>/g)).toBe(1 + 1);
    expect(count(/stroke="#8c8c8c"[^>]*stroke-dasharray="3 4"/g)).toBe(1 + 1);
    // Failed lines (the dash pattern on halo and ink) are not grey.
    expect(count(/stroke="#8c8c8c"[^>]*stroke-dasharray="7 5"/g)).toBe(0);
  });

  it('every hold is an octagon round its unit (dashed when the unit was dislodged)', () => {
    expect(count(/stroke-width="5.2"/g)).toBe(4 + 1); // and the legend's sample
    expect(count(/stroke-width="5.2" stroke-dasharray="7 5"/g)).toBe(1);
  });

  it('a support to move ends in a ring, a convoy in a diamond, a move in an arrow head', () => {
    // The ring: a white disc of radius 5.5 ringed in the power's colour, one per support to move (legend samples aside).
    expect(count(/r="5.5" fill="#ffffff" stroke="#1a1a1a"/g)).toBe(of('supportMove') + 1);
    expect(count(/Z" fill="#ffffff" stroke="#1a1a1a" stroke-width="4"\/>/g)).toBe(of('convoy') + 1);
  });
});
