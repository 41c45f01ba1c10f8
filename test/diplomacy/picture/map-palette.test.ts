/**
 * Issue 29: the map pictures' palette is fixed once per geometry and map (src/diplomacy/picture/
 * map-palette.ts) from reference pictures, instead of counted per picture. Checked here: every
 * colour the map draws flat is its own entry (so fills, units, lines and names are exact in every
 * picture), every colour lying flat in the base in any owner's tint is exact, the palette is the
 * same however it is made (deterministic), and what the quantizing costs a picture in fidelity
 * (bounded against the picture's own pixels).
 */
import { describe, expect, it } from 'vitest';
import { POWERS, STANDARD_MAP } from '../../../src/diplomacy/index.js';
import { POWER_COLOURS, STANDARD_GEOMETRY, mapPalette, mapPaletteAsync, renderWidePng, renderWideRaster, staticBase, tint } from '../../../src/diplomacy/picture/index.js';
import { paintedBase } from '../../../src/diplomacy/picture/map-raster.js';
import { decodePng } from '../../helpers/decode-png.js';
import { pictureOf } from './pictures.js';

const word = (hex: string) => {
  const v = Number.parseInt(hex.slice(1), 16);
  return ((v >> 16) & 255) | (v & 0xff00) | ((v & 255) << 16);
};

describe('the map palette', () => {
  const palette = mapPalette(STANDARD_GEOMETRY, STANDARD_MAP);

  it('holds every colour the map draws flat, each as its own entry (table: render-svg.ts\'s colours)', () => {
    const flat: Record<string, string> = {
      sea: '#bcd6ea',
      land: '#f3ecd6',
      'filler land': '#d9d5cb',
      impassable: '#c5bfae',
      'dark (outlines, the phone band, names on land)': '#1a1a1a',
      white: '#ffffff',
      'standoff star': '#fff36b',
      'names at sea': '#1d4466',
      ...Object.fromEntries(POWERS.map((p) => [`${p} colour`, POWER_COLOURS[p]])),
      ...Object.fromEntries(POWERS.map((p) => [`${p} tint`, tint(POWER_COLOURS[p])])),
    };
    for (const [what, hex] of Object.entries(flat)) {
      const i = palette.indexOf(word(hex));
      expect(palette.palette[i], `${what} ${hex}`).toBe(word(hex));
    }
  });

  it('maps each of its entries to itself, and holds 256', () => {
    expect(palette.palette.length).toBe(256);
    palette.palette.forEach((c, i) => expect(palette.indexOf(c)).toBe(i));
  });

  it('keeps exact every colour lying flat in a run of 8 or more in the base, whoever owns the centres, and the shorter runs\' colours close', () => {
    // The base's long runs are its fills and the long straight pieces of its 1 px lines; runs of 4 to
    // 7 are also the shades of short straight pieces, more of them than a palette of 256 holds with
    // the marks' colours (measured: 37 such shades, 3,385 of the 7.4 million flat pixels of the eight
    // bases below, each at most 24 off in a channel).
    const base = staticBase(STANDARD_GEOMETRY, STANDARD_MAP);
    let long = 0;
    for (const owner of [undefined, ...POWERS]) {
      const fills = new Map([...base.centres.keys()].map((id) => [id, owner ? tint(POWER_COLOURS[owner]) : '#f3ecd6']));
      const r = paintedBase(base, fills);
      const words = new Uint32Array(r.pixels.buffer, r.pixels.byteOffset, r.width * r.height);
      const longest = new Map<number, number>();
      for (let y = 0; y < r.height; y++) {
        let start = y * r.width;
        for (let p = start + 1; p <= (y + 1) * r.width; p++) {
          if (p < (y + 1) * r.width && words[p] === words[start]) continue;
          const c = words[start]! & 0xffffff;
          longest.set(c, Math.max(longest.get(c) ?? 0, p - start));
          start = p;
        }
      }
      for (const [c, run] of longest) {
        if (run < 4) continue;
        const got = palette.palette[palette.indexOf(c)]!;
        const what = `#${c.toString(16)} (a run of ${run}) with ${owner ?? 'nobody'} owning`;
        if (run >= 8) {
          expect(got, what).toBe(c);
          long++;
        } else {
          for (const shift of [0, 8, 16]) expect(Math.abs(((got >>> shift) & 255) - ((c >>> shift) & 255)), what).toBeLessThanOrEqual(24);
        }
      }
    }
    expect(long).toBeGreaterThan(40);
  });

  it('is the same palette however it is made: drawn off the main thread for a geometry of its own', async () => {
    const fresh = await mapPaletteAsync({ ...STANDARD_GEOMETRY }, STANDARD_MAP);
    expect(fresh).not.toBe(palette);
    expect([...fresh.palette]).toEqual([...palette.palette]);
  });

  it('costs a picture little fidelity: measured against its own pixels, most exact, none far off', () => {
    // fall-1902 is the busiest fixed position (most lines, units and moved names).
    const picture = pictureOf('fall-1902');
    const raster = renderWideRaster(picture, STANDARD_GEOMETRY, STANDARD_MAP);
    const png = decodePng(renderWidePng(picture, STANDARD_GEOMETRY, STANDARD_MAP));
    let exact = 0;
    let sum = 0;
    let far = 0;
    let max = 0;
    for (let y = 0; y < raster.height; y++) {
      for (let x = 0; x < raster.width; x++) {
        const o = (y * raster.width + x) * 4;
        const got = png.pixel(x, y);
        let d = 0;
        for (let c = 0; c < 3; c++) {
          const e = Math.abs(got[c]! - raster.pixels[o + c]!);
          sum += e;
          d = Math.max(d, e);
        }
        if (d === 0) exact++;
        if (d > 24) far++;
        max = Math.max(max, d);
      }
    }
    const n = raster.width * raster.height;
    // Measured: 92.5 % exact, a mean channel error of 0.35 (of 255), 977 pixels (0.09 %) more than 24
    // off (anti-aliased edges), at most 55; the palette counted per picture before: 94.0 %, 0.33,
    // 3,704 pixels (0.33 %), 75.
    expect(exact / n).toBeGreaterThan(0.9);
    expect(sum / (3 * n)).toBeLessThan(0.5);
    expect(far / n).toBeLessThan(0.002);
    expect(max).toBeLessThanOrEqual(64);
  });
});
