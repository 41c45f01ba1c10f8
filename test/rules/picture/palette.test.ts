/**
 * Issue 29: the judge's pictures go as indexed-colour PNGs (src/rules/picture/palette.ts). Checked
 * against a brute-force reading of the same rule written here: the palette is the 256 most frequent
 * colours (ties: the higher RGB value first), each of them exact; every other colour becomes the
 * palette colour at the least distance 2·Δr² + 4·Δg² + 3·Δb² (of equals, the most frequent);
 * a picture of 256 colours or fewer is lossless; anything not opaque is refused.
 */
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng } from '../../../src/rules/picture/index.js';
import { indexColours } from '../../../src/rules/picture/palette.js';
import { decodePng } from '../../helpers/decode-png.js';
import { mulberry32 as random } from '../../helpers/mulberry32.js';

type RGB = [number, number, number];

/** RGBA pixels from a list of colours, opaque. */
function pixelsOf(colours: RGB[]): Uint8Array {
  const px = new Uint8Array(colours.length * 4);
  colours.forEach(([r, g, b], i) => px.set([r, g, b, 255], i * 4));
  return px;
}

/** What the rule says each pixel becomes, by brute force over every colour of the picture. */
function expected(colours: RGB[]): RGB[] {
  const count = new Map<number, number>();
  const key = ([r, g, b]: RGB) => r | (g << 8) | (b << 16);
  for (const c of colours) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  const ranked = [...count].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([k]) => k);
  const palette = ranked.slice(0, 256);
  const rgb = (k: number): RGB => [k & 255, (k >> 8) & 255, (k >> 16) & 255];
  return colours.map((c) => {
    let best = palette[0]!;
    let bestD = Infinity;
    for (const p of palette) {
      const [r, g, b] = rgb(p);
      const d = 2 * (r - c[0]) ** 2 + 4 * (g - c[1]) ** 2 + 3 * (b - c[2]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    return rgb(best);
  });
}

/** The colour `indexColours` gives each pixel. */
function indexed(colours: RGB[], width: number): RGB[] {
  const out = indexColours(pixelsOf(colours), width, colours.length / width)!;
  expect(out).toBeDefined();
  return colours.map((_, i) => {
    const y = Math.floor(i / width);
    const c = out.palette[out.rows[y * (width + 1) + 1 + (i % width)]!]!;
    return [c & 255, (c >>> 8) & 255, (c >>> 16) & 255];
  });
}

describe('indexed colour', () => {
  it('keeps a picture of 256 colours or fewer exactly, and the PNG decodes to its pixels', () => {
    const next = random(1);
    const palette: RGB[] = Array.from({ length: 256 }, (_, i) => [i, (i * 7) & 255, 255 - i]);
    const colours = Array.from({ length: 64 * 50 }, () => palette[Math.floor(next() * 256)]!);
    expect(indexed(colours, 64)).toEqual(colours);
    const png = encodeOpaquePng(pixelsOf(colours), 64, 50)!;
    expect(png[25]).toBe(3); // indexed
    const img = decodePng(png);
    for (let i = 0; i < colours.length; i += 37) expect(img.pixel(i % 64, Math.floor(i / 64))).toEqual([...colours[i]!, 255]);
  });

  it('gives each rarer colour the nearest of the 256 most frequent ones (seeded pictures, checked by brute force)', () => {
    for (const seed of [2, 3, 4]) {
      const next = random(seed);
      // 40 flat colours covering most pixels, then 2,000 rarer shades as anti-aliasing would leave.
      const flat: RGB[] = Array.from({ length: 40 }, () => [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)]);
      const colours: RGB[] = [];
      for (let i = 0; i < 100 * 90; i++) {
        colours.push(next() < 0.8 ? flat[Math.floor(next() * 40)]! : [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)]);
      }
      expect(indexed(colours, 100)).toEqual(expected(colours));
    }
  });

  it('keeps the most frequent colours exact whatever else the picture holds', () => {
    // 300 colours: 0..299 in red/green, colour i on 300 - i pixels, so colours 0..255 are the palette.
    const colours: RGB[] = [];
    for (let i = 0; i < 300; i++) for (let n = 0; n < 300 - i; n++) colours.push([i & 255, i >> 8, 9]);
    while (colours.length % 100) colours.push([0, 0, 9]);
    const got = indexed(colours, 100);
    colours.forEach((c, i) => {
      if (c[1] === 0) expect(got[i]).toEqual(c);
    });
  });

  it('takes many colours (the table grows) and refuses a picture that is not opaque', () => {
    const next = random(5);
    const colours: RGB[] = Array.from({ length: 200 * 200 }, () => [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)]);
    expect(indexed(colours, 200)).toEqual(expected(colours));
    const px = pixelsOf([[1, 2, 3], [1, 2, 3], [4, 5, 6]]);
    px[3] = 254; // the first pixel's alpha
    expect(indexColours(px, 3, 1)).toBeUndefined();
    const last = pixelsOf([[1, 2, 3], [1, 2, 3], [4, 5, 6]]);
    last[11] = 0;
    expect(indexColours(last, 3, 1)).toBeUndefined();
  });

  it('is deterministic: the same pixels give the same bytes', () => {
    const next = random(6);
    const colours: RGB[] = Array.from({ length: 80 * 80 }, () => [Math.floor(next() * 256), Math.floor(next() * 256), 0]);
    const a = encodeOpaquePng(pixelsOf(colours), 80, 80)!;
    const b = encodeOpaquePng(pixelsOf(colours), 80, 80)!;
    expect(a.equals(b)).toBe(true);
  });
});
