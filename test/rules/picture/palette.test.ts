/**
 * Issue 29: the judge's pictures go as indexed-colour PNGs (src/rules/picture/palette.ts). Checked
 * against a brute-force reading of the same rule written here: the palette is the 256 most frequent
 * colours (ties: the higher RGB value first), each of them exact; every other colour becomes the
 * palette colour at the least distance 2·Δr² + 4·Δg² + 3·Δb² (of equals, the most frequent);
 * a picture of 256 colours or fewer is lossless; anything not opaque is refused.
 */
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng } from '../../../src/rules/picture/index.js';
import { FixedPalette, ReferenceColours, indexColours } from '../../../src/rules/picture/palette.js';
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

/** The nearest entry of `palette` to `c` by the rule (of equals, the lowest index), by brute force. */
function nearestByHand(palette: Uint32Array, c: number): number {
  let best = -1;
  let bestD = Infinity;
  palette.forEach((p, i) => {
    const d = 2 * ((p & 255) - (c & 255)) ** 2 + 4 * (((p >>> 8) & 255) - ((c >>> 8) & 255)) ** 2 + 3 * (((p >>> 16) & 255) - ((c >>> 16) & 255)) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

const word = ([r, g, b]: RGB) => r | (g << 8) | (b << 16);

describe('a palette fixed in advance (issue 29: the map pictures)', () => {
  it('gives each of its own colours its own index (table)', () => {
    const cases: RGB[][] = [
      [[0, 0, 0]],
      [[255, 255, 255], [0, 0, 0], [188, 214, 234], [243, 236, 214]],
      Array.from({ length: 256 }, (_, i): RGB => [i, 255 - i, (i * 37) & 255]),
    ];
    for (const colours of cases) {
      const p = new FixedPalette(Uint32Array.from(colours.map(word)));
      colours.forEach((c, i) => expect(p.indexOf(word(c))).toBe(i));
    }
  });

  it('gives every other colour the nearest entry, of equals the lowest index (seeded colours, checked by brute force), the same after its memo grows', () => {
    const next = random(11);
    const palette = Uint32Array.from({ length: 200 }, () => Math.floor(next() * 0x1000000));
    const p = new FixedPalette(palette);
    const colours = Array.from({ length: 20_000 }, () => Math.floor(next() * 0x1000000));
    const first = colours.map((c) => p.indexOf(c));
    colours.forEach((c, i) => expect(first[i]).toBe(nearestByHand(palette, c)));
    expect(p.memoSize).toBeGreaterThan(10_000); // the memo grew from 4,096 slots several times
    expect(colours.map((c) => p.indexOf(c))).toEqual(first); // answered from the memo: the same
    // Equal distances: (10, 0, 0) is 2·10² from both (0, 0, 0) and (20, 0, 0): the lower index wins.
    expect(new FixedPalette(Uint32Array.from([20, 0])).indexOf(10)).toBe(0);
    expect(new FixedPalette(Uint32Array.from([0, 20])).indexOf(10)).toBe(0);
  });

  it('refuses an empty palette and one of more than 256 colours', () => {
    expect(() => new FixedPalette(new Uint32Array(0))).toThrow(/1 to 256/);
    expect(() => new FixedPalette(new Uint32Array(257))).toThrow(/1 to 256/);
  });

  it('writes a rectangle\'s PNG rows (filter byte 0, then each pixel\'s index) and refuses a transparent pixel or a rectangle outside', () => {
    const colours: RGB[] = [[1, 2, 3], [200, 0, 0], [1, 2, 3], [0, 0, 250], [9, 9, 9], [200, 0, 0], [0, 0, 250], [1, 2, 3]]; // 4 × 2
    const p = new FixedPalette(Uint32Array.from([word([1, 2, 3]), word([200, 0, 0]), word([0, 0, 250])]));
    const out = new Uint8Array(2 * 4);
    // The 3 × 2 rectangle at (1, 0): rows [200,0,0] [1,2,3] [0,0,250] / [200,0,0] [0,0,250] [1,2,3]; (9, 9, 9) is not in it.
    expect(p.indexRows(pixelsOf(colours), 4, 1, 0, 3, 2, out, 0)).toBe(8);
    expect([...out]).toEqual([0, 1, 0, 2, 0, 1, 2, 0]);
    const all = new Uint8Array(5 * 2);
    p.indexRows(pixelsOf(colours), 4, 0, 0, 4, 2, all, 0);
    expect(all[1 + 5 + 0]).toBe(nearestByHand(p.palette, word([9, 9, 9]))); // (9, 9, 9) → the nearest: (1, 2, 3)
    expect(all[6]).toBe(0);
    const px = pixelsOf(colours);
    px[4 * 5 + 3] = 128; // (1, 1) half transparent
    expect(() => p.indexRows(px, 4, 0, 0, 4, 2, all, 0)).toThrow(/\(1, 1\) is not opaque/);
    expect(() => p.indexRows(pixelsOf(colours), 4, 2, 0, 3, 1, out, 0)).toThrow(RangeError);
    expect(() => p.indexRows(pixelsOf(colours), 4, 0, 0, 4, 2, out, 0)).toThrow(RangeError); // 10 bytes do not fit in 8
  });
});

describe('the palette reference pictures call for', () => {
  it('puts the colours that lie flat first (a run of at least 4 along a row), then the others, each by pixels (ties: the higher RGB), at most 256', () => {
    // One row: A×5 (flat), B×3 + B×3 (6 pixels, never 4 in a run), C×4 (flat), D×1, then E and F, 2 each (a tie).
    const row: RGB[] = [
      ...Array<RGB>(5).fill([10, 0, 0]), ...Array<RGB>(3).fill([20, 0, 0]), [60, 0, 0], ...Array<RGB>(3).fill([20, 0, 0]),
      ...Array<RGB>(4).fill([30, 0, 0]), [40, 0, 0], [50, 0, 0], [50, 0, 0], [70, 0, 0], [70, 0, 0],
    ];
    const colours = new ReferenceColours().add({ width: row.length, height: 1, pixels: pixelsOf(row) }).palette();
    // Flat: A (5) then C (4); the rest: B (6), then F (70) and E (50) with 2 each, the higher RGB first, then D and (60) with 1.
    expect([...colours].map((c) => c & 255)).toEqual([10, 30, 20, 70, 50, 60, 40]);
    const many = new ReferenceColours();
    const next = random(12);
    many.add({ width: 100, height: 30, pixels: pixelsOf(Array.from({ length: 3000 }, (): RGB => [Math.floor(next() * 256), Math.floor(next() * 256), 7])) });
    expect(many.palette().length).toBe(256);
  });

  it('counts a run only within its row, and refuses a reference that is not opaque', () => {
    // 2 × 3: each row holds 2 of the colour, 6 in all, but never 4 in a run: not flat, after the flat one.
    const twoWide = new ReferenceColours().add({ width: 2, height: 3, pixels: pixelsOf(Array<RGB>(6).fill([5, 5, 5])) });
    twoWide.add({ width: 4, height: 1, pixels: pixelsOf(Array<RGB>(4).fill([6, 6, 6])) });
    expect([...twoWide.palette()]).toEqual([word([6, 6, 6]), word([5, 5, 5])]);
    const px = pixelsOf([[1, 1, 1], [1, 1, 1]]);
    px[7] = 0;
    expect(() => new ReferenceColours().add({ width: 2, height: 1, pixels: px })).toThrow(/not opaque/);
  });
});
