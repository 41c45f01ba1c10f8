/**
 * Pictures as pixels (pure: memory only): an SVG rasterized by resvg into RGBA, pieces of rasters
 * copied into one, solid bands. What lets a picture made of parts of one drawing (the Diplomacy
 * phone layout: two halves of one map, issue 29) draw that drawing once and encode the result once
 * with {@link encodeOpaquePng}.
 */
import { Resvg, renderAsync } from '@resvg/resvg-js';
import { renderOptions } from './render-png.js';
import { pixelWords, type FixedPalette } from './palette.js';

/** RGBA pixels, 4 bytes each, rows top to bottom, no padding. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/** The SVG rendered by resvg at its own size (`scale` enlarges it), as RGBA pixels. */
export function rasterize(svg: string, scale = 1): Raster {
  const image = new Resvg(svg, renderOptions(scale)).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

/** {@link rasterize}, on libuv's thread pool (the same pixels). */
export async function rasterizeAsync(svg: string, scale = 1): Promise<Raster> {
  const image = await renderAsync(svg, renderOptions(scale));
  return { width: image.width, height: image.height, pixels: image.pixels };
}

/** A raster of `width` × `height` pixels, every one `rgb` (`#rrggbb`), opaque. */
export function solidRaster(width: number, height: number, rgb: string): Raster {
  const pixels = new Uint8Array(width * height * 4);
  fillRect({ width, height, pixels }, 0, 0, width, height, rgb);
  return { width, height, pixels };
}

/** Paint the rectangle at (`x`, `y`) of `w` × `h` pixels of `into` in `rgb` (`#rrggbb`), opaque. */
export function fillRect(into: Raster, x: number, y: number, w: number, h: number, rgb: string): void {
  check(into, x, y, w, h, 'fill');
  const v = Number.parseInt(rgb.slice(1), 16);
  const px = [(v >> 16) & 255, (v >> 8) & 255, v & 255, 255];
  const row = new Uint8Array(w * 4);
  for (let i = 0; i < row.length; i++) row[i] = px[i & 3]!;
  for (let r = 0; r < h; r++) into.pixels.set(row, ((y + r) * into.width + x) * 4);
}

/**
 * Copy the rectangle of `from` at (`sx`, `sy`), `w` × `h` pixels, into `into` at (`dx`, `dy`):
 * whole pixels, unchanged (one memory copy per row).
 */
export function copyRect(from: Raster, sx: number, sy: number, w: number, h: number, into: Raster, dx: number, dy: number): void {
  check(from, sx, sy, w, h, 'copy from');
  check(into, dx, dy, w, h, 'copy into');
  for (let r = 0; r < h; r++) {
    const s = ((sy + r) * from.width + sx) * 4;
    into.pixels.set(from.pixels.subarray(s, s + w * 4), ((dy + r) * into.width + dx) * 4);
  }
}

function check(r: Raster, x: number, y: number, w: number, h: number, what: string): void {
  const whole = [x, y, w, h].every(Number.isInteger);
  if (!whole || x < 0 || y < 0 || w < 0 || h < 0 || x + w > r.width || y + h > r.height) {
    throw new RangeError(`${what}: the rectangle ${w}x${h} at (${x}, ${y}) is not whole pixels inside the ${r.width}x${r.height} raster`);
  }
}

/**
 * Where {@link compositeOver} also writes the palette index of each pixel it changes (issue 29: the
 * map's PNG rows kept up to date while it is drawn, instead of quantized afterwards): PNG rows of
 * `stride` bytes, the target raster's pixel (x, y) at byte `at + y × stride + 1 + x`.
 */
export interface IndexTarget {
  readonly palette: FixedPalette;
  readonly rows: Uint8Array;
  readonly at: number;
  readonly stride: number;
}

/**
 * Draw `over` (premultiplied RGBA, as resvg renders a drawing on a transparent ground) onto the
 * opaque `into` with its top left at (`dx`, `dy`): source-over, each channel `over + into × (255 −
 * alpha) / 255` rounded as tiny-skia rounds (issue 29: the map's dynamic layers drawn on the cached
 * static base). Pixels `over` leaves transparent are not touched, opaque ones copied; with `index`,
 * each pixel drawn also gets its palette index there.
 */
export function compositeOver(into: Raster, over: Raster, dx: number, dy: number, index?: IndexTarget): void {
  check(into, dx, dy, over.width, over.height, 'composite into');
  const src = pixelWords(over.pixels, over.width * over.height);
  const dst = into.pixels;
  if (!LITTLE_ENDIAN || dst.byteOffset % 4 !== 0) {
    compositeBytes(into, src, over.width, over.height, dx, dy, index);
    return;
  }
  // Issue 29, stop 46: one 32-bit word per pixel both ways, and the transparent pixels (most of a
  // picture's marks' raster) skipped eight at a time.
  const out = new Uint32Array(dst.buffer, dst.byteOffset, into.width * into.height);
  if (index) compositeWordsIndexed(out, into.width, src, over.width, over.height, dx, dy, index);
  else compositeWords(out, into.width, src, over.width, over.height, dx, dy);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The pixel word of premultiplied `v` drawn over `d` (words: R in the low byte): source-over, each
 * channel `over + into × (255 − alpha) / 255` rounded; `d`'s alpha kept.
 */
function over1(v: number, d: number): number {
  const a = v >>> 24;
  if (a === 255) return ((d & 0xff000000) | (v & 0xffffff)) >>> 0;
  const k = 255 - a;
  // Each channel kept to its byte as a byte array keeps it (resvg's premultiplied channels never pass it).
  const r = ((v & 255) + div255((d & 255) * k)) & 255;
  const g = (((v >>> 8) & 255) + div255(((d >>> 8) & 255) * k)) & 255;
  const b = (((v >>> 16) & 255) + div255(((d >>> 16) & 255) * k)) & 255;
  return ((d & 0xff000000) | r | (g << 8) | (b << 16)) >>> 0;
}

/** The index of the first pixel word of `src` from `i` to `end` that is not 0 (transparent), else `end`. */
function nextDrawn(src: Uint32Array, i: number, end: number): number {
  while (i + 8 <= end && (src[i]! | src[i + 1]! | src[i + 2]! | src[i + 3]! | src[i + 4]! | src[i + 5]! | src[i + 6]! | src[i + 7]!) === 0) i += 8;
  while (i < end && src[i] === 0) i++;
  return i;
}

function compositeWords(dst: Uint32Array, dstWidth: number, src: Uint32Array, w: number, h: number, dx: number, dy: number): void {
  for (let y = 0; y < h; y++) {
    const end = (y + 1) * w;
    const shift = (dy + y) * dstWidth + dx - y * w; // src index + shift = dst index
    for (let i = nextDrawn(src, y * w, end); i < end; i = nextDrawn(src, i + 1, end)) {
      const o = i + shift;
      dst[o] = over1(src[i]!, dst[o]!);
    }
  }
}

function compositeWordsIndexed(dst: Uint32Array, dstWidth: number, src: Uint32Array, w: number, h: number, dx: number, dy: number, index: IndexTarget): void {
  const palette = index.palette;
  const rows = index.rows;
  let lastRgb = -1;
  let lastIndex = 0;
  for (let y = 0; y < h; y++) {
    const end = (y + 1) * w;
    const shift = (dy + y) * dstWidth + dx - y * w;
    const rowShift = index.at + (dy + y) * index.stride + 1 + dx - y * w; // src index + rowShift = its index byte
    for (let i = nextDrawn(src, y * w, end); i < end; i = nextDrawn(src, i + 1, end)) {
      const o = i + shift;
      const d = over1(src[i]!, dst[o]!);
      dst[o] = d;
      const rgb = d & 0xffffff;
      if (rgb !== lastRgb) {
        lastRgb = rgb;
        lastIndex = palette.indexOf(rgb);
      }
      rows[i + rowShift] = lastIndex;
    }
  }
}

/** {@link compositeOver} byte by byte (a big-endian machine, or a raster not on a 4-byte boundary). */
function compositeBytes(into: Raster, src: Uint32Array, w: number, h: number, dx: number, dy: number, index?: IndexTarget): void {
  const dst = into.pixels;
  let lastRgb = -1;
  let lastIndex = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const out = ((dy + y) * into.width + dx) * 4;
    const indexRow = index ? index.at + (dy + y) * index.stride + 1 + dx : 0;
    for (let x = 0; x < w; x++) {
      const v = src[row + x]!;
      if (v === 0) continue;
      const a = v >>> 24;
      const o = out + x * 4;
      if (a === 255) {
        dst[o] = v & 255;
        dst[o + 1] = (v >>> 8) & 255;
        dst[o + 2] = (v >>> 16) & 255;
      } else {
        const k = 255 - a;
        dst[o] = (v & 255) + div255(dst[o]! * k);
        dst[o + 1] = ((v >>> 8) & 255) + div255(dst[o + 1]! * k);
        dst[o + 2] = ((v >>> 16) & 255) + div255(dst[o + 2]! * k);
      }
      if (index) {
        const rgb = dst[o]! | (dst[o + 1]! << 8) | (dst[o + 2]! << 16);
        if (rgb !== lastRgb) {
          lastRgb = rgb;
          lastIndex = index.palette.indexOf(rgb);
        }
        index.rows[indexRow + x] = lastIndex;
      }
    }
  }
}

/** `v / 255` rounded to nearest, for 0 ≤ v ≤ 255 × 255. */
function div255(v: number): number {
  return ((v + 128) * 257) >>> 16;
}
