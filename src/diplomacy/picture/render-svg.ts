/**
 * The map picture as SVG, drawn by the project from a {@link MapPicture} and a {@link MapGeometry}.
 * Pure and deterministic: the same picture gives the same text byte for byte (numbers rounded to a
 * tenth of a pixel, no clock, no ids from counters outside the call, text as stroked paths).
 *
 * What tells things apart without colour: units carry their power's initial (A E F G I R T, all
 * different) and their type by shape (army: circle, fleet: boat); centres carry their owner's
 * initial; failed orders are dashed with a cross; standoffs are a star; removed units are crossed out;
 * dislodged units have a broken ring.
 */
import { POWERS, coastOf, provinceOf, STANDARD_MAP, type Location, type Power, type UnitKind, type GameMap, type Order } from '../index.js';
import type { Unit } from '../state.js';
import { anchorOf, type MapGeometry, type Point, type Ring } from './geometry.js';
import { around, layoutLabels, polylineBoxes, type Box, type PlacedLabel } from './label-layout.js';
import type { MapPicture, PictureOrder } from './map-picture.js';
import { ink, textPath, textWidth, tint } from '../../rules/picture/index.js';

/** Okabe–Ito colours (told apart with the common colour blindnesses), one per power. */
export const POWER_COLOURS: Readonly<Record<Power, string>> = {
  AUSTRIA: '#d55e00',
  ENGLAND: '#0072b2',
  FRANCE: '#56b4e9',
  GERMANY: '#555555',
  ITALY: '#009e73',
  RUSSIA: '#cc79a7',
  TURKEY: '#f0e442',
};

/** The tint a province takes when its centre is owned: the colour mixed with white (shared helper). */
export { tint };

/** The wide layout's legend band: title, powers, line styles. */
export const LEGEND_HEIGHT = 151;
const SEA = '#bcd6ea';
const SEA_BORDER = '#7fa6c4';
const LAND = '#f3ecd6';
const LAND_BORDER = '#7d715b';
const FILLER_LAND = '#d9d5cb';
const FILLER_SEA = '#d3dde4';
const IMPASSABLE = '#c5bfae';
const COAST = '#46657d';
const DARK = '#1a1a1a';
const UNIT_R = 11;

const n = (v: number) => (Math.round(v * 10) / 10).toString();
const pt = (p: Point) => `${n(p[0])} ${n(p[1])}`;

function ringsPath(rings: readonly Ring[]): string {
  return rings.map((r) => `M${r.map(pt).join('L')}Z`).join('');
}

function initial(p: Power): string {
  return p[0]!;
}

/** Text as a stroked path with a white halo. */
function label(text: string, x: number, y: number, size: number, colour = DARK, align: 'middle' | 'start' = 'middle', halo = true): string {
  const d = textPath(text, x, y, size, align);
  const w = Math.max(1.3, size / 7.5);
  return `${halo ? `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${n(w + 3)}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.9"/>` : ''}<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A unit mark: a circle (army) or a boat (fleet) in the power's colour, with the power's initial. */
export function unitMark(kind: UnitKind, power: Power, at: Point, opts: { ghost?: boolean; scale?: number } = {}): string {
  const colour = POWER_COLOURS[power];
  const s = opts.scale ?? 1;
  const [x, y] = at;
  const shape =
    kind === 'A'
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(UNIT_R * s)}"`
      : `<path d="M${n(x - 15 * s)} ${n(y - 6 * s)}L${n(x + 15 * s)} ${n(y - 6 * s)}L${n(x + 9 * s)} ${n(y + 9 * s)}L${n(x - 9 * s)} ${n(y + 9 * s)}Z"`;
  const letter = textPath(initial(power), x, y + (kind === 'A' ? 5 : 4.5) * s, 10 * s);
  return `<g${opts.ghost ? ' opacity="0.45"' : ''}>${shape} fill="${colour}" stroke="${DARK}" stroke-width="1.6"/><path d="${letter}" fill="none" stroke="${ink(colour)}" stroke-width="${n(2 * s)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

function cross(at: Point, size: number): string {
  const [x, y] = at;
  const d = `M${n(x - size)} ${n(y - size)}L${n(x + size)} ${n(y + size)}M${n(x + size)} ${n(y - size)}L${n(x - size)} ${n(y + size)}`;
  return `<path d="${d}" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/><path d="${d}" stroke="${DARK}" stroke-width="3" stroke-linecap="round"/>`;
}

function star(at: Point, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (Math.PI * i) / 8 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(pt([at[0] + rr * Math.cos(a), at[1] + rr * Math.sin(a)]));
  }
  return `<path d="M${pts.join('L')}Z" fill="#fff36b" stroke="${DARK}" stroke-width="1.6" stroke-linejoin="round"/>`;
}

/** A curve from `a` to `b` bent slightly to its left, so opposite moves do not overlap. */
interface Curve { a: Point; c: Point; b: Point }

function curve(a: Point, b: Point, startGap: number, endGap: number): Curve {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const a2: Point = [a[0] + ux * startGap, a[1] + uy * startGap];
  const b2: Point = [b[0] - ux * endGap, b[1] - uy * endGap];
  const bend = Math.min(0.14 * len, 26);
  const c: Point = [(a2[0] + b2[0]) / 2 + uy * bend, (a2[1] + b2[1]) / 2 - ux * bend];
  return { a: a2, c, b: b2 };
}

function at(cv: Curve, t: number): Point {
  const u = 1 - t;
  return [u * u * cv.a[0] + 2 * u * t * cv.c[0] + t * t * cv.b[0], u * u * cv.a[1] + 2 * u * t * cv.c[1] + t * t * cv.b[1]];
}

function curvePath(cv: Curve): string {
  return `M${pt(cv.a)}Q${pt(cv.c)} ${pt(cv.b)}`;
}

function arrowHead(cv: Curve, size: number): string {
  const dx = cv.b[0] - cv.c[0];
  const dy = cv.b[1] - cv.c[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const tip: Point = [cv.b[0] + ux * size * 0.6, cv.b[1] + uy * size * 0.6];
  const base: Point = [cv.b[0] - ux * size * 0.6, cv.b[1] - uy * size * 0.6];
  const l: Point = [base[0] - uy * size * 0.6, base[1] + ux * size * 0.6];
  const r: Point = [base[0] + uy * size * 0.6, base[1] - ux * size * 0.6];
  return `M${pt(tip)}L${pt(l)}L${pt(r)}Z`;
}

interface LineStyle {
  colour: string;
  width: number;
  status: 'pending' | 'succeeded' | 'failed' | 'illegal';
  head: 'arrow' | 'ring' | 'diamond' | 'none';
  /** The line's own pattern (a failed or illegal order overrides it). */
  dash?: string;
  /** Round caps (dotted lines). */
  round?: boolean;
}

const ILLEGAL = '#8c8c8c';

/** Points along a curve, for the label layout's obstacles. */
function curvePoints(cv: Curve, steps = 10): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => at(cv, i / steps));
}

/**
 * One order line. Its look says what it is and what became of it:
 * move: thick solid line, filled arrow head; support: thin line ending in a ring; convoy: dotted line
 * ending in a diamond; retreat: dash-dot with a large head; failed: dashed with a black cross;
 * illegal: grey, short dashes and a barred circle (the order could not be carried out as written).
 */
function drawCurve(cv: Curve, s: LineStyle, boxes: Box[]): string {
  const illegal = s.status === 'illegal';
  const colour = illegal ? ILLEGAL : s.colour;
  const pattern = illegal ? '3 4' : s.status === 'failed' ? '7 5' : s.dash;
  const dash = pattern ? ` stroke-dasharray="${pattern}"` : '';
  const cap = s.round && !illegal && s.status !== 'failed' ? 'round' : 'butt';
  let out = `<path d="${curvePath(cv)}" fill="none" stroke="${DARK}" stroke-width="${n(s.width + 2.4)}"${dash} stroke-linecap="${cap}"/>`;
  out += `<path d="${curvePath(cv)}" fill="none" stroke="${colour}" stroke-width="${n(s.width)}"${dash} stroke-linecap="${cap}"/>`;
  boxes.push(...polylineBoxes(curvePoints(cv), s.width + 4));
  if (s.head === 'arrow') {
    const size = 6 + s.width * 1.8;
    out += `<path d="${arrowHead(cv, size)}" fill="${colour}" stroke="${DARK}" stroke-width="1.4" stroke-linejoin="round"/>`;
    boxes.push(around(cv.b, size * 0.8));
  } else if (s.head === 'ring') {
    out += `<circle cx="${n(cv.b[0])}" cy="${n(cv.b[1])}" r="5.5" fill="#ffffff" stroke="${DARK}" stroke-width="4.2"/><circle cx="${n(cv.b[0])}" cy="${n(cv.b[1])}" r="5.5" fill="#ffffff" stroke="${colour}" stroke-width="2.2"/>`;
    boxes.push(around(cv.b, 8));
  } else if (s.head === 'diamond') {
    const [x, y] = cv.b;
    out += `<path d="M${n(x)} ${n(y - 7)}L${n(x + 7)} ${n(y)}L${n(x)} ${n(y + 7)}L${n(x - 7)} ${n(y)}Z" fill="#ffffff" stroke="${DARK}" stroke-width="4"/><path d="M${n(x)} ${n(y - 7)}L${n(x + 7)} ${n(y)}L${n(x)} ${n(y + 7)}L${n(x - 7)} ${n(y)}Z" fill="#ffffff" stroke="${colour}" stroke-width="2"/>`;
    boxes.push(around(cv.b, 9));
  }
  const mid = at(cv, 0.55);
  if (s.status === 'failed') { out += cross(mid, 5.5); boxes.push(around(mid, 9)); }
  if (illegal) { out += barred(mid, 7); boxes.push(around(mid, 10)); }
  return out;
}

/** The "not allowed" sign: a circle with a bar, black on white. */
function barred(p: Point, r: number): string {
  const [x, y] = p;
  const d = r * 0.7;
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffffff" stroke="${DARK}" stroke-width="2.2"/><path d="M${n(x - d)} ${n(y + d)}L${n(x + d)} ${n(y - d)}" stroke="${DARK}" stroke-width="2.2"/>`;
}

/** A hold: an octagon round the unit in the power's colour (dashed when the unit was dislodged; grey when illegal). */
function holdMark(p: Point, colour: string, status: LineStyle['status']): string {
  const r = UNIT_R + 7;
  const pts: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * (2 * i + 1)) / 8;
    pts.push(pt([p[0] + r * Math.cos(a), p[1] + r * Math.sin(a)]));
  }
  const d = `M${pts.join('L')}Z`;
  const c = status === 'illegal' ? ILLEGAL : colour;
  const dash = status === 'failed' ? ' stroke-dasharray="7 5"' : status === 'illegal' ? ' stroke-dasharray="3 4"' : '';
  return `<path d="${d}" fill="none" stroke="${DARK}" stroke-width="5.2"${dash}/><path d="${d}" fill="none" stroke="${c}" stroke-width="2.8"${dash}/>`;
}

/** Where a move order's curve is drawn (so supports and convoys can point at its middle). */
function moveCurve(geometry: MapGeometry, from: Location, to: Location): Curve {
  return curve(anchorOf(geometry, from), anchorOf(geometry, to), UNIT_R + 1, UNIT_R + 6);
}

/** The location the ordered unit really stands on (its coast), when the order names only the province. */
function standing(units: readonly Unit[], loc: Location): Location {
  if (coastOf(loc)) return loc;
  return units.find((u) => provinceOf(u.location) === loc)?.location ?? loc;
}

function drawOrders(picture: MapPicture, geometry: MapGeometry, before: readonly Unit[], boxes: Box[]): { lines: string; rings: string } {
  const key = (o: Order) => (o.kind === 'move' ? `${provinceOf(o.unit.location)}>${provinceOf(o.to)}` : '');
  const moveCurves = new Map<string, Curve>();
  for (const o of picture.orders) {
    if (o.order.kind !== 'move') continue;
    const cv = moveCurve(geometry, standing(before, o.order.unit.location), o.order.to);
    moveCurves.set(key(o.order), cv);
  }
  let support = '';
  let main = '';
  let rings = '';
  const colourOf = (o: PictureOrder) => POWER_COLOURS[o.power];
  for (const o of picture.orders) {
    const ord = o.order;
    const status = o.status;
    switch (ord.kind) {
      case 'move': {
        const cv = moveCurves.get(key(ord))!;
        main += drawCurve(cv, { colour: colourOf(o), width: 3.6, status, head: 'arrow' }, boxes);
        break;
      }
      case 'supportMove':
      case 'convoy': {
        const from = anchorOf(geometry, standing(before, ord.unit.location));
        const target = moveCurves.get(`${provinceOf(ord.target.location)}>${provinceOf(ord.to)}`);
        const aim = target ? at(target, 0.5) : midpoint(anchorOf(geometry, ord.target.location), anchorOf(geometry, ord.to));
        const cv = curve(from, aim, UNIT_R + 1, ord.kind === 'convoy' ? 7 : 5.5);
        support += ord.kind === 'convoy'
          ? drawCurve(cv, { colour: colourOf(o), width: 2.4, status, head: 'diamond', dash: '0.1 5', round: true }, boxes)
          : drawCurve(cv, { colour: colourOf(o), width: 2, status, head: 'ring' }, boxes);
        break;
      }
      case 'supportHold': {
        const from = anchorOf(geometry, standing(before, ord.unit.location));
        const to = anchorOf(geometry, standing(before, ord.target.location));
        const cv = curve(from, to, UNIT_R + 1, UNIT_R + 6);
        support += drawCurve(cv, { colour: colourOf(o), width: 2, status, head: 'none' }, boxes);
        const c = status === 'illegal' ? ILLEGAL : colourOf(o);
        const dash = status === 'failed' ? ' stroke-dasharray="7 5"' : status === 'illegal' ? ' stroke-dasharray="3 4"' : '';
        rings += `<circle cx="${n(to[0])}" cy="${n(to[1])}" r="${UNIT_R + 6}" fill="none" stroke="${DARK}" stroke-width="4.4"${dash}/><circle cx="${n(to[0])}" cy="${n(to[1])}" r="${UNIT_R + 6}" fill="none" stroke="${c}" stroke-width="2"${dash}/>`;
        boxes.push(around(to, UNIT_R + 9));
        break;
      }
      case 'hold': {
        const p = anchorOf(geometry, standing(before, ord.unit.location));
        rings += holdMark(p, colourOf(o), status);
        boxes.push(around(p, UNIT_R + 10));
        break;
      }
      case 'retreat': {
        const from = dislodgedSpot(anchorOf(geometry, ord.unit.location));
        const cv = curve(from, anchorOf(geometry, ord.to), UNIT_R + 2, UNIT_R + 7);
        main += drawCurve(cv, { colour: colourOf(o), width: 4, status, head: 'arrow', dash: '10 3 2 3' }, boxes);
        break;
      }
      case 'build': {
        const p = anchorOf(geometry, ord.location);
        const r = UNIT_R + 7;
        rings += `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${r}" fill="#ffffff" fill-opacity="0.75" stroke="${DARK}" stroke-width="2.2"${status === 'failed' || status === 'illegal' ? ' stroke-dasharray="5 4"' : ''}/>`;
        if (status === 'failed') rings += cross(p, 8);
        if (status === 'illegal') rings += barred(p, 8);
        boxes.push(around(p, r + 2));
        break;
      }
      default:
        break; // disbands (drawn as removed units) and waives
    }
  }
  return { lines: support + main, rings };
}

function midpoint(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** Where a dislodged (or removed) unit is drawn: beside its province's anchor. */
function dislodgedSpot(p: Point): Point {
  return [p[0] + 15, p[1] - 15];
}

/** The units as they stood before the orders were carried out (for the start of order lines). */
function unitsBefore(picture: MapPicture): Unit[] {
  return [...picture.dislodged, ...picture.removed, ...picture.units];
}

function centreMarker(at: Point, owner: Power | undefined, r = 6.5): string {
  const [x, y] = at;
  const fill = owner ? POWER_COLOURS[owner] : '#ffffff';
  let out = `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" stroke="${DARK}" stroke-width="1.5"/>`;
  if (owner) out += `<path d="${textPath(initial(owner), x, y + r * 0.54, r * 1.08)}" fill="none" stroke="${ink(fill)}" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>`;
  else out += `<circle cx="${n(x)}" cy="${n(y)}" r="2" fill="${DARK}"/>`;
  return out;
}

/** The parts of the picture that depend on the geometry and the map only, made once per pair. */
interface StaticLayers {
  /** Sea regions and their borders. */
  readonly water: string;
  /** Land regions' path data (their fill depends on the position). */
  readonly lands: readonly { readonly id: string; readonly d: string; readonly centre: boolean; readonly impassable: boolean }[];
  readonly fillerLands: string;
  /** Land borders and the coastline. */
  readonly lines: string;
}

const STATIC = new WeakMap<MapGeometry, WeakMap<GameMap, StaticLayers>>();

/**
 * The static layers, cached per geometry and map (both are immutable data): the borders and the
 * coastline are hairlines (1 px), which resvg draws much faster than wider strokes. Issue 15: under
 * 100 ms per map. The names are not static: they are laid out round each picture's units and orders.
 */
function staticLayers(geometry: MapGeometry, map: GameMap): StaticLayers {
  const hit = STATIC.get(geometry)?.get(map);
  if (hit) return hit;
  const seaFills: string[] = [];
  const seaBorders: string[] = [];
  const lands: { id: string; d: string; centre: boolean; impassable: boolean }[] = [];
  const fillerLands: string[] = [];
  for (const [id, g] of Object.entries(geometry.provinces)) {
    if (g.kind === 'sea') {
      seaFills.push(`<path d="${ringsPath(g.rings)}" fill="${SEA}" data-province="${id}"/>`);
      seaBorders.push(ringsPath(g.cell));
    } else lands.push({ id, d: ringsPath(g.rings), centre: map.provinces.get(id)?.supplyCenter === true, impassable: g.kind === 'impassable' });
  }
  for (const f of geometry.fillers) {
    if (f.kind === 'sea') {
      seaFills.push(`<path d="${ringsPath(f.rings)}" fill="${FILLER_SEA}"/>`);
      seaBorders.push(ringsPath(f.cell));
    } else fillerLands.push(`<path d="${ringsPath(f.rings)}" fill="${FILLER_LAND}"/>`);
  }
  const water = `<g fill-rule="evenodd">${seaFills.join('')}</g>\n<path d="${seaBorders.join('')}" fill="none" stroke="${SEA_BORDER}" stroke-width="1" stroke-linejoin="round"/>`;
  const lines = [
    `<path d="${geometry.landBorders}" fill="none" stroke="${LAND_BORDER}" stroke-width="1" stroke-linecap="round"/>`,
    `<path d="${ringsPath(geometry.land)}" fill="none" stroke="${COAST}" stroke-width="1" stroke-linejoin="round"/>`,
  ].join('\n');
  const layers: StaticLayers = { water, lands, fillerLands: fillerLands.join(''), lines };
  const byMap = STATIC.get(geometry) ?? new WeakMap<GameMap, StaticLayers>();
  byMap.set(map, layers);
  STATIC.set(geometry, byMap);
  return layers;
}

/** The two layouts: `wide` (the whole map, 1000 px) and `phone` (the map in a west and an east half, stacked, with larger names and legend, readable at 400 px without zoom). */
export type MapLayout = 'wide' | 'phone';

/** Cap height of the province names in each layout (the phone picture is shown at about 0.77 of its size at 400 px: 14 px names read as about 11 px). */
export const LABEL_SIZE: Readonly<Record<MapLayout, number>> = { wide: 11, phone: 14 };
const MARKER_R: Readonly<Record<MapLayout, number>> = { wide: 6.5, phone: 7.5 };

/** What the picture draws over the map (order lines, units, stars), and the boxes the names must avoid. */
export interface DrawnPicture {
  readonly rings: string;
  readonly lines: string;
  readonly stars: string;
  readonly units: string;
  readonly obstacles: readonly Box[];
}

/** The picture's marks and the boxes they cover (pure; the label layout's input). */
export function drawPicture(picture: MapPicture, geometry: MapGeometry): DrawnPicture {
  const boxes: Box[] = [];
  const before = unitsBefore(picture);
  const { lines, rings } = drawOrders(picture, geometry, before, boxes);
  const stars = picture.standoffs.map((p) => {
    const a = anchorOf(geometry, p);
    boxes.push(around(a, 14));
    return star(a, 13);
  }).join('');
  const units: string[] = [];
  const unitBox = (kind: UnitKind, p: Point) => (kind === 'A' ? around(p, UNIT_R + 2) : { x0: p[0] - 17, y0: p[1] - 8, x1: p[0] + 17, y1: p[1] + 11 });
  for (const u of picture.units) {
    const p = anchorOf(geometry, u.location);
    units.push(unitMark(u.kind, u.power, p));
    boxes.push(unitBox(u.kind, p));
  }
  for (const u of picture.removed) {
    const spot = picture.units.some((v) => provinceOf(v.location) === provinceOf(u.location)) ? dislodgedSpot(anchorOf(geometry, u.location)) : anchorOf(geometry, u.location);
    units.push(unitMark(u.kind, u.power, spot, { ghost: true }) + cross(spot, 9));
    boxes.push(unitBox(u.kind, spot), around(spot, 12));
  }
  for (const d of picture.dislodged) {
    const spot = dislodgedSpot(anchorOf(geometry, d.location));
    for (const r of d.retreats) {
      const cv = curve(spot, anchorOf(geometry, r), UNIT_R + 4, UNIT_R + 6);
      units.push(`<path d="${curvePath(cv)}" fill="none" stroke="${DARK}" stroke-width="1.8" stroke-dasharray="2 3"/><path d="${arrowHead(cv, 9)}" fill="#ffffff" stroke="${DARK}" stroke-width="1.4"/>`);
      boxes.push(...polylineBoxes(curvePoints(cv), 4), around(cv.b, 7));
    }
    units.push(`<circle cx="${n(spot[0])}" cy="${n(spot[1])}" r="${UNIT_R + 4}" fill="#ffffff" stroke="${DARK}" stroke-width="2" stroke-dasharray="4 3"/>`);
    units.push(unitMark(d.kind, d.power, spot));
    boxes.push(around(spot, UNIT_R + 6));
  }
  return { rings, lines, stars, units: units.join(''), obstacles: boxes };
}

/** The names where the layout put them: halo, ink, leader lines and the centre markers. */
function drawLabels(labels: readonly PlacedLabel[], geometry: MapGeometry, picture: MapPicture): string {
  const halos: string[] = [];
  const seaInk: string[] = [];
  const landInk: string[] = [];
  const leaders: string[] = [];
  const markers: string[] = [];
  for (const l of labels) {
    const d = textPath(l.id, l.at[0], l.at[1], l.size);
    halos.push(d);
    (geometry.provinces[l.id]?.kind === 'sea' ? seaInk : landInk).push(d);
    if (l.leader) leaders.push(`M${pt(l.leader[0])}L${pt(l.leader[1])}`);
    if (l.marker) markers.push(centreMarker(l.marker, picture.centers.get(l.id), l.markerR));
  }
  const w = Math.max(1.3, (labels[0]?.size ?? 10) / 7.5);
  const stroke = (d: string[], colour: string, width: number, extra = '') => `<path d="${d.join('')}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
  return [
    leaders.length > 0 ? `${stroke(leaders, '#ffffff', 3.4)}${stroke(leaders, DARK, 1.2)}` : '',
    stroke(halos, '#ffffff', w + 3.2, ' stroke-opacity="0.92"'),
    stroke(seaInk, '#1d4466', w),
    stroke(landInk, DARK, w),
    `<g>${markers.join('')}</g>`,
  ].join('');
}

/**
 * The fill of each land province whose colour depends on the position: the supply centres (their
 * owner's tint, or the plain land colour when nobody owns them). Every other region is static.
 */
export function centreFills(picture: MapPicture, geometry: MapGeometry, map: GameMap): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of staticLayers(geometry, map).lands) {
    if (!l.centre || l.impassable) continue;
    const owner = picture.centers.get(l.id);
    out.set(l.id, owner ? tint(POWER_COLOURS[owner]) : LAND);
  }
  return out;
}

/**
 * The map's static base as SVG content (water with its borders, the land regions, land borders and
 * coast), each supply centre filled with `fillOf(id)` (issue 29: the layered renderer, map-raster.ts,
 * draws this once per geometry and works the centres' fills in per picture).
 */
export function baseLayers(geometry: MapGeometry, map: GameMap, fillOf: (id: string) => string | undefined): string {
  const base = staticLayers(geometry, map);
  const lands = base.lands.map((l) => `<path d="${l.d}" fill="${l.impassable ? IMPASSABLE : (l.centre ? fillOf(l.id) : undefined) ?? LAND}" data-province="${l.id}"/>`);
  return [base.water, `<g fill-rule="evenodd">${lands.join('')}${base.fillerLands}</g>`, base.lines].join('\n');
}

/**
 * What the picture draws over the static base: the order rings, stars, lines and units, then the
 * names (laid out round them) with their centre markers. SVG content in map coordinates.
 */
export function overlayLayers(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): string {
  const { drawn, labels } = laidOut(picture, geometry, map, layout);
  return [...marks(drawn), `<g>${drawLabels(labels, geometry, picture)}</g>`].join('\n');
}

/** A name drawn at its own spot: its SVG content (halo, ink, centre marker) and the box it covers. */
export interface HomeLabel {
  readonly svg: string;
  readonly box: Box;
}

/**
 * The names drawn at their own spots, kept per geometry by everything their drawing reads (the
 * name, its spot, type size and marker, the marker's owner): issue 29, the same few hundred
 * drawings in every picture, their text paths worked out once. Emptied past {@link MAX_HOME_LABELS}.
 */
const HOME_LABELS = new WeakMap<MapGeometry, Map<string, HomeLabel>>();
const MAX_HOME_LABELS = 2048;

function homeLabel(l: PlacedLabel, geometry: MapGeometry, picture: MapPicture): HomeLabel {
  let kept = HOME_LABELS.get(geometry);
  if (!kept) HOME_LABELS.set(geometry, (kept = new Map()));
  const key = `${l.id} ${l.at[0]} ${l.at[1]} ${l.size} ${l.marker?.[0]} ${l.marker?.[1]} ${l.markerR} ${picture.centers.get(l.id)} ${l.box.x0} ${l.box.y0} ${l.box.x1} ${l.box.y1}`;
  const known = kept.get(key);
  if (known) return known;
  if (kept.size >= MAX_HOME_LABELS) kept.clear();
  const made: HomeLabel = { svg: drawLabels([l], geometry, picture), box: l.box };
  kept.set(key, made);
  return made;
}

/**
 * {@link overlayLayers} in two parts (issue 29, the layered renderer): `overlay`, the marks and the
 * names that had to move (with their leader lines), and `home`, each name that stands at its own
 * spot, drawn alone; `bounds`, a box round everything the overlay draws (undefined: nothing). A name at its spot is the same drawing in every picture but for its centre
 * marker's owner, so its pixels can be kept; names never overlap one another or the marks (the label
 * layout keeps their boxes apart), so drawing the home names last, each on its own, changes nothing
 * but the rounding of their edges.
 */
export function overlayParts(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): { readonly overlay: string; readonly bounds: Box | undefined; readonly home: readonly HomeLabel[] } {
  const { drawn, labels } = laidOut(picture, geometry, map, layout);
  const moved: PlacedLabel[] = [];
  const home: HomeLabel[] = [];
  // What the overlay covers: the boxes of everything it draws (the label layout's obstacles, the
  // moved names, their leader lines' ends).
  const covered: Box[] = [...drawn.obstacles];
  for (const l of labels) {
    const spot = geometry.provinces[l.id]!.label;
    const x = l.marker ? l.at[0] + (3 + 2 * l.markerR!) / 2 : l.at[0];
    if (!l.leader && Math.abs(x - spot[0]) < 1e-6 && l.at[1] === spot[1]) home.push(homeLabel(l, geometry, picture));
    else {
      moved.push(l);
      covered.push(l.box, ...(l.leader ? l.leader.map((p) => around(p, 3)) : []));
    }
  }
  const bounds = covered.length === 0 ? undefined : covered.reduce((a, b) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }));
  return { overlay: [...marks(drawn), `<g>${moved.length > 0 ? drawLabels(moved, geometry, picture) : ''}</g>`].join('\n'), bounds, home };
}

function laidOut(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): { drawn: DrawnPicture; labels: PlacedLabel[] } {
  const drawn = drawPicture(picture, geometry);
  return { drawn, labels: layoutLabels(geometry, map, drawn.obstacles, { size: LABEL_SIZE[layout], markerR: MARKER_R[layout] }) };
}

function marks(drawn: DrawnPicture): string[] {
  return [`<g>${drawn.rings}</g>`, `<g>${drawn.stars}</g>`, `<g>${drawn.lines}</g>`, `<g>${drawn.units}</g>`];
}

/** The map without its legend, `geometry.width` by `geometry.height`. */
function mapBody(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): string {
  const fills = centreFills(picture, geometry, map);
  // Water with its borders, the land (shaded by centre owner), borders and coast; then the order
  // rings, stars, lines and units; the names last, where nothing covers them.
  return [baseLayers(geometry, map, (id) => fills.get(id)), overlayLayers(picture, geometry, map, layout)].join('\n');
}

/** The phone layout's two halves: west and east, overlapping by 40 px so every name is whole in one of them. */
export const PHONE_TILE = 520;
/** The dark band between the phone layout's two halves. */
const PHONE_GAP = 8;

/**
 * The phone layout in its parts (issue 29): the map drawn ONCE, whole, with the phone's larger names
 * (`map`: an SVG document `mapWidth` × `mapHeight` on the sea), and the legend band (`legend`: an SVG
 * document `width` × `legendHeight`). The picture is the map's west half (x 0 to {@link PHONE_TILE})
 * at the top, a dark band of `gap` px, the east half (x `eastX` to the map's right edge) below it,
 * and the legend at `legendTop`: {@link renderMapSvg} puts the parts together as SVG, and
 * `renderPhonePng` as pixels from one raster of the map. Pure.
 */
export interface PhoneParts {
  readonly map: string;
  readonly legend: string;
  /** The picture's width ({@link PHONE_TILE}) and height. */
  readonly width: number;
  readonly height: number;
  readonly mapWidth: number;
  readonly mapHeight: number;
  /** The map's x where the east half starts. */
  readonly eastX: number;
  /** The dark band's height and colour. */
  readonly gap: number;
  readonly gapColour: string;
  readonly legendTop: number;
  readonly legendHeight: number;
  /**
   * The legend in two SVG documents of its size (issue 29, the layered renderer): the opaque part
   * that is the same in every picture (the ground, frame, powers' marks and names, line styles),
   * and on a transparent ground what changes (title, subtitle, counts).
   */
  readonly legendFixed: string;
  readonly legendChanging: string;
}

/** The phone layout of `picture` in its parts (see {@link PhoneParts}). */
export function phoneParts(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): PhoneParts {
  const mapSvg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${geometry.width}" height="${geometry.height}" viewBox="0 0 ${geometry.width} ${geometry.height}">`,
    `<rect width="${geometry.width}" height="${geometry.height}" fill="${SEA}"/>`,
    mapBody(picture, geometry, map, 'phone'),
    '</svg>\n',
  ].join('\n');
  return { ...phoneFrame(picture, geometry), map: mapSvg };
}

/** {@link phoneParts} but the map's SVG: the legend and the sizes (what the layered renderer needs). */
export function phoneFrame(picture: MapPicture, geometry: MapGeometry): Omit<PhoneParts, 'map'> {
  if (!Number.isInteger(geometry.width) || !Number.isInteger(geometry.height) || geometry.width < PHONE_TILE) {
    throw new RangeError(`the phone layout cuts the map in whole pixels: a map ${geometry.width}x${geometry.height} is not one`);
  }
  const W = PHONE_TILE;
  const leg = legend(picture, W, 0, 'phone');
  const legendTop = 2 * geometry.height + PHONE_GAP;
  const legendSvg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${leg.height}" viewBox="0 0 ${W} ${leg.height}">`,
    `<rect width="${W}" height="${leg.height}" fill="#ffffff"/>`,
    leg.svg,
    '</svg>\n',
  ].join('\n');
  return {
    legend: legendSvg, width: W, height: legendTop + leg.height, mapWidth: geometry.width, mapHeight: geometry.height,
    eastX: geometry.width - W, gap: PHONE_GAP, gapColour: DARK, legendTop, legendHeight: leg.height,
    legendFixed: [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${leg.height}" viewBox="0 0 ${W} ${leg.height}">`,
      `<rect width="${W}" height="${leg.height}" fill="#ffffff"/>`,
      leg.fixed,
      '</svg>\n',
    ].join('\n'),
    legendChanging: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${leg.height}" viewBox="0 0 ${W} ${leg.height}">\n${leg.changing}\n</svg>\n`,
  };
}

/**
 * The wide layout's legend band as SVG content in the picture's coordinates (it starts at
 * `geometry.height`), and its height; and the same content in two parts (issue 29, the layered
 * renderer): `fixed`, the frame, the powers' marks and names and the line styles (the same in every
 * picture of a layout), and `changing`, the title, subtitle and counts (drawn over it, overlapping
 * nothing of it).
 */
export function wideLegend(picture: MapPicture, geometry: MapGeometry): { readonly svg: string; readonly height: number; readonly fixed: string; readonly changing: string } {
  return legend(picture, geometry.width, geometry.height, 'wide');
}

/** The sea colour: the ground of every map. */
export const SEA_COLOUR = SEA;

/** The inside of an SVG document (what lies between its root element's tags). */
function inner(svg: string): string {
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
}

/**
 * Render `picture` as an SVG document: `wide` is the map `geometry.width` wide with a legend band
 * (every power's initial, colour and centre count, and every line style); `phone` is the map's west
 * and east halves stacked ({@link PHONE_TILE} px wide) with larger names and legend, put together
 * from {@link phoneParts} (the map drawn once in `<defs>`, shown through two windows). Pure; throws only
 * when the geometry lacks a province of the map (a data bug).
 */
export function renderMapSvg(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP, layout: MapLayout = 'wide'): string {
  const parts: string[] = [];
  if (layout === 'wide') {
    const body = mapBody(picture, geometry, map, layout);
    const W = geometry.width;
    const leg = wideLegend(picture, geometry);
    const H = geometry.height + leg.height;
    parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
    parts.push(`<title>${escapeXml(picture.title)}</title>`);
    // An opaque background (the sea): no seam between two regions is transparent, and the PNG is RGB.
    parts.push(`<rect width="${W}" height="${H}" fill="${SEA}"/>`);
    parts.push(body);
    parts.push(leg.svg);
  } else {
    const p = phoneParts(picture, geometry, map);
    const { width: W, height: H, mapHeight: MH } = p;
    parts.push(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
    parts.push(`<title>${escapeXml(picture.title)}</title>`);
    parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
    parts.push(`<defs><g id="map">${inner(p.map)}</g></defs>`);
    parts.push(`<svg x="0" y="0" width="${W}" height="${MH}" viewBox="0 0 ${W} ${MH}"><use xlink:href="#map"/></svg>`);
    parts.push(`<svg x="0" y="${MH + p.gap}" width="${W}" height="${MH}" viewBox="${p.eastX} 0 ${W} ${MH}"><use xlink:href="#map"/></svg>`);
    parts.push(`<rect x="0" y="${MH}" width="${W}" height="${p.gap}" fill="${p.gapColour}"/>`);
    parts.push(`<svg x="0" y="${p.legendTop}" width="${W}" height="${p.legendHeight}" viewBox="0 0 ${W} ${p.legendHeight}">${inner(p.legend)}</svg>`);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** The line styles the legend explains, in the order it shows them. */
const STYLE_SAMPLES: readonly { readonly name: string; readonly draw: (a: Point, b: Point, boxes: Box[]) => string }[] = [
  { name: 'MOVE', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 3.6, status: 'succeeded', head: 'arrow' }, x) },
  { name: 'SUPPORT', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 2, status: 'succeeded', head: 'ring' }, x) },
  { name: 'CONVOY', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 2.4, status: 'succeeded', head: 'diamond', dash: '0.1 5', round: true }, x) },
  { name: 'HOLD', draw: (a, b) => holdMark(midpoint(a, b), DARK_SAMPLE, 'succeeded') },
  { name: 'RETREAT', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 4, status: 'succeeded', head: 'arrow', dash: '10 3 2 3' }, x) },
  { name: 'FAILED', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 3.6, status: 'failed', head: 'arrow' }, x) },
  { name: 'ILLEGAL', draw: (a, b, x) => drawCurve(straight(a, b), { colour: DARK_SAMPLE, width: 3.6, status: 'illegal', head: 'arrow' }, x) },
  { name: 'STANDOFF', draw: (a, b) => star(midpoint(a, b), 11) },
  { name: 'DISLODGED', draw: (a, b) => { const m = midpoint(a, b); return `<circle cx="${n(m[0])}" cy="${n(m[1])}" r="${UNIT_R + 4}" fill="#ffffff" stroke="${DARK}" stroke-width="2" stroke-dasharray="4 3"/>${unitMark('A', 'GERMANY', m)}`; } },
];
const DARK_SAMPLE = '#0072b2';

function straight(a: Point, b: Point): Curve {
  return { a, c: midpoint(a, b), b };
}

/** The legend band: the title, the powers (colour, initial, centres and units), the line styles. */
/** A legend band: its SVG content, height, and the same content in two parts (see {@link wideLegend}). */
interface Legend { readonly svg: string; readonly height: number; readonly fixed: string; readonly changing: string }

function legend(picture: MapPicture, W: number, top: number, layout: MapLayout): Legend {
  const phone = layout === 'phone';
  const out: string[] = [];
  // What depends on the picture (title, subtitle, counts), apart, for the layered renderer.
  const changing = new Set<number>();
  const push = (svg: string, changes = false) => { if (changes) changing.add(out.length); out.push(svg); };
  const titleSize = phone ? 17 : 15;
  const nameSize = phone ? 13 : 10;
  const smallSize = phone ? 12 : 9;
  let y = top + titleSize + 10;
  push(label(picture.title, 14, y, titleSize, DARK, 'start', false), true);
  if (picture.subtitle) {
    if (phone) { y += smallSize + 10; push(label(picture.subtitle, 14, y, smallSize, DARK, 'start', false), true); }
    else push(label(picture.subtitle, W - 14 - textWidth(picture.subtitle, 11), top + 22, 11, DARK, 'start', false), true);
  }
  // Powers: seven columns (wide) or four (phone).
  const perRow = phone ? 4 : POWERS.length;
  const col = (W - 20) / perRow;
  y += phone ? 36 : 28;
  POWERS.forEach((p, i) => {
    const x = 10 + (i % perRow) * col;
    const yy = y + Math.floor(i / perRow) * (phone ? 44 : 0);
    const centres = [...picture.centers.values()].filter((o) => o === p).length;
    const units = picture.units.filter((u) => u.power === p).length;
    out.push(unitMark('A', p, [x + 14, yy]));
    out.push(label(phone ? p.slice(0, 3) : p, x + 30, yy - 3, nameSize, DARK, 'start', false));
    push(label(`${centres} SC ${units} U`, x + 30, yy + (phone ? 15 : 14), smallSize, '#333333', 'start', false), true);
  });
  y += phone ? 2 * 44 : 42;
  // Line styles: a sample and its name each.
  const sPerRow = phone ? 3 : 5;
  const sCol = (W - 20) / sPerRow;
  const rowH = phone ? 46 : 34;
  STYLE_SAMPLES.forEach((s, i) => {
    const x = 10 + (i % sPerRow) * sCol;
    const yy = y + Math.floor(i / sPerRow) * rowH;
    out.push(s.draw([x + 8, yy], [x + 50, yy], []));
    out.push(label(s.name, x + 64, yy + smallSize / 2, smallSize, DARK, 'start', false));
  });
  const rows = Math.ceil(STYLE_SAMPLES.length / sPerRow);
  const height = y + (rows - 1) * rowH + (phone ? 30 : 22) - top;
  const frame = `<rect x="0" y="${top}" width="${W}" height="${height}" fill="#ffffff" stroke="${DARK}" stroke-width="1"/>`;
  return {
    svg: `<g class="legend">${frame}${out.join('')}</g>`,
    height,
    fixed: `<g class="legend">${frame}${out.filter((_, i) => !changing.has(i)).join('')}</g>`,
    changing: `<g class="legend">${out.filter((_, i) => changing.has(i)).join('')}</g>`,
  };
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
