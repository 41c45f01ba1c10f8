/**
 * `npm run map:geometry`: builds `src/diplomacy/picture/standard-geometry.json`, the geometry of the map picture,
 * from two sources only (see src/diplomacy/picture/SOURCES.md): the Natural Earth 1:50m land polygons (public
 * domain, through the `world-atlas` npm package, ISC) and the project's own province anchors and seeds
 * (scripts/map-anchors.ts). Deterministic: the same inputs give the same file byte for byte.
 *
 * Steps: project everything with a conformal conic projection centred on Europe, magnified in the
 * middle (see the frame below); clip the land to the picture and simplify it (Douglas–Peucker, half a pixel); compute one Voronoi diagram of the land
 * seeds and one of the sea seeds; merge the cells of each province's seeds into its region (shared
 * edges cancel); check that every anchor lies inside its region and on the right side of the coast.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Delaunay } from 'd3-delaunay';
import { geoConicConformal, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { FILLERS, LAND, SEA, type LonLat, type ProvinceAnchors } from './map-anchors.js';

type Pt = [number, number];
type Ring = Pt[];

const WIDTH = 1000;
const require = createRequire(import.meta.url);
const ROOT = join(dirname(require.resolve('world-atlas/package.json')), '..', '..');
const OUT = join(ROOT, 'src/diplomacy/picture/standard-geometry.json');

const topo = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology<{ land: GeometryCollection }>;
const land = feature(topo, topo.objects.land);

// The frame. A conformal conic projection, then a radial magnifier centred on western and central
// Europe (where the provinces are small) that shrinks the edges (Russia, the Atlantic, Africa), then
// a scale that fits every province anchor into the width with a margin.
const anchorsLonLat: LonLat[] = [...Object.values(LAND), ...Object.values(SEA)].map((a) => a.anchor);
const projection = geoConicConformal().rotate([-12, 0]).parallels([40, 62]).scale(1000).translate([0, 0]);
const raw = (p: LonLat): Pt => {
  const xy = projection([p[0], p[1]]);
  if (!xy) throw new Error(`cannot project ${p}`);
  return [xy[0], xy[1]];
};
const MAGNIFY = 0.6; // magnification at the centre, relative to the edges, minus one
const CENTRE = raw([7, 50.5]);
const rawAnchors = anchorsLonLat.map(raw);
const RADIUS = 0.5 * (Math.max(...rawAnchors.map((p) => p[0])) - Math.min(...rawAnchors.map((p) => p[0])));
const magnify = (p: Pt): Pt => {
  const dx = p[0] - CENTRE[0];
  const dy = p[1] - CENTRE[1];
  const g = (1 + MAGNIFY) / (1 + (MAGNIFY * Math.hypot(dx, dy)) / RADIUS);
  return [CENTRE[0] + dx * g, CENTRE[1] + dy * g];
};
const MARGIN = 30;
const magAnchors = rawAnchors.map(magnify);
const minX = Math.min(...magAnchors.map((p) => p[0]));
const maxX = Math.max(...magAnchors.map((p) => p[0]));
const minY = Math.min(...magAnchors.map((p) => p[1]));
const maxY = Math.max(...magAnchors.map((p) => p[1]));
const SCALE = (WIDTH - 2 * MARGIN) / (maxX - minX);
const HEIGHT = Math.ceil((maxY - minY) * SCALE + 2 * MARGIN);
const toFrame = (p: Pt): Pt => {
  const m = magnify(p);
  return [(m[0] - minX) * SCALE + MARGIN, (m[1] - minY) * SCALE + MARGIN];
};
const project = (p: LonLat): Pt => toFrame(raw(p));

// Land rings: projected (clipped generously first, so nothing runs to infinity), magnified, then
// clipped to the frame (Sutherland–Hodgman against each side).
function landRings(): Ring[] {
  const pad = RADIUS;
  const xs = rawAnchors.map((p) => p[0]);
  const ys = rawAnchors.map((p) => p[1]);
  projection.clipExtent([[Math.min(...xs) - pad, Math.min(...ys) - pad], [Math.max(...xs) + pad, Math.max(...ys) + pad]]);
  const rings: Ring[] = [];
  let cur: Ring = [];
  const ctx = {
    moveTo(x: number, y: number) { cur = [[x, y]]; },
    lineTo(x: number, y: number) { cur.push([x, y]); },
    closePath() { if (cur.length > 2) rings.push(cur); cur = []; },
    arc() { throw new Error('unexpected arc'); },
    beginPath() {},
  };
  geoPath(projection, ctx as never)(land as never);
  return rings.map((r) => clipToFrame(r.map(toFrame))).filter((r) => r.length >= 3);
}

function clipToFrame(ring: Ring): Ring {
  const sides: [(p: Pt) => boolean, (a: Pt, b: Pt) => Pt][] = [
    [(p) => p[0] >= 0, (a, b) => lerpAt(a, b, 0, 0)],
    [(p) => p[0] <= WIDTH, (a, b) => lerpAt(a, b, 0, WIDTH)],
    [(p) => p[1] >= 0, (a, b) => lerpAt(a, b, 1, 0)],
    [(p) => p[1] <= HEIGHT, (a, b) => lerpAt(a, b, 1, HEIGHT)],
  ];
  let out = ring;
  for (const [inside, cut] of sides) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[(i + input.length - 1) % input.length]!;
      const b = input[i]!;
      if (inside(b)) {
        if (!inside(a)) out.push(cut(a, b));
        out.push(b);
      } else if (inside(a)) out.push(cut(a, b));
    }
    if (out.length === 0) break;
  }
  return out;
}

function lerpAt(a: Pt, b: Pt, axis: 0 | 1, v: number): Pt {
  const t = (v - a[axis]) / (b[axis] - a[axis]);
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

function sqSegDist(p: Pt, a: Pt, b: Pt): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) { x = b[0]; y = b[1]; } else if (t > 0) { x += dx * t; y += dy * t; }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

function simplify(ring: Ring, tolerance: number): Ring {
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  const tol2 = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let max = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = sqSegDist(ring[i]!, ring[first]!, ring[last]!);
      if (d > max) { max = d; index = i; }
    }
    if (max > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

function area(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j]![0] + ring[i]![0]) * (ring[j]![1] - ring[i]![1]);
  return a / 2;
}

/** Even-odd point in polygon over all rings. */
function inside(p: Pt, rings: readonly Ring[]): boolean {
  let c = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
    }
  }
  return c;
}

const round = (v: number) => Math.round(v * 10) / 10;
const roundPt = (p: Pt): Pt => [round(p[0]), round(p[1])];

/** Merge Voronoi cells into the outline of their union: edges shared by two cells of the set cancel. */
function mergeCells(cells: Ring[]): Ring[] {
  const key = (p: Pt) => `${p[0]},${p[1]}`;
  const edges = new Map<string, { a: Pt; b: Pt }>();
  for (const cell of cells) {
    const pts = cell.map(roundPt);
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      if (key(a) === key(b)) continue;
      const back = `${key(b)}>${key(a)}`;
      if (edges.has(back)) edges.delete(back);
      else edges.set(`${key(a)}>${key(b)}`, { a, b });
    }
  }
  const from = new Map<string, { a: Pt; b: Pt }[]>();
  for (const e of edges.values()) {
    const k = key(e.a);
    if (!from.has(k)) from.set(k, []);
    from.get(k)!.push(e);
  }
  const rings: Ring[] = [];
  const used = new Set<{ a: Pt; b: Pt }>();
  for (const start of edges.values()) {
    if (used.has(start)) continue;
    const ring: Ring = [start.a];
    let e = start;
    for (;;) {
      used.add(e);
      ring.push(e.b);
      const next = (from.get(key(e.b)) ?? []).find((n) => !used.has(n));
      if (!next) break;
      e = next;
    }
    ring.pop(); // the closing point equals the first
    if (ring.length >= 3) rings.push(dropCollinear(ring));
  }
  return rings;
}

function dropCollinear(ring: Ring): Ring {
  return ring.filter((p, i) => {
    const a = ring[(i + ring.length - 1) % ring.length]!;
    const b = ring[(i + 1) % ring.length]!;
    return Math.abs((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])) > 1e-6;
  });
}

interface SeedOwner { owner: string; point: Pt }

/** Clip a ring (any shape) against a convex polygon (Sutherland–Hodgman); may leave zero-width seams, harmless to an even-odd fill. */
function clipConvex(ring: Ring, convex: Ring): Ring {
  const ccw = area(convex) < 0; // area() has the opposite sign of the shoelace formula
  let out = ring;
  for (let k = 0; k < convex.length && out.length > 0; k++) {
    const a = convex[k]!;
    const b = convex[(k + 1) % convex.length]!;
    const side = (p: Pt) => ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) * (ccw ? 1 : -1) >= 0;
    const cut = (p: Pt, q: Pt): Pt => {
      const dp = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
      const dq = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
      const t = dp / (dp - dq);
      return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
    };
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[(i + input.length - 1) % input.length]!;
      const q = input[i]!;
      if (side(q)) {
        if (!side(p)) out.push(cut(p, q));
        out.push(q);
      } else if (side(p)) out.push(cut(p, q));
    }
  }
  return out;
}

function bbox(ring: Ring): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of ring) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  return [x0, y0, x1, y1];
}

interface Region { outline: Ring[]; fill: Ring[] }

/**
 * The regions of every owner of seeds: `outline` the union of its Voronoi cells, `fill` those cells
 * clipped to `subject` (rings under the even-odd rule: the land, or the frame with the land as holes).
 */
function regions(seedsOf: Map<string, LonLat[]>, subject: readonly Ring[]): Map<string, Region> {
  const seeds: SeedOwner[] = [];
  for (const [owner, list] of seedsOf) for (const s of list) seeds.push({ owner, point: project(s) });
  const voronoi = Delaunay.from(seeds.map((s) => s.point)).voronoi([0, 0, WIDTH, HEIGHT]);
  const boxes = subject.map(bbox);
  const cellsOf = new Map<string, Ring[]>();
  const fillOf = new Map<string, Ring[]>();
  seeds.forEach((s, i) => {
    const poly = voronoi.cellPolygon(i);
    if (!poly) return;
    const cell = poly.slice(0, -1).map((p) => [p[0]!, p[1]!] as Pt);
    if (!cellsOf.has(s.owner)) { cellsOf.set(s.owner, []); fillOf.set(s.owner, []); }
    cellsOf.get(s.owner)!.push(poly.map((p) => [p[0]!, p[1]!] as Pt));
    const [cx0, cy0, cx1, cy1] = bbox(cell);
    subject.forEach((ring, k) => {
      const [x0, y0, x1, y1] = boxes[k]!;
      if (x1 < cx0 || x0 > cx1 || y1 < cy0 || y0 > cy1) return;
      const piece = clipConvex(ring, cell).map(roundPt);
      if (piece.length >= 3 && Math.abs(area(piece)) > 0.05) fillOf.get(s.owner)!.push(piece);
    });
  });
  return new Map([...cellsOf].map(([o, cells]) => [o, { outline: mergeCells(cells), fill: fillOf.get(o)! }]));
}

/** The parts of the segments that lie on land, as path data (for borders between land regions). */
function onLand(segments: [Pt, Pt][], landRings: readonly Ring[]): string {
  let d = '';
  for (const [a, b] of segments) {
    const ts = [0, 1];
    for (const ring of landRings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const p = ring[j]!;
        const q = ring[i]!;
        const den = (b[0] - a[0]) * (q[1] - p[1]) - (b[1] - a[1]) * (q[0] - p[0]);
        if (den === 0) continue;
        const t = ((p[0] - a[0]) * (q[1] - p[1]) - (p[1] - a[1]) * (q[0] - p[0])) / den;
        const u = ((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])) / den;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
      }
    }
    ts.sort((x, y) => x - y);
    for (let k = 0; k + 1 < ts.length; k++) {
      const t0 = ts[k]!;
      const t1 = ts[k + 1]!;
      if (t1 - t0 < 1e-9) continue;
      const at = (t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      if (!inside(at((t0 + t1) / 2), landRings)) continue;
      const [x0, y0] = roundPt(at(t0));
      const [x1, y1] = roundPt(at(t1));
      d += `M${x0} ${y0}L${x1} ${y1}`;
    }
  }
  return d;
}

/** Every edge of the land outlines once (a border is shared by two regions). */
function borderSegments(outlines: Iterable<Ring[]>): [Pt, Pt][] {
  const seen = new Set<string>();
  const out: [Pt, Pt][] = [];
  for (const rings of outlines) {
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        // The frame's own edges are no border.
        if ((a[0] === b[0] && (a[0] <= 0 || a[0] >= WIDTH)) || (a[1] === b[1] && (a[1] <= 0 || a[1] >= HEIGHT))) continue;
        const k1 = `${a}>${b}`;
        const k2 = `${b}>${a}`;
        if (seen.has(k1) || seen.has(k2)) continue;
        seen.add(k1);
        out.push([a, b]);
      }
    }
  }
  return out;
}

const seedList = (a: ProvinceAnchors): LonLat[] => [a.anchor, ...(a.seeds ?? []), ...Object.values(a.coasts ?? {})];

const landSeeds = new Map<string, LonLat[]>(Object.entries(LAND).map(([id, a]) => [id, seedList(a)]));
const seaSeeds = new Map<string, LonLat[]>(Object.entries(SEA).map(([id, a]) => [id, seedList(a)]));
for (const f of FILLERS) (f.kind === 'land' ? landSeeds : seaSeeds).set(`~${f.name}`, [...f.seeds]);

const landOutline = landRings()
  .map((r) => simplify([...r, r[0]!], 0.5).slice(0, -1).map(roundPt))
  .filter((r) => r.length >= 3 && Math.abs(area(r)) >= 3);
const frameRing: Ring = [[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT]];
const landRegions = regions(landSeeds, landOutline);
const seaRegions = regions(seaSeeds, [frameRing, ...landOutline]);
const landBorders = onLand(borderSegments([...landRegions.values()].map((r) => r.outline)), landOutline);

const problems: string[] = [];
const provinces: Record<string, unknown> = {};
for (const [kind, table, regionsOf] of [['land', LAND, landRegions], ['sea', SEA, seaRegions]] as const) {
  for (const [id, a] of Object.entries(table)) {
    const region = regionsOf.get(id)!;
    const rings = region.fill;
    const anchor = roundPt(project(a.anchor));
    const coasts = Object.fromEntries(Object.entries(a.coasts ?? {}).map(([c, p]) => [c, roundPt(project(p))]));
    for (const [what, p] of [['anchor', anchor], ...Object.entries(coasts).map(([c, p]) => [`coast ${c}`, p] as const)] as const) {
      if (!inside(p, rings)) problems.push(`${id} ${what} is outside its region`);
      if (inside(p, landOutline) !== (kind === 'land')) problems.push(`${id} ${what} is ${kind === 'land' ? 'in the water' : 'on land'}`);
    }
    // The name sits under the anchor (below the unit mark) unless the anchors place it elsewhere.
    const label = a.label ? roundPt(project(a.label)) : [anchor[0], round(anchor[1] + 25)];
    provinces[id] = { kind: id === 'SWI' ? 'impassable' : kind, anchor, ...(a.coasts ? { coasts } : {}), label, cell: region.outline, rings };
  }
}
const fillers = FILLERS.map((f) => {
  const r = (f.kind === 'land' ? landRegions : seaRegions).get(`~${f.name}`)!;
  return { name: f.name, kind: f.kind, cell: r.outline, rings: r.fill };
});

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exitCode = 1;
}

const lines = [
  '{',
  `"source": "Natural Earth 1:50m land (public domain) via world-atlas 2.0.2; province anchors and seeds: scripts/map-anchors.ts (this project, MIT); built by scripts/generate-map-geometry.ts",`,
  `"width": ${WIDTH}, "height": ${HEIGHT},`,
  `"provinces": {`,
  Object.entries(provinces).map(([id, p]) => `${JSON.stringify(id)}: ${JSON.stringify(p)}`).join(',\n'),
  '},',
  `"fillers": [`,
  fillers.map((f) => JSON.stringify(f)).join(',\n'),
  '],',
  `"landBorders": ${JSON.stringify(landBorders)},`,
  `"land": [`,
  landOutline.map((r) => JSON.stringify(r)).join(',\n'),
  ']',
  '}',
];
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${lines.join('\n')}\n`);
process.stdout.write(`${OUT}: ${WIDTH}x${HEIGHT}, ${Object.keys(provinces).length} provinces, ${landOutline.length} land rings, ${landOutline.reduce((n, r) => n + r.length, 0)} land points${problems.length ? `, ${problems.length} problems` : ''}\n`);
