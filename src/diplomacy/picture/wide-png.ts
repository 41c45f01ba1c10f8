/**
 * The wide layout as PNG (issue 29): the map drawn in layers (map-raster.ts) into one reused buffer,
 * the legend's rows under it, both quantized at once against the map's fixed palette
 * (map-palette.ts) into the PNG's rows, and deflated. What `renderPng(renderMapSvg(picture))` shows,
 * but for rounding (test/diplomacy/picture/map-raster.test.ts). Pure: memory only.
 */
import type { GameMap } from '../map/types.js';
import { STANDARD_MAP } from '../map/standard.js';
import type { MapGeometry } from './geometry.js';
import type { MapPicture } from './map-picture.js';
import { mapIntoScratch, mapPartsForScratch, wideLegendRasters, wideLegendRastersAsync, widePieces, type WideLegend } from './map-raster.js';
import { mapPalette, mapPaletteAsync } from './map-palette.js';
import { encodeIndexedPng, encodeIndexedPngAsync, type FixedPalette, type Raster } from '../../rules/picture/index.js';

/** The wide picture's PNG rows: the map's, then the legend's (each row its filter byte and one index per pixel). */
function wideRows(palette: FixedPalette, mapRaster: Raster, legend: WideLegend): { rows: Buffer; width: number; height: number } {
  const pieces = widePieces(mapRaster, legend);
  const W = mapRaster.width;
  const height = mapRaster.height + legend.height;
  const rows = Buffer.allocUnsafe((W + 1) * height);
  const at = palette.indexRows(pieces.map.pixels, W, 0, 0, W, pieces.map.height, rows, 0);
  palette.indexRows(pieces.legend.pixels, W, 0, 0, W, pieces.legend.height, rows, at);
  return { rows, width: W, height };
}

/** The wide layout of `picture` as PNG bytes (what `renderPng(renderMapSvg(picture, geometry, map))` shows). */
export function renderWidePng(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Buffer {
  const palette = mapPalette(geometry, map);
  const legend = wideLegendRasters(picture, geometry);
  const { rows, width, height } = wideRows(palette, mapIntoScratch(picture, geometry, map, 'wide'), legend);
  return encodeIndexedPng(rows, palette.palette, width, height);
}

/** {@link renderWidePng}'s bytes, resvg's rendering and zlib's deflating on libuv's thread pool. */
export async function renderWidePngAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<Buffer> {
  const [palette, draw, legend] = await Promise.all([mapPaletteAsync(geometry, map), mapPartsForScratch(picture, geometry, map, 'wide'), wideLegendRastersAsync(picture, geometry)]);
  // From here to the rows, no await: the scratch buffer is this picture's.
  const { rows, width, height } = wideRows(palette, draw(), legend);
  return encodeIndexedPngAsync(rows, palette.palette, width, height);
}
