/**
 * Issue 29, stop 46: compositeOver works on 32-bit pixel words and skips transparent pixels eight at
 * a time, with its index target apart; a raster that is not on a 4-byte boundary (or a big-endian
 * machine) goes byte by byte. Both give what the byte-by-byte definition gives: here a reference
 * written from the definition (source-over of premultiplied RGBA, each channel `over + into × (255 −
 * alpha) / 255` rounded, the target's alpha kept, transparent pixels untouched, each changed pixel's
 * palette index written), on random premultiplied pixels with long transparent runs, at offsets, over
 * targets with and without opaque alpha, and through the unaligned path.
 */
import { describe, expect, it } from 'vitest';
import { FixedPalette, compositeOver, type Raster } from '../../../src/rules/picture/index.js';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

/** Premultiplied RGBA, mostly transparent in runs, some opaque, some partial (channels ≤ alpha). */
function overlay(w: number, h: number, rnd: () => number): Raster {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; ) {
    const run = 1 + Math.floor(rnd() * 40);
    if (rnd() < 0.6) {
      i += run; // transparent
      continue;
    }
    for (let k = 0; k < run && i < w * h; k++, i++) {
      const a = rnd() < 0.3 ? 255 : Math.floor(rnd() * 256);
      px[i * 4] = Math.floor(rnd() * (a + 1));
      px[i * 4 + 1] = Math.floor(rnd() * (a + 1));
      px[i * 4 + 2] = Math.floor(rnd() * (a + 1));
      px[i * 4 + 3] = a;
    }
  }
  return { width: w, height: h, pixels: px };
}

function ground(w: number, h: number, rnd: () => number, opaque: boolean, offset = 0): Raster {
  const buf = new Uint8Array(w * h * 4 + offset);
  const px = buf.subarray(offset);
  for (let i = 0; i < px.length; i++) px[i] = Math.floor(rnd() * 256);
  if (opaque) for (let i = 3; i < px.length; i += 4) px[i] = 255;
  return { width: w, height: h, pixels: px };
}

/** The definition, byte by byte. */
function reference(into: Raster, over: Raster, dx: number, dy: number, index?: { palette: FixedPalette; rows: Uint8Array; at: number; stride: number }): void {
  for (let y = 0; y < over.height; y++) {
    for (let x = 0; x < over.width; x++) {
      const s = (y * over.width + x) * 4;
      const [r, g, b, a] = [over.pixels[s]!, over.pixels[s + 1]!, over.pixels[s + 2]!, over.pixels[s + 3]!];
      if (r === 0 && g === 0 && b === 0 && a === 0) continue;
      const o = ((dy + y) * into.width + dx + x) * 4;
      const k = 255 - a;
      for (const [c, v] of [[0, r], [1, g], [2, b]] as const) into.pixels[o + c] = (v + Math.round((into.pixels[o + c]! * k) / 255)) & 255;
      if (index) index.rows[index.at + (dy + y) * index.stride + 1 + dx + x] = index.palette.indexOf(into.pixels[o]! | (into.pixels[o + 1]! << 8) | (into.pixels[o + 2]! << 16));
    }
  }
}

describe('compositeOver (stop 46: on pixel words)', () => {
  const palette = new FixedPalette(Uint32Array.from({ length: 200 }, (_, i) => (Math.imul(i + 1, 0x2545f491) >>> 8) & 0xffffff));

  for (const [name, opaque, offset] of [['an opaque target', true, 0], ['a target with any alpha', false, 0], ['an unaligned target (byte by byte)', true, 1], ['an unaligned target with any alpha', false, 3]] as const) {
    it(`gives the definition's pixels and indexes on ${name}`, () => {
      const rnd = random(offset * 7 + (opaque ? 1 : 2));
      for (const [w, h, dx, dy] of [[37, 11, 3, 5], [64, 9, 0, 0], [1, 1, 7, 2], [9, 16, 31, 0]] as const) {
        const over = overlay(w, h, rnd);
        const base = ground(80, 24, rnd, opaque, offset);
        const mine = { ...base, pixels: new Uint8Array(base.pixels.length + offset).subarray(offset) };
        mine.pixels.set(base.pixels);
        const theirs = { ...base, pixels: Uint8Array.from(base.pixels) };
        const rowsMine = new Uint8Array(81 * 24 + 5).fill(7);
        const rowsTheirs = Uint8Array.from(rowsMine);
        compositeOver(mine, over, dx, dy, { palette, rows: rowsMine, at: 5, stride: 81 });
        reference(theirs, over, dx, dy, { palette, rows: rowsTheirs, at: 5, stride: 81 });
        expect(Buffer.from(mine.pixels).equals(Buffer.from(theirs.pixels))).toBe(true);
        expect(Buffer.from(rowsMine).equals(Buffer.from(rowsTheirs))).toBe(true);
        const plain = { ...base, pixels: Uint8Array.from(base.pixels) };
        compositeOver(plain, over, dx, dy);
        expect(Buffer.from(plain.pixels).equals(Buffer.from(theirs.pixels))).toBe(true);
      }
    });
  }

  it('leaves the target alone where the overlay is transparent, and refuses a rectangle outside it', () => {
    const into = ground(16, 4, random(9), true);
    const before = Uint8Array.from(into.pixels);
    compositeOver(into, { width: 16, height: 4, pixels: new Uint8Array(16 * 4 * 4) }, 0, 0);
    expect(Buffer.from(into.pixels).equals(Buffer.from(before))).toBe(true);
    expect(() => compositeOver(into, { width: 2, height: 2, pixels: new Uint8Array(16) }, 15, 0)).toThrow(RangeError);
  });
});
