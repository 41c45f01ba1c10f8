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
import { POWERS, coastOf, provinceOf, type Location, type Power, type UnitKind } from '../map/types.js';
import { STANDARD_MAP } from '../map/standard.js';
import type { GameMap } from '../map/types.js';
import type { Order } from '../orders/types.js';
import type { Unit } from '../state.js';
import { anchorOf, type MapGeometry, type Point, type Ring } from './geometry.js';
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

export const LEGEND_HEIGHT = 96;
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

interface LineStyle { colour: string; width: number; failed: boolean; head: 'arrow' | 'dot' | 'diamond' | 'none'; dash?: string }

function drawCurve(cv: Curve, s: LineStyle): string {
  const dash = s.failed ? ' stroke-dasharray="7 5"' : s.dash ? ` stroke-dasharray="${s.dash}"` : '';
  let out = `<path d="${curvePath(cv)}" fill="none" stroke="${DARK}" stroke-width="${n(s.width + 2.4)}"${dash} stroke-linecap="butt"/>`;
  out += `<path d="${curvePath(cv)}" fill="none" stroke="${s.colour}" stroke-width="${n(s.width)}"${dash} stroke-linecap="butt"/>`;
  if (s.head === 'arrow') {
    const h = arrowHead(cv, 6 + s.width * 1.6);
    out += `<path d="${h}" fill="${s.colour}" stroke="${DARK}" stroke-width="1.4" stroke-linejoin="round"/>`;
  } else if (s.head === 'dot') {
    out += `<circle cx="${n(cv.b[0])}" cy="${n(cv.b[1])}" r="4" fill="${s.colour}" stroke="${DARK}" stroke-width="1.4"/>`;
  } else if (s.head === 'diamond') {
    const [x, y] = cv.b;
    out += `<path d="M${n(x)} ${n(y - 6)}L${n(x + 6)} ${n(y)}L${n(x)} ${n(y + 6)}L${n(x - 6)} ${n(y)}Z" fill="${s.colour}" stroke="${DARK}" stroke-width="1.4"/>`;
  }
  if (s.failed) out += cross(at(cv, 0.55), 5.5);
  return out;
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

function drawOrders(picture: MapPicture, geometry: MapGeometry, before: readonly Unit[]): { lines: string; rings: string } {
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
    const failed = o.status === 'failed';
    switch (ord.kind) {
      case 'move': {
        const cv = moveCurves.get(key(ord))!;
        main += drawCurve(cv, { colour: colourOf(o), width: 3.6, failed, head: 'arrow' });
        break;
      }
      case 'supportMove':
      case 'convoy': {
        const from = anchorOf(geometry, standing(before, ord.unit.location));
        const target = moveCurves.get(`${provinceOf(ord.target.location)}>${provinceOf(ord.to)}`);
        const aim = target ? at(target, 0.5) : midpoint(anchorOf(geometry, ord.target.location), anchorOf(geometry, ord.to));
        const cv = curve(from, aim, UNIT_R + 1, 2);
        support += drawCurve(cv, { colour: colourOf(o), width: 2, failed, head: ord.kind === 'convoy' ? 'diamond' : 'dot', ...(ord.kind === 'convoy' ? { dash: '2 3' } : {}) });
        break;
      }
      case 'supportHold': {
        const from = anchorOf(geometry, standing(before, ord.unit.location));
        const to = anchorOf(geometry, standing(before, ord.target.location));
        const cv = curve(from, to, UNIT_R + 1, UNIT_R + 6);
        support += drawCurve(cv, { colour: colourOf(o), width: 2, failed, head: 'none' });
        rings += `<circle cx="${n(to[0])}" cy="${n(to[1])}" r="${UNIT_R + 6}" fill="none" stroke="${DARK}" stroke-width="4.4"${failed ? ' stroke-dasharray="7 5"' : ''}/><circle cx="${n(to[0])}" cy="${n(to[1])}" r="${UNIT_R + 6}" fill="none" stroke="${colourOf(o)}" stroke-width="2"${failed ? ' stroke-dasharray="7 5"' : ''}/>`;
        break;
      }
      case 'retreat': {
        const from = dislodgedSpot(anchorOf(geometry, ord.unit.location));
        const cv = curve(from, anchorOf(geometry, ord.to), UNIT_R, UNIT_R + 6);
        main += drawCurve(cv, { colour: colourOf(o), width: 3, failed, head: 'arrow', dash: '10 3 2 3' });
        break;
      }
      case 'build': {
        const p = anchorOf(geometry, ord.location);
        const r = UNIT_R + 7;
        rings += `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${r}" fill="#ffffff" fill-opacity="0.75" stroke="${DARK}" stroke-width="2.2"${failed ? ' stroke-dasharray="5 4"' : ''}/>`;
        if (failed) rings += cross(p, 8);
        break;
      }
      default:
        break; // holds, disbands (drawn as removed units) and waives
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

function centreMarker(at: Point, owner: Power | undefined): string {
  const [x, y] = at;
  const fill = owner ? POWER_COLOURS[owner] : '#ffffff';
  let out = `<circle cx="${n(x)}" cy="${n(y)}" r="6.5" fill="${fill}" stroke="${DARK}" stroke-width="1.5"/>`;
  if (owner) out += `<path d="${textPath(initial(owner), x, y + 3.5, 7)}" fill="none" stroke="${ink(fill)}" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>`;
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
  /** Land borders, the coastline and the province names. */
  readonly lines: string;
  /** Where each centre's marker goes. */
  readonly centres: readonly { readonly id: string; readonly at: Point }[];
}

const STATIC = new WeakMap<MapGeometry, WeakMap<GameMap, StaticLayers>>();

/**
 * The static layers, cached per geometry and map (both are immutable data): the borders and the
 * coastline are hairlines (1 px), which resvg draws much faster than wider strokes, and every name
 * is one path for its halo and one for its ink. Issue 15: under 100 ms per map.
 */
function staticLayers(geometry: MapGeometry, map: GameMap): StaticLayers {
  const hit = STATIC.get(geometry)?.get(map);
  if (hit) return hit;
  const W = geometry.width;
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
  const halos: string[] = [];
  const seaInk: string[] = [];
  const landInk: string[] = [];
  const centres: { id: string; at: Point }[] = [];
  const size = 10;
  for (const [id, g] of Object.entries(geometry.provinces)) {
    if (g.kind === 'impassable') continue;
    const sc = map.provinces.get(id)?.supplyCenter ?? false;
    const w = textWidth(id, size);
    const half = (w + (sc ? 18 : 0)) / 2;
    // Kept inside the picture; a centre's marker follows its name.
    const x = Math.min(Math.max(g.label[0], half + 4), W - half - 4);
    const ly = g.label[1];
    const lx = sc ? x - 9 : x;
    const d = textPath(id, lx, ly, size);
    halos.push(d);
    (g.kind === 'sea' ? seaInk : landInk).push(d);
    if (sc) centres.push({ id, at: [lx + w / 2 + 9, ly - size / 2] });
  }
  const stroke = (d: string[], colour: string, width: number, extra = '') => `<path d="${d.join('')}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
  const textW = Math.max(1.3, size / 7.5);
  const lines = [
    `<path d="${geometry.landBorders}" fill="none" stroke="${LAND_BORDER}" stroke-width="1" stroke-linecap="round"/>`,
    `<path d="${ringsPath(geometry.land)}" fill="none" stroke="${COAST}" stroke-width="1" stroke-linejoin="round"/>`,
    `<g>${stroke(halos, '#ffffff', textW + 3, ' stroke-opacity="0.9"')}${stroke(seaInk, '#1d4466', textW)}${stroke(landInk, DARK, textW)}</g>`,
  ].join('\n');
  const layers: StaticLayers = { water, lands, fillerLands: fillerLands.join(''), lines, centres };
  const byMap = STATIC.get(geometry) ?? new WeakMap<GameMap, StaticLayers>();
  byMap.set(map, layers);
  STATIC.set(geometry, byMap);
  return layers;
}

/**
 * Render `picture` as an SVG document `geometry.width` wide (the map, then a legend band with every
 * power's initial, colour and centre count). Pure; throws only when the geometry lacks a province of
 * the map (a data bug).
 */
export function renderMapSvg(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): string {
  const W = geometry.width;
  const H = geometry.height + LEGEND_HEIGHT;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(`<title>${escapeXml(picture.title)}</title>`);
  // An opaque background (the sea): no seam between two regions is transparent, and the PNG is RGB.
  parts.push(`<rect width="${W}" height="${H}" fill="${SEA}"/>`);

  const base = staticLayers(geometry, map);
  // Water first with its borders (the land covers the borders' runs over land), then the land cut
  // along the coast (shaded by centre owner: the only part of the base that changes), its borders,
  // the coastline, the names; then the centre markers.
  parts.push(base.water);
  const lands = base.lands.map((l) => {
    const owner = l.centre ? picture.centers.get(l.id) : undefined;
    return `<path d="${l.d}" fill="${l.impassable ? IMPASSABLE : owner ? tint(POWER_COLOURS[owner]) : LAND}" data-province="${l.id}"/>`;
  });
  parts.push(`<g fill-rule="evenodd">${lands.join('')}${base.fillerLands}</g>`);
  parts.push(base.lines);
  parts.push(`<g>${base.centres.map((c) => centreMarker(c.at, picture.centers.get(c.id))).join('')}</g>`);

  // Standoffs, orders, units.
  const before = unitsBefore(picture);
  const { lines, rings } = drawOrders(picture, geometry, before);
  parts.push(`<g>${rings}</g>`);
  parts.push(`<g>${picture.standoffs.map((p) => star(anchorOf(geometry, p), 13)).join('')}</g>`);
  const units: string[] = [];
  for (const u of picture.units) units.push(unitMark(u.kind, u.power, anchorOf(geometry, u.location)));
  for (const u of picture.removed) {
    const spot = picture.units.some((v) => provinceOf(v.location) === provinceOf(u.location)) ? dislodgedSpot(anchorOf(geometry, u.location)) : anchorOf(geometry, u.location);
    units.push(unitMark(u.kind, u.power, spot, { ghost: true }) + cross(spot, 9));
  }
  for (const d of picture.dislodged) {
    const spot = dislodgedSpot(anchorOf(geometry, d.location));
    for (const r of d.retreats) {
      const cv = curve(spot, anchorOf(geometry, r), UNIT_R, UNIT_R + 4);
      units.push(`<path d="${curvePath(cv)}" fill="none" stroke="${DARK}" stroke-width="1.6" stroke-dasharray="2 3"/><path d="${arrowHead(cv, 7)}" fill="#ffffff" stroke="${DARK}" stroke-width="1.2"/>`);
    }
    units.push(`<circle cx="${n(spot[0])}" cy="${n(spot[1])}" r="${UNIT_R + 4}" fill="#ffffff" stroke="${DARK}" stroke-width="2" stroke-dasharray="4 3"/>`);
    units.push(unitMark(d.kind, d.power, spot));
  }
  parts.push(`<g>${lines}</g>`);
  parts.push(`<g>${units.join('')}</g>`);
  parts.push(legend(picture, W, geometry.height));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function legend(picture: MapPicture, W: number, top: number): string {
  const out: string[] = [`<rect x="0" y="${top}" width="${W}" height="${LEGEND_HEIGHT}" fill="#ffffff" stroke="${DARK}" stroke-width="1"/>`];
  out.push(label(picture.title, 14, top + 24, 15, DARK, 'start', false));
  if (picture.subtitle) out.push(label(picture.subtitle, W - 14 - textWidth(picture.subtitle, 11), top + 22, 11, DARK, 'start', false));
  const col = (W - 20) / POWERS.length;
  POWERS.forEach((p, i) => {
    const x = 10 + i * col;
    const y = top + 62;
    const centres = [...picture.centers.values()].filter((o) => o === p).length;
    const units = picture.units.filter((u) => u.power === p).length;
    out.push(unitMark('A', p, [x + 14, y]));
    out.push(label(p, x + 30, y - 4, 10, DARK, 'start', false));
    out.push(label(`${centres} SC ${units} U`, x + 30, y + 14, 9, '#333333', 'start', false));
  });
  return out.join('');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
