/**
 * The wide layout as PNG (issue 29): the map drawn in layers (map-raster.ts) into one reused buffer,
 * its PNG rows in the map's fixed palette (map-palette.ts) written as it is drawn, the legend's rows
 * under it quantized against the same palette, and deflated. What `renderPng(renderMapSvg(picture))` shows,
 * but for rounding (test/diplomacy/picture/map-raster.test.ts). Pure: memory only.
 */
import { STANDARD_MAP, type GameMap } from '../index.js';
import type { MapGeometry } from './geometry.js';
import type { MapPicture } from './map-picture.js';
import { borrowRows, mapIntoRows, mapPartsForRows, returnRows, wideLegendRasters, wideLegendRastersAsync, wideLegendRows, type MapRows, type WideLegend } from './map-raster.js';
import { mapPalette, mapPaletteAsync } from './map-palette.js';
import { encodeIndexedPng, encodeIndexedPngAsync, type FixedPalette, type Raster } from '../../rules/picture/index.js';

/**
 * The wide picture's PNG rows: the map's, indexed as it is drawn (`draw`), then the legend's; the
 * map's last row, which the legend's frame line also covers, indexed again once that is drawn.
 */
function wideRows(palette: FixedPalette, W: number, H: number, draw: (out: MapRows) => Raster, legend: WideLegend): { rows: Buffer; width: number; height: number } {
  const height = H + legend.height;
  const rows = borrowRows((W + 1) * height); // every byte written below
  const out = { palette, rows, at: 0 };
  wideLegendRows(draw(out), legend, out);
  return { rows, width: W, height };
}

/** The wide layout of `picture` as PNG bytes (what `renderPng(renderMapSvg(picture, geometry, map))` shows). */
export function renderWidePng(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Buffer {
  const palette = mapPalette(geometry, map);
  const legend = wideLegendRasters(picture, geometry);
  const { rows, width, height } = wideRows(palette, geometry.width, geometry.height, (out) => mapIntoRows(picture, geometry, map, 'wide', out), legend);
  try {
    return encodeIndexedPng(rows, palette.palette, width, height);
  } finally {
    returnRows(rows);
  }
}

/** {@link renderWidePng}'s bytes, resvg's rendering and zlib's deflating on libuv's thread pool. */
export async function renderWidePngAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<Buffer> {
  const [palette, draw, legend] = await Promise.all([mapPaletteAsync(geometry, map), mapPartsForRows(picture, geometry, map, 'wide'), wideLegendRastersAsync(picture, geometry)]);
  // From here to the rows, no await: the scratch buffer is this picture's.
  const { rows, width, height } = wideRows(palette, geometry.width, geometry.height, draw, legend);
  try {
    return await encodeIndexedPngAsync(rows, palette.palette, width, height);
  } finally {
    returnRows(rows); // deflated: no longer read
  }
}
