/**
 * A picture as PNG, rendered from its SVG by resvg (a Rust SVG renderer; no browser). Pure in effect:
 * no system fonts are loaded (the pictures' text is paths, see stroke-font.ts), so the same SVG gives
 * the same bytes on every machine with the same resvg and zlib.
 *
 * The PNG is written here rather than by resvg's encoder. An opaque picture (every one the judge
 * draws has a background) goes as indexed colour (palette.ts: its 256 most frequent colours exact,
 * the rarer anti-aliasing shades at the nearest of them), rows unfiltered, deflated at level 5: about
 * 40 % of the bytes of 8-bit RGB for the same deflating time, plus ~15 ms to choose the palette
 * (issue 29: each map is mailed once per reader, so its bytes are paid once per recipient). The
 * Diplomacy maps come with their rows already indexed against a palette fixed per map
 * (`encodeIndexedPng`: src/diplomacy/picture/map-palette.ts). A picture with more colours than the palette looks at goes as 8-bit RGB at level 3; one
 * with any transparent pixel falls back to resvg's own encoder. node:zlib only computes; it does no I/O.
 */
import { crc32, deflate, deflateSync } from 'node:zlib';
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { indexColours, pixelWords, plteData } from './palette.js';

/** zlib level for RGB data: 3 is the knee of time against size for flat-coloured maps. */
const DEFLATE_LEVEL = 3;
/**
 * zlib level for indexed data: a third the bytes of RGB to deflate, so the smaller output is cheap.
 * Measured on the wide map's indexed rows (issue 29): level 6 12.3 ms CPU and 130,320 bytes, level 5
 * 8.8 ms and 131,838 (+1.2 %), level 4 7.5 ms and 133,837 (+2.7 %), Z_RLE 3.5 ms and 148,184 (+14 %);
 * PNG filters (up, sub) only made the rows larger. Level 5: 3.5 ms less per picture for 1.2 % more bytes.
 */
const INDEXED_DEFLATE_LEVEL = 5;

/**
 * `data` deflated on libuv's thread pool, its output in one piece (issue 29, stop 46): zlib's stream
 * hands its output back to the main thread a chunk at a time (16 KiB by default: a map's ~130 KB
 * IDAT was eight round trips, each a callback, a buffer and a stream push on the main thread), so
 * the chunk is made big enough for the whole output of a map (a quarter of the input, at least
 * 64 KiB; a larger output still comes, in more chunks). The deflated bytes are zlib's whatever the
 * chunk size: only where they are cut differs.
 */
function deflateAsync(data: Uint8Array, level: number): Promise<Buffer> {
  const chunkSize = Math.max(64 * 1024, data.length >> 2);
  return new Promise<Buffer>((ok, fail) => deflate(data, { level, chunkSize }, (e, out) => (e ? fail(e) : ok(out))));
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** The RGB rows (each led by filter byte 0) of opaque RGBA pixels, or undefined if a pixel is not opaque. */
function opaqueRows(rgba: Uint8Array, width: number, height: number): Buffer | undefined {
  const raw = Buffer.allocUnsafe((width * 3 + 1) * height);
  // One 32-bit read per pixel (A in the high byte): about a third faster than four byte reads.
  const px = pixelWords(rgba, width * height);
  let o = 0;
  let p = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++, p++) {
      const v = px[p]!;
      if (v >>> 24 !== 255) return undefined;
      raw[o] = v & 255;
      raw[o + 1] = (v >>> 8) & 255;
      raw[o + 2] = (v >>> 16) & 255;
      o += 3;
    }
  }
  return raw;
}

/** The rows to deflate and how, for opaque RGBA pixels: indexed when the palette holds them, else RGB. */
function opaqueData(rgba: Uint8Array, width: number, height: number): { raw: Buffer; level: number; plte?: Buffer } | undefined {
  const indexed = indexColours(rgba, width, height);
  if (indexed) return { raw: indexed.rows, level: INDEXED_DEFLATE_LEVEL, plte: plteData(indexed.palette) };
  const raw = opaqueRows(rgba, width, height);
  return raw ? { raw, level: DEFLATE_LEVEL } : undefined;
}

/** RGBA pixels (opaque) as a PNG, indexed or RGB; undefined if a pixel is not opaque. */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Buffer | undefined {
  const data = opaqueData(rgba, width, height);
  if (!data) return undefined;
  return pngOf(width, height, deflateSync(data.raw, { level: data.level }), data.plte);
}

function pngOf(width: number, height: number, idat: Buffer, plte?: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = plte ? 3 : 2; // colour type: indexed, or RGB
  // compression, filter method, interlace: 0
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    ...(plte ? [chunk('PLTE', plte)] : []),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** resvg's options for every picture: no system fonts (the text is paths), crisp shapes. */
export function renderOptions(scale: number): ResvgRenderOptions {
  return {
    font: { loadSystemFonts: false },
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  };
}

/** {@link encodeOpaquePng} with the deflating on libuv's thread pool; undefined if a pixel is not opaque. */
export async function encodeOpaquePngAsync(rgba: Uint8Array, width: number, height: number): Promise<Buffer | undefined> {
  const data = opaqueData(rgba, width, height);
  if (!data) return undefined;
  return pngOf(width, height, await deflateAsync(data.raw, data.level), data.plte);
}

/** Render an SVG document to PNG bytes at its own size (`scale` enlarges it). */
export function renderPng(svg: string, scale = 1): Buffer {
  const image = new Resvg(svg, renderOptions(scale)).render();
  return encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng();
}

/**
 * {@link renderPng}'s bytes, computed off the main thread (issue 29): resvg parses and renders on
 * libuv's thread pool and zlib deflates there, so the judge's event loop keeps serving its other jobs
 * while a deadline's maps are drawn, and one process uses every core. The same bytes as renderPng.
 */
export async function renderPngAsync(svg: string, scale = 1): Promise<Buffer> {
  const image = await renderAsync(svg, renderOptions(scale));
  return (await encodeOpaquePngAsync(image.pixels, image.width, image.height)) ?? image.asPng();
}

/**
 * An indexed-colour PNG from its rows already indexed (each row the filter byte 0, then one palette
 * index per pixel: {@link FixedPalette.indexRows}) and its palette (issue 29: the map pictures,
 * quantized against a palette fixed per map), deflated as {@link encodeOpaquePng} deflates indexed rows.
 */
export function encodeIndexedPng(rows: Uint8Array, palette: Uint32Array, width: number, height: number): Buffer {
  checkIndexed(rows, palette, width, height);
  return pngOf(width, height, deflateSync(rows, { level: INDEXED_DEFLATE_LEVEL }), plteData(palette));
}

/** {@link encodeIndexedPng} with the deflating on libuv's thread pool (the same bytes). */
export async function encodeIndexedPngAsync(rows: Uint8Array, palette: Uint32Array, width: number, height: number): Promise<Buffer> {
  checkIndexed(rows, palette, width, height);
  return pngOf(width, height, await deflateAsync(rows, INDEXED_DEFLATE_LEVEL), plteData(palette));
}

function checkIndexed(rows: Uint8Array, palette: Uint32Array, width: number, height: number): void {
  if (rows.length !== (width + 1) * height || palette.length === 0 || palette.length > 256) {
    throw new RangeError(`indexed PNG: ${rows.length} bytes of rows for ${width}x${height} pixels (want ${(width + 1) * height}), ${palette.length} palette entries (want 1 to 256)`);
  }
}
