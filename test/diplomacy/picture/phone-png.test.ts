/**
 * Issue 29: the phone picture draws the map once. Its two halves are the west and east crops of ONE
 * raster of the map (checked pixel by pixel against the map drawn here, on its own), the band
 * between them is the dark band, the legend is the legend's raster; the picture is what the
 * two-window SVG shows (the layout issue 28 made), pixel for pixel but for resvg's anti-aliased edge
 * of a nested viewport; and the PNG, decoded by the tests' own reader, is that picture in indexed
 * colour (src/rules/picture/palette.ts, tested on its own in test/rules/picture/palette.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_MAP } from '../../../src/diplomacy/index.js';
import { PHONE_TILE, STANDARD_GEOMETRY, mapPalette, phoneParts, rasterize, renderMapRaster, renderMapSvg, renderPhonePng, renderPhonePngAsync, renderPhoneRaster, type Raster } from '../../../src/diplomacy/picture/index.js';
import { decodePng, type DecodedPng } from '../../helpers/decode-png.js';
import { pictureOf } from './pictures.js';

/** RGBA of `r` at (x, y). */
const at = (r: Raster, x: number, y: number): number[] => [...r.pixels.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 4)];

/** The first pixel of the `w` × `h` block of `png` at (px, py) that differs from `r`'s block at (rx, ry), or undefined. */
function firstDifference(png: DecodedPng, px: number, py: number, r: Raster, rx: number, ry: number, w: number, h: number): string | undefined {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = png.pixel(px + x, py + y);
      const b = at(r, rx + x, ry + y);
      if (a.some((v, i) => v !== b[i])) return `picture (${px + x}, ${py + y}) = ${a.join(',')}, raster (${rx + x}, ${ry + y}) = ${b.join(',')}`;
    }
  }
  return undefined;
}

describe('the phone picture from one raster of the map', () => {
  const picture = pictureOf('fall-1902');
  const parts = phoneParts(picture, STANDARD_GEOMETRY, STANDARD_MAP);
  const png = renderPhonePng(picture, STANDARD_GEOMETRY, STANDARD_MAP);
  // The picture's own pixels (before the PNG's palette): what the layout is checked on.
  const raster = renderPhoneRaster(picture, STANDARD_GEOMETRY, STANDARD_MAP);
  const decoded: DecodedPng = { width: raster.width, height: raster.height, pixel: (x, y) => at(raster, x, y) as [number, number, number, number] };

  it('is encoded as the indexed-colour PNG of its pixels: each pixel its colour\'s entry in the map\'s fixed palette', () => {
    expect(png[25]).toBe(3); // IHDR colour type: indexed
    const fromPng = decodePng(png);
    expect([fromPng.width, fromPng.height]).toEqual([raster.width, raster.height]);
    // The PNG's rows are quantized piece by piece (phone-png.ts); the palette gives each colour the
    // same index wherever it stands, so every pixel is the composed picture's pixel's palette colour.
    const palette = mapPalette(STANDARD_GEOMETRY, STANDARD_MAP);
    let exact = 0;
    let notPalette: string | undefined; // the first pixel that is not its palette colour (one expect at the end: 1.2 million of them took long on a loaded machine)
    for (let y = 0; y < raster.height; y++) {
      for (let x = 0; x < raster.width; x++) {
        const [r, g, b] = at(raster, x, y);
        const c = palette.palette[palette.indexOf(r! | (g! << 8) | (b! << 16))]!;
        const want = [c & 255, (c >>> 8) & 255, (c >>> 16) & 255, 255];
        const got = fromPng.pixel(x, y);
        if (!notPalette && got.some((v, i) => v !== want[i])) notPalette = `(${x}, ${y}) = ${got.join(',')}, palette colour ${want.join(',')}`;
        if (at(raster, x, y).every((v, i) => v === got[i])) exact++;
      }
    }
    expect(notPalette).toBeUndefined();
    // Most of a map is its fills, lines and names in their exact colours; only anti-aliased edges move.
    expect(exact / (raster.width * raster.height)).toBeGreaterThan(0.9);
  });

  it('is 520 px wide: two map halves of 971 rows, an 8 px band, the legend', () => {
    const H = STANDARD_GEOMETRY.height; // 971
    expect([parts.width, parts.mapWidth, parts.mapHeight, parts.eastX, parts.gap]).toEqual([PHONE_TILE, 1000, H, 1000 - 520, 8]);
    expect(parts.legendTop).toBe(2 * 971 + 8); // 1950
    expect([decoded.width, decoded.height]).toEqual([520, 1950 + parts.legendHeight]);
  });

  // The map raster is drawn in layers (map-raster.ts; compared with resvg's render of parts.map in
  // map-raster.test.ts): the halves are crops of that one raster.
  it('its halves are the west (x 0–519) and east (x 480–999) crops of the map raster, pixel for pixel', () => {
    const map = renderMapRaster(picture, STANDARD_GEOMETRY, STANDARD_MAP, 'phone');
    expect([map.width, map.height]).toEqual([1000, 971]);
    expect(firstDifference(decoded, 0, 0, map, 0, 0, 520, 971), 'west half').toBeUndefined();
    expect(firstDifference(decoded, 0, 971 + 8, map, 480, 0, 520, 971), 'east half').toBeUndefined();
    // The 40 px both halves show (x 480–519 of the map) is the same pixels in each.
    expect(firstDifference(decoded, 480, 0, map, 480, 0, 40, 971)).toBeUndefined();
    expect(firstDifference(decoded, 0, 979, map, 480, 0, 40, 971)).toBeUndefined();
  });

  it('the band between the halves is #1a1a1a, and the legend is the legend raster (but for the rounding of its changing text)', () => {
    for (let y = 971; y < 979; y++) for (const x of [0, 100, 260, 519]) expect(decoded.pixel(x, y)).toEqual([0x1a, 0x1a, 0x1a, 255]);
    const legend = rasterize(parts.legend);
    expect([legend.width, legend.height]).toEqual([520, parts.legendHeight]);
    // The legend's fixed part is a kept raster and its title, subtitle and counts are drawn over it
    // (map-raster.ts): where that text is anti-aliased, the composite rounds once more than resvg's
    // single render, at most 1 per channel (measured: ~2,300 of the legend's ~150,000 pixels).
    let differ = 0;
    let max = 0;
    for (let y = 0; y < parts.legendHeight; y++) {
      for (let x = 0; x < 520; x++) {
        const a = decoded.pixel(x, parts.legendTop + y);
        const b = at(legend, x, y);
        const d = Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
        max = Math.max(max, d);
        if (d > 0) differ++;
      }
    }
    expect(max).toBeLessThanOrEqual(1);
    expect(differ).toBeLessThan(0.05 * 520 * parts.legendHeight);
  });

  it('shows what the two-window SVG shows (issue 28\'s layout): the same pixels, but for the nested viewport\'s left edge', () => {
    const svg = rasterize(renderMapSvg(picture, STANDARD_GEOMETRY, STANDARD_MAP, 'phone'));
    expect([svg.width, svg.height]).toEqual([decoded.width, decoded.height]);
    let differ = 0;
    for (let y = 0; y < svg.height; y++) {
      for (let x = 1; x < svg.width; x++) { // column 0: resvg blends a nested <svg>'s clip edge with the white under it
        const a = decoded.pixel(x, y);
        const b = at(svg, x, y);
        if (a.some((v, i) => Math.abs(v - b[i]!) > 8)) differ++;
      }
    }
    // 520 × 2245 = 1,167,400 pixels: fewer than 1 in 10,000 differ visibly (anti-aliasing at a few edges).
    expect(differ).toBeLessThan(117);
  });

  it('off the main thread: the same bytes', async () => {
    expect((await renderPhonePngAsync(picture, STANDARD_GEOMETRY, STANDARD_MAP)).equals(png)).toBe(true);
  });
});
