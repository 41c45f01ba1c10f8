/**
 * A minimal PNG reader for the pictures the judge writes: 8-bit indexed, RGB or RGBA, not interlaced,
 * the five row filters. Enough to check pixels in tests without a dependency.
 */
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** RGBA at (x, y); alpha 255 for an RGB picture. */
  pixel(x: number, y: number): [number, number, number, number];
}

/** Decode `png`; throws on anything this reader does not handle. */
export function decodePng(png: Buffer): DecodedPng {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG (bad signature)');
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  let palette: Buffer | undefined;
  let indexed = false;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs are read here');
      indexed = data[9] === 3;
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : indexed ? 1 : 0;
      if (channels === 0) throw new Error(`colour type ${data[9]} is not read here (indexed, RGB or RGBA only)`);
    } else if (type === 'PLTE') palette = Buffer.from(data);
    else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  if (indexed && !palette) throw new Error('an indexed PNG without its PLTE chunk');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  const bpp = channels;
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? out[y * stride + i - bpp]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = i >= bpp && y > 0 ? out[(y - 1) * stride + i - bpp]! : 0;
      let v: number;
      if (f === 0) v = x;
      else if (f === 1) v = x + a;
      else if (f === 2) v = x + b;
      else if (f === 3) v = x + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + i] = v & 255;
    }
  }
  return {
    width,
    height,
    pixel: (x, y) => {
      const o = y * stride + x * channels;
      if (indexed) {
        const i = out[o]! * 3;
        if (i + 2 >= palette!.length) throw new Error(`pixel (${x}, ${y}) indexes past the palette`);
        return [palette![i]!, palette![i + 1]!, palette![i + 2]!, 255];
      }
      return [out[o]!, out[o + 1]!, out[o + 2]!, channels === 4 ? out[o + 3]! : 255];
    },
  };
}
