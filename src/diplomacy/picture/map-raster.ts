/**
 * The map picture's pixels drawn in layers (issue 29: the two maps of every results mail were half
 * the judge's CPU at a deadline, and most of each was the same for every board). Pure: memory only;
 * the one cache is a memo of a pure function of immutable data.
 *
 * - The static base (sea, water regions and their borders, land regions, land borders, coast) is
 *   rasterized by resvg once per geometry and map, with every supply centre filled black: `neutral`.
 *   Each centre's effect on the pixels is then measured once: the base is rendered again with some
 *   centres white (a few renders, centres far enough apart to share one), and where the pixel rose
 *   it is that centre's coverage `weight` (0 to 255, what shows of its fill through the anti-aliased
 *   edges and the lines drawn over it). A picture's base is `neutral + weight × fill / 255` for each
 *   centre's fill (its owner's tint, or plain land): source-over compositing is affine in a fill's
 *   colour, so this is the full render's pixel up to rounding (interior pixels exactly the fill).
 * - What changes per picture (order rings, stars, lines, units, and the names the label layout had
 *   to move off their own spots, with their leader lines) is rendered by resvg alone on a
 *   transparent ground and drawn over the base (`compositeOver`, source-over as resvg composites);
 *   the wide legend likewise below the map.
 * - The legends' fixed parts (frame, powers' marks and names, line styles) are kept rasters too; per
 *   picture resvg draws only the title, subtitle and counts over them.
 * - The names at their own spots (most of them in most pictures) are drawn last, each from a small
 *   raster of that name alone (its halo, ink and centre marker), kept by its SVG: a name at its spot
 *   is the same drawing in every picture but for its marker's owner. Names are never under anything
 *   (the label layout keeps marks off their boxes), so drawing them last is the full render's order.
 *
 * Against a full render of the same SVG the pixels differ only by the rounding of the compositing
 * (test/diplomacy/picture/map-raster.test.ts bounds it). The caches: about 4 MB per geometry (the
 * 1000 × 971 neutral base, 3.9 MB, and 0.2 MB of centre coverage), built in ~0.3 s CPU once per
 * process; and the names, at most ~626 small rasters (75 names, 8 marker colours, 2 type sizes),
 * a few MB at most.
 *
 * For the PNGs (wide-png.ts, phone-png.ts) the map is drawn into one reused buffer and its PNG rows,
 * in the map's fixed palette (map-palette.ts), are written as it is drawn: the neutral base's rows
 * indexed once per palette (1 MB), each centre's runs in its fill's index, and each pixel the
 * centres' edges, marks and names change indexed as it is composited (`compositeOver`'s index target).
 */
import { STANDARD_MAP, type GameMap } from '../index.js';
import type { MapGeometry, Ring } from './geometry.js';
import type { Box } from './label-layout.js';
import type { MapPicture } from './map-picture.js';
import { SEA_COLOUR, baseLayers, centreFills, overlayParts, wideLegend, type HomeLabel, type MapLayout } from './render-svg.js';
import { pixelWords } from '../../rules/picture/palette.js';
import { compositeOver, copyRect, fillRect, rasterize, rasterizeAsync, solidRaster, type FixedPalette, type Raster } from '../../rules/picture/index.js';
import { GeometryMemo } from './geometry-memo.js';

/** The static base of one geometry and map (see the file's comment). */
export interface StaticBase {
  readonly width: number;
  readonly height: number;
  /** RGBA, every supply centre filled black. */
  readonly neutral: Uint8Array;
  /**
   * Per centre: the runs of pixels that are its fill alone (`runs`: start index, length, ...), and the
   * other pixels its fill shows in (`pixels`, indexes) with how much of it (`weight`, 1–254) in each.
   */
  readonly centres: ReadonlyMap<string, Coverage>;
  /** Bytes held. */
  readonly bytes: number;
}

/** Where one centre's fill shows (see {@link StaticBase}). */
export interface Coverage {
  readonly runs: Int32Array;
  readonly pixels: Int32Array;
  readonly weight: Uint8Array;
}

const BASES = new GeometryMemo<StaticBase>();

function svgDocument(width: number, height: number, content: string, viewBoxTop = 0): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 ${viewBoxTop} ${width} ${height}">\n${content}\n</svg>\n`;
}

/** The base's SVG with the centres in `white` filled white and every other centre black. */
function baseSvg(geometry: MapGeometry, map: GameMap, white: ReadonlySet<string>): string {
  const { width: W, height: H } = geometry;
  return svgDocument(W, H, `<rect width="${W}" height="${H}" fill="${SEA_COLOUR}"/>\n${baseLayers(geometry, map, (id) => (white.has(id) ? '#ffffff' : '#000000'))}`);
}

interface Bounds { x0: number; y0: number; x1: number; y1: number }

function boundsOf(rings: readonly Ring[], margin: number): Bounds {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const r of rings) {
    for (const [x, y] of r) {
      b.x0 = Math.min(b.x0, x);
      b.y0 = Math.min(b.y0, y);
      b.x1 = Math.max(b.x1, x);
      b.y1 = Math.max(b.y1, y);
    }
  }
  return { x0: Math.floor(b.x0) - margin, y0: Math.floor(b.y0) - margin, x1: Math.ceil(b.x1) + margin, y1: Math.ceil(b.y1) + margin };
}

const overlaps = (a: Bounds, b: Bounds) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/**
 * The centres in groups whose boxes (grown by 3 px: anti-aliasing and the 1 px lines reach 1.5 px
 * past a region) do not overlap, so a pixel a group's render changes belongs to the one centre of
 * the group whose box holds it. Greedy, in code order: deterministic.
 */
function centreGroups(geometry: MapGeometry, ids: readonly string[]): { id: string; box: Bounds }[][] {
  const groups: { id: string; box: Bounds }[][] = [];
  for (const id of [...ids].sort()) {
    const box = boundsOf(geometry.provinces[id]!.rings, 3);
    const group = groups.find((g) => g.every((m) => !overlaps(m.box, box)));
    if (group) group.push({ id, box });
    else groups.push([{ id, box }]);
  }
  return groups;
}

/** The centres' coverage from the neutral base and each group's render with its centres white. */
function measure(geometry: MapGeometry, neutral: Raster, groups: readonly { id: string; box: Bounds }[][], whites: readonly Raster[]): StaticBase {
  const { width: W, height: H } = neutral;
  const centres = new Map<string, Coverage>();
  let bytes = neutral.pixels.byteLength;
  groups.forEach((group, g) => {
    const lit = whites[g]!.pixels;
    for (const { id, box } of group) {
      const runs: number[] = [];
      const pixels: number[] = [];
      const weight: number[] = [];
      for (let y = Math.max(0, box.y0); y <= Math.min(H - 1, box.y1); y++) {
        let run = -1; // start of the current run of full coverage on this row
        for (let x = Math.max(0, box.x0); x <= Math.min(W - 1, box.x1) + 1; x++) {
          const i = y * W + x;
          const o = i * 4;
          const d = x > Math.min(W - 1, box.x1) ? 0 : lit[o]! - neutral.pixels[o]! + lit[o + 1]! - neutral.pixels[o + 1]! + lit[o + 2]! - neutral.pixels[o + 2]!;
          const w = d <= 0 ? 0 : Math.min(255, Math.round(d / 3));
          // Full coverage over black is the fill itself: written as whole runs.
          const full = w === 255 && neutral.pixels[o] === 0 && neutral.pixels[o + 1] === 0 && neutral.pixels[o + 2] === 0;
          if (full) {
            if (run < 0) run = i;
            continue;
          }
          if (run >= 0) {
            runs.push(run, i - run);
            run = -1;
          }
          if (w === 0) continue;
          pixels.push(i);
          weight.push(w);
        }
      }
      centres.set(id, { runs: Int32Array.from(runs), pixels: Int32Array.from(pixels), weight: Uint8Array.from(weight) });
      bytes += runs.length * 4 + pixels.length * 5;
    }
  });
  return { width: W, height: H, neutral: neutral.pixels, centres, bytes };
}

function centreIds(geometry: MapGeometry, map: GameMap): string[] {
  return [...centreFills({ title: '', subtitle: '', units: [], centers: new Map(), dislodged: [], standoffs: [], orders: [], removed: [] }, geometry, map).keys()];
}

/** The static base of `geometry` and `map`, made on first use and kept while both live. */
export function staticBase(geometry: MapGeometry, map: GameMap = STANDARD_MAP): StaticBase {
  return BASES.get(geometry, map, () => {
    const groups = centreGroups(geometry, centreIds(geometry, map));
    const neutral = rasterize(baseSvg(geometry, map, new Set()));
    return measure(geometry, neutral, groups, groups.map((g) => rasterize(baseSvg(geometry, map, new Set(g.map((m) => m.id))))));
  });
}

/** {@link staticBase} with its renders on libuv's thread pool (the first picture of a process). */
export function staticBaseAsync(geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<StaticBase> {
  return BASES.getAsync(geometry, map, async () => {
    const groups = centreGroups(geometry, centreIds(geometry, map));
    const [neutral, ...whites] = await Promise.all([rasterizeAsync(baseSvg(geometry, map, new Set())), ...groups.map((g) => rasterizeAsync(baseSvg(geometry, map, new Set(g.map((m) => m.id)))))]);
    return measure(geometry, neutral!, groups, whites);
  });
}

/**
 * The base with each centre's fill worked in: into `into` (a raster of the base's size: issue 29,
 * the judge's pictures reuse one buffer) or a new raster; the cached base is not touched.
 */
export function paintedBase(base: StaticBase, fills: ReadonlyMap<string, string>, into?: Raster, index?: MapRows): Raster {
  if (into && (into.width !== base.width || into.height !== base.height)) throw new RangeError(`paintedBase: a ${into.width}x${into.height} raster for a ${base.width}x${base.height} base`);
  const px = into ? into.pixels : new Uint8Array(base.neutral.length);
  px.set(base.neutral);
  const words = pixelWords(px, base.width * base.height);
  const W = base.width;
  if (index) index.rows.set(neutralRows(base, index.palette), index.at);
  for (const [id, { runs, pixels, weight }] of base.centres) {
    const fill = fills.get(id);
    if (!fill) continue;
    const v = Number.parseInt(fill.slice(1), 16);
    const r = (v >> 16) & 255;
    const g = (v >> 8) & 255;
    const b = v & 255;
    const word = (r | (g << 8) | (b << 16) | (255 << 24)) >>> 0;
    for (let k = 0; k < runs.length; k += 2) words.fill(word, runs[k]!, runs[k]! + runs[k + 1]!);
    for (let k = 0; k < pixels.length; k++) {
      const o = pixels[k]! * 4;
      const w = weight[k]!;
      // neutral + weight × fill / 255, rounded; never past 255 (the rounding of two renders).
      px[o] = Math.min(255, px[o]! + (w * r + 127) / 255);
      px[o + 1] = Math.min(255, px[o + 1]! + (w * g + 127) / 255);
      px[o + 2] = Math.min(255, px[o + 2]! + (w * b + 127) / 255);
    }
    if (!index) continue;
    // The PNG rows alongside: a run lies within one row (measure() ends runs at the row's end), and
    // pixel i is byte at + i + row + 1 (each row led by its filter byte).
    const { palette, rows, at } = index;
    const fi = palette.indexOf(r | (g << 8) | (b << 16));
    for (let k = 0; k < runs.length; k += 2) {
      const o = at + runs[k]! + ((runs[k]! / W) | 0) + 1;
      rows.fill(fi, o, o + runs[k + 1]!);
    }
    let lastRgb = -1;
    let lastIndex = 0;
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k]!;
      const rgb = words[i]! & 0xffffff;
      if (rgb !== lastRgb) {
        lastRgb = rgb;
        lastIndex = palette.indexOf(rgb);
      }
      rows[at + i + ((i / W) | 0) + 1] = lastIndex;
    }
  }
  return { width: base.width, height: base.height, pixels: px };
}

/** A name drawn alone: premultiplied RGBA of the map's rectangle at (`x`, `y`). */
interface Sprite {
  readonly x: number;
  readonly y: number;
  readonly raster: Raster;
}

/**
 * The names at their own spots, drawn once each, by their SVG (a name, its spot, its type size and
 * its centre marker's owner: at most 75 names × 8 marker colours per type size, ~5 KB each; the
 * memo is emptied if it ever passes {@link MAX_SPRITES}).
 */
const SPRITES = new Map<string, Sprite>();
const MAX_SPRITES = 2048;

/** The rectangle of whole pixels a name is drawn in: its box (halo included) and 2 px, inside the map. */
function spriteRect(label: HomeLabel, geometry: MapGeometry): { x: number; y: number; w: number; h: number } {
  const x = Math.max(0, Math.floor(label.box.x0) - 2);
  const y = Math.max(0, Math.floor(label.box.y0) - 2);
  const w = Math.min(geometry.width, Math.ceil(label.box.x1) + 2) - x;
  const h = Math.min(geometry.height, Math.ceil(label.box.y1) + 2) - y;
  return { x, y, w, h };
}

function spriteSvg(label: HomeLabel, geometry: MapGeometry): { svg: string; x: number; y: number } {
  const { x, y, w, h } = spriteRect(label, geometry);
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">\n${label.svg}\n</svg>\n`, x, y };
}

/**
 * The sprites by the kept name they draw (render-svg.ts keeps each name at its spot as one object
 * per geometry: issue 29, its SVG document not put together and looked up again per picture).
 */
const BY_LABEL = new WeakMap<HomeLabel, Sprite>();

function sprite(label: HomeLabel, geometry: MapGeometry): Sprite {
  const kept = BY_LABEL.get(label);
  if (kept) return kept;
  const { svg, x, y } = spriteSvg(label, geometry);
  const known = SPRITES.get(svg);
  if (known) return byLabel(label, known);
  return byLabel(label, keep(svg, { x, y, raster: rasterize(svg) }));
}

async function spriteAsync(label: HomeLabel, geometry: MapGeometry): Promise<Sprite> {
  const kept = BY_LABEL.get(label);
  if (kept) return kept;
  const { svg, x, y } = spriteSvg(label, geometry);
  const known = SPRITES.get(svg);
  if (known) return byLabel(label, known);
  return byLabel(label, keep(svg, { x, y, raster: await rasterizeAsync(svg) }));
}

function keep(svg: string, s: Sprite): Sprite {
  if (SPRITES.size >= MAX_SPRITES) SPRITES.clear();
  SPRITES.set(svg, s);
  return s;
}

function byLabel(label: HomeLabel, s: Sprite): Sprite {
  BY_LABEL.set(label, s);
  return s;
}

/** The bytes the names' memo holds now (for the benchmark's account of the caches). */
export function labelSpriteBytes(): number {
  let bytes = 0;
  for (const s of SPRITES.values()) bytes += s.raster.pixels.byteLength;
  return bytes;
}

/**
 * The overlay's SVG document cropped to the whole pixels round its `bounds` (8 px more: strokes and
 * anti-aliasing past the boxes), inside the map; undefined when it draws nothing. resvg's cost
 * grows with the canvas, and the marks of a game seldom reach every corner of the map.
 */
function overlayCrop(parts: { overlay: string; bounds: Box | undefined }, geometry: MapGeometry): { svg: string; x: number; y: number } | undefined {
  const b = parts.bounds;
  if (!b) return undefined;
  const x = Math.max(0, Math.floor(b.x0) - 8);
  const y = Math.max(0, Math.floor(b.y0) - 8);
  const w = Math.min(geometry.width, Math.ceil(b.x1) + 8) - x;
  const h = Math.min(geometry.height, Math.ceil(b.y1) + 8) - y;
  if (w <= 0 || h <= 0) return undefined;
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">\n${parts.overlay}\n</svg>\n`, x, y };
}

/** What a map raster is drawn from: the static base, the centres' fills, the marks' cropped raster and the names' sprites. */
interface MapParts {
  readonly base: StaticBase;
  readonly fills: ReadonlyMap<string, string>;
  readonly over: Sprite | undefined;
  readonly sprites: readonly Sprite[];
}

function mapParts(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): MapParts {
  const parts = overlayParts(picture, geometry, map, layout);
  const crop = overlayCrop(parts, geometry);
  return {
    base: staticBase(geometry, map),
    fills: centreFills(picture, geometry, map),
    over: crop ? { x: crop.x, y: crop.y, raster: rasterize(crop.svg) } : undefined,
    sprites: parts.home.map((l) => sprite(l, geometry)),
  };
}

/** {@link mapParts} with resvg's rendering on libuv's thread pool. */
async function mapPartsAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): Promise<MapParts> {
  const parts = overlayParts(picture, geometry, map, layout);
  const crop = overlayCrop(parts, geometry);
  const [base, over, sprites] = await Promise.all([
    staticBaseAsync(geometry, map),
    crop ? rasterizeAsync(crop.svg) : undefined,
    Promise.all(parts.home.map((l) => spriteAsync(l, geometry))),
  ]);
  return { base, fills: centreFills(picture, geometry, map), over: crop && over ? { x: crop.x, y: crop.y, raster: over } : undefined, sprites };
}

/** The map's pixels from its parts, into `into` (the base's size) or a new raster. */
function drawMap(parts: MapParts, into?: Raster): Raster {
  const out = paintedBase(parts.base, parts.fills, into);
  if (parts.over) compositeOver(out, parts.over.raster, parts.over.x, parts.over.y);
  for (const s of parts.sprites) compositeOver(out, s.raster, s.x, s.y);
  return out;
}

/**
 * Buffers the PNG path draws into and reads back before it next awaits (issue 29: a picture's 4 MB
 * of pixels are turned into its PNG rows at once, so one buffer per use serves every picture and
 * the garbage collector is not handed 8 MB per board).
 */
const SCRATCH = new Map<string, Uint8Array>();

/** The buffer `use` of `width` × `height` pixels: its content is whatever was drawn last. */
export function scratchRaster(use: string, width: number, height: number): Raster {
  let px = SCRATCH.get(use);
  if (!px || px.length !== width * height * 4) SCRATCH.set(use, (px = new Uint8Array(width * height * 4)));
  return { width, height, pixels: px };
}

/** Where a map's PNG rows go as it is drawn: `rows` from byte `at`, `width + 1` bytes a row, in `palette`. */
export interface MapRows {
  readonly palette: FixedPalette;
  readonly rows: Uint8Array;
  readonly at: number;
}

/**
 * A whole opaque raster's PNG rows in a palette (each row the filter byte 0, then one index per pixel),
 * kept per palette and raster: the neutral base (by its base) and the legends' fixed parts (a few,
 * ~150 KB each).
 */
const INDEXED_ROWS = new WeakMap<FixedPalette, WeakMap<object, Uint8Array>>();

function indexedRows(key: object, pixels: Uint8Array, width: number, height: number, palette: FixedPalette): Uint8Array {
  let byKey = INDEXED_ROWS.get(palette);
  if (!byKey) INDEXED_ROWS.set(palette, (byKey = new WeakMap()));
  let rows = byKey.get(key);
  if (!rows) {
    rows = new Uint8Array((width + 1) * height);
    palette.indexRows(pixels, width, 0, 0, width, height, rows, 0);
    byKey.set(key, rows);
  }
  return rows;
}

/** The neutral base's rows in a palette. */
function neutralRows(base: StaticBase, palette: FixedPalette): Uint8Array {
  return indexedRows(base, base.neutral, base.width, base.height, palette);
}

/**
 * The last few bases painted for the PNG path, their pixels and PNG rows, by the centres' fills
 * (issue 29: a board's wide and phone maps have one base, and every board of a spring before any
 * centre changed hands has the start's): at most {@link KEPT_BASES} per base and palette, ~4.9 MB
 * each, the oldest one's buffers reused for the next.
 */
interface PaintedBase {
  readonly fills: string;
  readonly pixels: Uint8Array;
  readonly rows: Uint8Array;
}

const PAINTED = new WeakMap<StaticBase, WeakMap<FixedPalette, PaintedBase[]>>();
const KEPT_BASES = 4;

/**
 * {@link paintedBase} into `into` with its PNG rows into `out`: copied from a kept painting of the
 * same fills (the same base and palette: the same pixels and rows, `paintedBase` being a function of
 * them alone), or painted and kept.
 */
function paintedBaseKept(base: StaticBase, fills: ReadonlyMap<string, string>, into: Raster, out: MapRows): Raster {
  let byPalette = PAINTED.get(base);
  if (!byPalette) PAINTED.set(base, (byPalette = new WeakMap()));
  let kept = byPalette.get(out.palette);
  if (!kept) byPalette.set(out.palette, (kept = []));
  const key = [...fills].join(' ');
  const n = (base.width + 1) * base.height;
  const found = kept.findIndex((k) => k.fills === key);
  if (found >= 0) {
    const hit = kept[found]!;
    kept.splice(found, 1);
    kept.push(hit);
    into.pixels.set(hit.pixels);
    out.rows.set(hit.rows, out.at);
    return into;
  }
  const painted = paintedBase(base, fills, into, out);
  const old = kept.length >= KEPT_BASES ? kept.shift()! : undefined;
  const pixels = old ? old.pixels : new Uint8Array(painted.pixels.length);
  const rows = old ? old.rows : new Uint8Array(n);
  pixels.set(painted.pixels);
  rows.set(out.rows.subarray(out.at, out.at + n));
  kept.push({ fills: key, pixels, rows });
  return painted;
}

/**
 * {@link drawMap} into the scratch buffer, writing the map's PNG rows alongside (issue 29): the
 * neutral base's rows (indexed once per palette), each centre's runs in its fill's index, its edge
 * pixels and every pixel the marks and names change indexed as they are drawn. The same rows as
 * quantizing the finished pixels (the palette gives each colour one index), without reading the
 * ~970,000 pixels again.
 */
function drawMapIndexed(parts: MapParts, out: MapRows): Raster {
  const { base, fills } = parts;
  const into = paintedBaseKept(base, fills, scratchRaster('map', base.width, base.height), out);
  const target = { ...out, stride: base.width + 1 };
  if (parts.over) compositeOver(into, parts.over.raster, parts.over.x, parts.over.y, target);
  for (const s of parts.sprites) compositeOver(into, s.raster, s.x, s.y, target);
  return into;
}

/** The map of `picture` (no legend), `geometry.width` × `geometry.height`, in `layout`'s type sizes. */
export function renderMapRaster(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP, layout: MapLayout = 'wide'): Raster {
  return drawMap(mapParts(picture, geometry, map, layout));
}

/** {@link renderMapRaster} with resvg's rendering on libuv's thread pool. */
export async function renderMapRasterAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP, layout: MapLayout = 'wide'): Promise<Raster> {
  return drawMap(await mapPartsAsync(picture, geometry, map, layout));
}

/**
 * The map drawn into the scratch buffer (the same pixels as {@link renderMapRaster}) and its PNG rows
 * written into `out`: the pixels are valid until the next picture is drawn there, so read them
 * before awaiting anything.
 */
export function mapIntoRows(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout, out: MapRows): Raster {
  return drawMapIndexed(mapParts(picture, geometry, map, layout), out);
}

/** {@link mapIntoRows} after resvg's rendering on libuv's thread pool: call the function it gives before any await. */
export async function mapPartsForRows(picture: MapPicture, geometry: MapGeometry, map: GameMap, layout: MapLayout): Promise<(out: MapRows) => Raster> {
  const parts = await mapPartsAsync(picture, geometry, map, layout);
  return (out) => drawMapIndexed(parts, out);
}

/**
 * Buffers for a picture's whole PNG rows, which are deflated on libuv's thread pool, so held across
 * an await (issue 29, stop 46: a new 1.1 to 1.2 MB buffer per picture was fresh memory for the
 * kernel to map and the garbage collector to free, twice per board): {@link borrowRows} gives a
 * buffer of `n` bytes no other picture holds, {@link returnRows} takes it back once the PNG is made
 * (at most 4 kept per size, one per board the judge draws at once: ~9 MB for the two layouts). Its
 * content is whatever the last picture wrote: the callers write every byte.
 */
const FREE_ROWS = new Map<number, Buffer[]>();
const MAX_FREE_ROWS = 4;

export function borrowRows(n: number): Buffer {
  return FREE_ROWS.get(n)?.pop() ?? Buffer.allocUnsafeSlow(n);
}

export function returnRows(rows: Buffer): void {
  let free = FREE_ROWS.get(rows.length);
  if (!free) FREE_ROWS.set(rows.length, (free = []));
  if (free.length < MAX_FREE_ROWS && !free.includes(rows)) free.push(rows);
}

/** A reused buffer of `n` bytes for PNG rows that are copied out before the next await (the phone's whole map). */
export function scratchBytes(use: string, n: number): Uint8Array {
  let b = SCRATCH.get(use);
  if (!b || b.length !== n) SCRATCH.set(use, (b = new Uint8Array(n)));
  return b;
}

/**
 * Rasters kept by their SVG: the legends' fixed parts (one per layout, and per subtitle or none for
 * the phone's taller legend): at most {@link MAX_KEPT}, ~0.6 MB each.
 */
const KEPT = new Map<string, Raster>();
const MAX_KEPT = 8;

/** A fixed part's raster (a legend's frame), kept: also the phone legend's (phone-png.ts). */
export function keptRaster(svg: string): Raster {
  const known = KEPT.get(svg);
  if (known) return known;
  return keepRaster(svg, rasterize(svg));
}

/** {@link keptRaster} with resvg's rendering on libuv's thread pool. */
export async function keptRasterAsync(svg: string): Promise<Raster> {
  return KEPT.get(svg) ?? keepRaster(svg, await rasterizeAsync(svg));
}

function keepRaster(svg: string, r: Raster): Raster {
  if (KEPT.size >= MAX_KEPT) KEPT.clear();
  KEPT.set(svg, r);
  return r;
}

/** A copy of `fixed` with `changing` (same size, premultiplied) drawn over it. */
export function withChanges(fixed: Raster, changing: Raster): Raster {
  const out: Raster = { width: fixed.width, height: fixed.height, pixels: new Uint8Array(fixed.pixels) };
  compositeOver(out, changing, 0, 0);
  return out;
}

/**
 * The wide legend as two SVG documents from the map's last row down (the legend's frame is a 1 px
 * line centred on the map's lower edge, so half of it lies on that row), both on a transparent
 * ground: the part every picture shares, and the title, subtitle and counts.
 */
function wideLegendSvg(picture: MapPicture, geometry: MapGeometry): { fixed: string; changing: string; height: number } {
  const leg = wideLegend(picture, geometry);
  const doc = (content: string) => svgDocument(geometry.width, leg.height + 1, content, geometry.height - 1);
  return { fixed: doc(leg.fixed), changing: doc(leg.changing), height: leg.height };
}

function wideOf(geometry: MapGeometry, mapRaster: Raster, legendHeight: number, fixed: Raster, changing: Raster): Raster {
  const W = geometry.width;
  const out: Raster = { width: W, height: geometry.height + legendHeight, pixels: new Uint8Array(W * (geometry.height + legendHeight) * 4) };
  copyRect(mapRaster, 0, 0, W, geometry.height, out, 0, 0);
  fillRect(out, 0, geometry.height, W, legendHeight, SEA_COLOUR);
  compositeOver(out, fixed, 0, geometry.height - 1);
  compositeOver(out, changing, 0, geometry.height - 1);
  return out;
}

/** The wide picture's pixels: the map and its legend band, `geometry.width` wide. */
export function renderWideRaster(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Raster {
  const leg = wideLegendSvg(picture, geometry);
  return wideOf(geometry, renderMapRaster(picture, geometry, map, 'wide'), leg.height, keptRaster(leg.fixed), rasterize(leg.changing));
}

/** {@link renderWideRaster} with resvg's rendering on libuv's thread pool. */
export async function renderWideRasterAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<Raster> {
  const leg = wideLegendSvg(picture, geometry);
  const [m, fixed, changing] = await Promise.all([renderMapRasterAsync(picture, geometry, map, 'wide'), keptRasterAsync(leg.fixed), rasterizeAsync(leg.changing)]);
  return wideOf(geometry, m, leg.height, fixed, changing);
}

/** What the wide picture is drawn from besides its map: the legend's fixed and changing rasters (from the map's last row down). */
export interface WideLegend {
  readonly height: number;
  readonly fixed: Raster;
  readonly changing: Raster;
}

export function wideLegendRasters(picture: MapPicture, geometry: MapGeometry): WideLegend {
  const leg = wideLegendSvg(picture, geometry);
  return { height: leg.height, fixed: keptRaster(leg.fixed), changing: rasterize(leg.changing) };
}

export async function wideLegendRastersAsync(picture: MapPicture, geometry: MapGeometry): Promise<WideLegend> {
  const leg = wideLegendSvg(picture, geometry);
  const [fixed, changing] = await Promise.all([keptRasterAsync(leg.fixed), rasterizeAsync(leg.changing)]);
  return { height: leg.height, fixed, changing };
}

/** Rows `from` to `from + count` of `r`, as a raster sharing its pixels. */
export function rowsOf(r: Raster, from: number, count: number): Raster {
  return { width: r.width, height: count, pixels: r.pixels.subarray(from * r.width * 4, (from + count) * r.width * 4) };
}

/** The wide legend's rows under the map: the sea with the legend's fixed part drawn on it, kept per fixed part. */
const GROUNDS = new WeakMap<Raster, Raster>();

function legendGround(fixed: Raster): Raster {
  const known = GROUNDS.get(fixed);
  if (known) return known;
  const ground = solidRaster(fixed.width, fixed.height - 1, SEA_COLOUR);
  compositeOver(ground, rowsOf(fixed, 1, fixed.height - 1), 0, 0);
  GROUNDS.set(fixed, ground);
  return ground;
}

/**
 * The wide picture's PNG rows after its map's (written into `out` as the map was drawn into
 * `mapRaster`): the legend's first row drawn over the map's last row and that row indexed again,
 * then the legend's rows under the map (the fixed part's indexed once per palette, the title,
 * subtitle and counts indexed as they are drawn). The pixels are those of {@link wideOf}.
 */
export function wideLegendRows(mapRaster: Raster, legend: WideLegend, out: MapRows): void {
  const { width: W, height: H } = mapRaster;
  compositeOver(mapRaster, rowsOf(legend.fixed, 0, 1), 0, H - 1);
  compositeOver(mapRaster, rowsOf(legend.changing, 0, 1), 0, H - 1);
  out.palette.indexRows(mapRaster.pixels, W, 0, H - 1, W, 1, out.rows, out.at + (H - 1) * (W + 1));
  keptWithChangesRows(legendGround(legend.fixed), rowsOf(legend.changing, 1, legend.height), 'legend', { ...out, at: out.at + H * (W + 1) });
}

/** A kept raster's rows in a palette (the legends' fixed parts). */
function keptRows(fixed: Raster, palette: FixedPalette): Uint8Array {
  return indexedRows(fixed, fixed.pixels, fixed.width, fixed.height, palette);
}

/**
 * The opaque kept raster `fixed` with `changing` (its size, premultiplied) drawn over it into the
 * scratch buffer `use`, and its PNG rows written into `out` alongside: `fixed`'s rows (indexed once
 * per palette), then each pixel `changing` draws indexed as it is composited.
 */
export function keptWithChangesRows(fixed: Raster, changing: Raster, use: string, out: MapRows): Raster {
  const pixels = scratchRaster(use, fixed.width, fixed.height);
  pixels.pixels.set(fixed.pixels);
  out.rows.set(keptRows(fixed, out.palette), out.at);
  compositeOver(pixels, changing, 0, 0, { ...out, stride: fixed.width + 1 });
  return pixels;
}
