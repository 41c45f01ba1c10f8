/**
 * Where the province names go so that nothing the picture draws covers them (issue 28): units,
 * order lines and their heads, standoff stars and rings are obstacles; each name (with its centre
 * marker) is put at its preferred spot when that is free, else at the nearest free spot inside its
 * province, else at the nearest free spot outside it with a leader line back to the province. Pure
 * and deterministic: the same obstacles give the same layout.
 */
import type { GameMap, ProvinceId } from '../index.js';
import { textWidth } from '../../rules/picture/index.js';
import { pointInRings, type MapGeometry, type Point } from './geometry.js';

/** An axis-aligned box: left, top, right, bottom. */
export interface Box { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }

export interface PlacedLabel {
  readonly id: ProvinceId;
  /** The centre of the name's baseline. */
  readonly at: Point;
  /** Cap height of the name. */
  readonly size: number;
  /** The box of the name and its centre marker, halo included: what must stay uncovered. */
  readonly box: Box;
  /** Where the centre marker goes (supply centres only), and its radius. */
  readonly marker?: Point;
  readonly markerR?: number;
  /** A line from the name to its province when the name had to leave it. */
  readonly leader?: readonly [Point, Point];
}

export interface LabelOptions {
  /** Cap height of the names. */
  readonly size: number;
  /** Radius of a centre marker. */
  readonly markerR: number;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** A box around a point. */
export function around(p: Point, rx: number, ry = rx): Box {
  return { x0: p[0] - rx, y0: p[1] - ry, x1: p[0] + rx, y1: p[1] + ry };
}

/** Boxes covering a polyline of stroke width `width`, one per short piece (so a curve is covered tightly). */
export function polylineBoxes(points: readonly Point[], width: number): Box[] {
  const out: Box[] = [];
  const h = width / 2;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    out.push({ x0: Math.min(ax, bx) - h, y0: Math.min(ay, by) - h, x1: Math.max(ax, bx) + h, y1: Math.max(ay, by) + h });
  }
  return out;
}

/** A uniform grid over the obstacles, so each candidate is tested against its neighbours only. */
class BoxIndex {
  private readonly cells = new Map<number, Box[]>();
  constructor(private readonly cell = 40) {}
  private keys(b: Box): number[] {
    const out: number[] = [];
    for (let gx = Math.floor(b.x0 / this.cell); gx <= Math.floor(b.x1 / this.cell); gx++) {
      for (let gy = Math.floor(b.y0 / this.cell); gy <= Math.floor(b.y1 / this.cell); gy++) out.push(gx * 100003 + gy);
    }
    return out;
  }
  add(b: Box): void {
    for (const k of this.keys(b)) {
      const list = this.cells.get(k);
      if (list) list.push(b);
      else this.cells.set(k, [b]);
    }
  }
  hits(b: Box): boolean {
    for (const k of this.keys(b)) for (const o of this.cells.get(k) ?? []) if (intersects(b, o)) return true;
    return false;
  }
}

/** Candidate offsets from the preferred spot, nearest first: rings of 12 directions. */
const OFFSETS: readonly Point[] = (() => {
  const out: Point[] = [[0, 0]];
  for (const r of [6, 11, 16, 22, 29, 37, 46, 56, 68, 82]) {
    for (let k = 0; k < 12; k++) {
      const a = (Math.PI * 2 * k) / 12 + Math.PI / 2; // below first, then round
      out.push([Math.round(r * Math.cos(a) * 1.3 * 10) / 10, Math.round(r * Math.sin(a) * 10) / 10]);
    }
  }
  return out;
})();

/**
 * Which of a province's candidate spots (its label point moved by each of {@link OFFSETS}) put the
 * name inside the province: the middle of the name's box and of its text both in the province's drawn
 * rings (already cut along the coast: the whole-land test would cost ten times more). It depends on
 * the geometry, the province, the type size and the marker only, never on what else is drawn, so
 * {@link namesOf} works it out once per geometry and size (issue 29: it was half of a map's label
 * layout, every picture).
 */
function insideSpots(geometry: MapGeometry, id: ProvinceId, size: number, boxAt: (id: ProvinceId, p: Point) => Box): readonly boolean[] {
  const g = geometry.provinces[id]!;
  return OFFSETS.map(([dx, dy]) => {
    const p: Point = [g.label[0] + dx, g.label[1] + dy];
    const box = boxAt(id, p);
    const mid: Point = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
    return pointInRings(mid, g.rings) && pointInRings([p[0], p[1] - size / 2], g.rings);
  });
}

/** One province's name, as the layout sees it before any obstacle: see {@link namesOf}. */
interface NameSpots {
  readonly id: ProvinceId;
  /** Its own spot's box (the name centred on the province's label point). */
  readonly home: Box;
  /** The candidate spots inside the picture, nearest first: the spot, its box, whether it lies inside the province. */
  readonly spots: readonly { readonly at: Point; readonly box: Box; readonly inside: boolean }[];
  /** The name's run (name, gap, marker) wide, and whether it has a centre marker. */
  readonly run: number;
  readonly sc: boolean;
}

/**
 * Every name's candidate spots, boxes and inside flags, per geometry, map and type size (issue 29:
 * they depend on nothing a picture draws, and were worked out again for every picture): the names
 * in code order (impassable provinces have none), the spots a box of which would leave the picture's
 * 2 px margin left out.
 */
const NAMES = new WeakMap<MapGeometry, WeakMap<GameMap, Map<string, readonly NameSpots[]>>>();

function namesOf(geometry: MapGeometry, map: GameMap, opts: LabelOptions): readonly NameSpots[] {
  let byMap = NAMES.get(geometry);
  if (!byMap) NAMES.set(geometry, (byMap = new WeakMap()));
  let bySize = byMap.get(map);
  if (!bySize) byMap.set(map, (bySize = new Map()));
  const key = `${opts.size} ${opts.markerR}`;
  const known = bySize.get(key);
  if (known) return known;
  const W = geometry.width;
  const H = geometry.height;
  const { size, markerR } = opts;
  const halo = 2.5;
  /** The box of a name (and its centre marker) whose baseline centre is at `p`. */
  const boxAt = (id: ProvinceId, p: Point): Box => {
    const sc = map.provinces.get(id)?.supplyCenter === true;
    const w = textWidth(id, size) + (sc ? 3 + 2 * markerR : 0);
    const top = Math.min(p[1] - size, sc ? p[1] - size / 2 - markerR : Infinity);
    const bottom = Math.max(p[1], sc ? p[1] - size / 2 + markerR : -Infinity);
    return { x0: p[0] - w / 2 - halo, y0: top - halo, x1: p[0] + w / 2 + halo, y1: bottom + halo };
  };
  const ids = [...map.provinces.keys()].filter((id) => geometry.provinces[id] && geometry.provinces[id]!.kind !== 'impassable').sort();
  const names = ids.map((id): NameSpots => {
    const g = geometry.provinces[id]!;
    const inside = insideSpots(geometry, id, size, boxAt);
    const spots: { at: Point; box: Box; inside: boolean }[] = [];
    for (let k = 0; k < OFFSETS.length; k++) {
      const [dx, dy] = OFFSETS[k]!;
      const p: Point = [g.label[0] + dx, g.label[1] + dy];
      const box = boxAt(id, p);
      if (box.x0 < 2 || box.y0 < 2 || box.x1 > W - 2 || box.y1 > H - 2) continue;
      spots.push({ at: p, box, inside: inside[k]! });
    }
    return { id, home: boxAt(id, g.label), spots, run: textWidth(id, size) + 3 + 2 * markerR, sc: map.provinces.get(id)?.supplyCenter === true };
  });
  bySize.set(key, names);
  return names;
}

/**
 * Lay out the names of the map's provinces (impassable ones have none) against `obstacles`.
 * Provinces with the least room (small ones, crowded ones) are placed first; ties go by code.
 */
export function layoutLabels(geometry: MapGeometry, map: GameMap, obstacles: readonly Box[], opts: LabelOptions): PlacedLabel[] {
  const index = new BoxIndex();
  for (const o of obstacles) index.add(o);
  const { size, markerR } = opts;
  const names = namesOf(geometry, map, opts);
  // Names whose preferred spot is covered go last, so the free ones keep their spots.
  const blocked = (n: NameSpots) => index.hits(n.home);
  const order = [...names.filter((n) => !blocked(n)), ...names.filter(blocked)];
  const out: PlacedLabel[] = [];
  for (const name of order) {
    const { id } = name;
    const g = geometry.provinces[id]!;
    let chosen: { at: Point; box: Box; inside: boolean } | undefined;
    let outside: { at: Point; box: Box } | undefined;
    for (const spot of name.spots) {
      if (index.hits(spot.box)) continue;
      if (spot.inside) { chosen = { at: spot.at, box: spot.box, inside: true }; break; }
      outside ??= { at: spot.at, box: spot.box };
    }
    const pick = chosen ?? (outside ? { ...outside, inside: false } : { at: g.label, box: name.home, inside: true });
    index.add(pick.box);
    const sc = name.sc;
    // Name, a gap of 3, the marker: the whole run centred on the chosen spot.
    const run = name.run;
    const marker: Point | undefined = sc ? [pick.at[0] + run / 2 - markerR, pick.at[1] - size / 2] : undefined;
    const label: PlacedLabel = {
      id,
      at: sc ? [pick.at[0] - (3 + 2 * markerR) / 2, pick.at[1]] : pick.at,
      size,
      box: pick.box,
      ...(marker ? { marker, markerR } : {}),
      ...(pick.inside ? {} : { leader: leaderOf(pick.box, g.label) }),
    };
    out.push(label);
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** A leader from the nearest point of the box's edge to the province's own name spot. */
function leaderOf(box: Box, to: Point): readonly [Point, Point] {
  const from: Point = [Math.min(Math.max(to[0], box.x0), box.x1), Math.min(Math.max(to[1], box.y0), box.y1)];
  return [from, to];
}
