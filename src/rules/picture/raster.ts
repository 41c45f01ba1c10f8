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
  const w = over.width;
  let lastRgb = -1;
  let lastIndex = 0;
  for (let y = 0; y < over.height; y++) {
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
