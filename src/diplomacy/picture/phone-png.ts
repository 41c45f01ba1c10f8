/**
 * The phone layout as PNG (issue 29), drawing the map once: the whole map (with the phone's larger
 * names) is drawn in layers (map-raster.ts: the cached static base, the picture's own marks over it)
 * and resvg rasterizes the legend band. For the PNG (issue 29, this round) the map's PNG rows are
 * written as it is drawn, in the map's fixed palette (map-palette.ts), and the picture's rows are
 * cut from them: the west and east halves, the dark band between them, the legend's rows (its
 * fixed part's indexed once per palette, its title and counts as they are drawn);
 * the picture's own pixels (`renderPhoneRaster`, what the tests compare) are never put together
 * for the mail. The legend's fixed part is a kept raster, its title, subtitle and counts
 * drawn over it per picture. Drawing the SVG of {@link renderMapSvg}'s phone layout instead rendered the
 * map twice, once per half (bench:map: about twice the CPU of the wide picture). Pure: memory only.
 */
import { STANDARD_MAP, type GameMap } from '../index.js';
import type { MapGeometry } from './geometry.js';
import type { MapPicture } from './map-picture.js';
import { phoneFrame, type PhoneParts } from './render-svg.js';
import { borrowRows, keptRaster, keptRasterAsync, keptWithChangesRows, mapIntoRows, mapPartsForRows, renderMapRaster, returnRows, scratchBytes, withChanges, type MapRows } from './map-raster.js';
import { mapPalette, mapPaletteAsync } from './map-palette.js';
import { copyRect, encodeIndexedPng, encodeIndexedPngAsync, fillRect, rasterize, rasterizeAsync, solidRaster, type FixedPalette, type Raster } from '../../rules/picture/index.js';

/**
 * The phone picture's pixels from its parts' rasters: rows 0 to `mapHeight` the map's columns 0 to
 * `width`, then the band, then the map's columns `eastX` to its right edge, then the legend.
 */
export function composePhone(parts: Omit<PhoneParts, 'map'>, map: Raster, legend: Raster): Raster {
  if (map.width !== parts.mapWidth || map.height !== parts.mapHeight || legend.width !== parts.width || legend.height !== parts.legendHeight) {
    throw new RangeError(`the phone layout's rasters do not fit its parts: map ${map.width}x${map.height} (want ${parts.mapWidth}x${parts.mapHeight}), legend ${legend.width}x${legend.height} (want ${parts.width}x${parts.legendHeight})`);
  }
  const out = solidRaster(parts.width, parts.height, '#ffffff');
  copyRect(map, 0, 0, parts.width, parts.mapHeight, out, 0, 0);
  fillRect(out, 0, parts.mapHeight, parts.width, parts.gap, parts.gapColour);
  copyRect(map, parts.eastX, 0, parts.width, parts.mapHeight, out, 0, parts.mapHeight + parts.gap);
  copyRect(legend, 0, 0, parts.width, parts.legendHeight, out, 0, parts.legendTop);
  return out;
}

/** The phone picture's pixels (its map drawn once, in layers: map-raster.ts). */
export function renderPhoneRaster(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Raster {
  const parts = phoneFrame(picture, geometry);
  return composePhone(parts, renderMapRaster(picture, geometry, map, 'phone'), withChanges(keptRaster(parts.legendFixed), rasterize(parts.legendChanging)));
}

/**
 * The phone picture's PNG rows, laid out as {@link composePhone} lays out its pixels (issue 29): the
 * map's rows (`draw` writes them, indexed as it draws, into a reused buffer) cut into its west and
 * east columns, the band, the legend quantized. The palette gives each colour its index wherever it
 * stands, so these are the rows of the composed picture, without its 4.7 MB of pixels put together.
 */
function phoneRows(palette: FixedPalette, parts: Omit<PhoneParts, 'map'>, draw: (out: MapRows) => Raster, legendFixed: Raster, legendChanging: Raster): Buffer {
  for (const legend of [legendFixed, legendChanging]) {
    if (legend.width !== parts.width || legend.height !== parts.legendHeight) {
      throw new RangeError(`the phone layout's legend raster ${legend.width}x${legend.height} does not fit its parts (want ${parts.width}x${parts.legendHeight})`);
    }
  }
  const MW = parts.mapWidth;
  const mapRows = scratchBytes('phone map rows', (MW + 1) * parts.mapHeight);
  const drawn = draw({ palette, rows: mapRows, at: 0 });
  if (drawn.width !== MW || drawn.height !== parts.mapHeight) throw new RangeError(`the phone layout's map raster ${drawn.width}x${drawn.height} does not fit its parts (want ${MW}x${parts.mapHeight})`);
  const W = parts.width;
  const rows = borrowRows((W + 1) * parts.height);
  const white = palette.indexOf(0xffffff);
  rows.fill(white); // rows composePhone leaves white, if the layout ever leaves any; every row's filter byte is set below
  let at = 0;
  const half = (x0: number) => {
    for (let r = 0; r < parts.mapHeight; r++, at += W + 1) {
      rows[at] = 0;
      const from = r * (MW + 1) + 1 + x0;
      rows.set(mapRows.subarray(from, from + W), at + 1);
    }
  };
  half(0);
  const v = Number.parseInt(parts.gapColour.slice(1), 16);
  const band = palette.indexOf(((v >> 16) & 255) | (v & 0xff00) | ((v & 255) << 16));
  for (let r = 0; r < parts.gap; r++, at += W + 1) {
    rows[at] = 0;
    rows.fill(band, at + 1, at + W + 1);
  }
  half(parts.eastX);
  for (; at < (W + 1) * parts.legendTop; at += W + 1) rows[at] = 0;
  keptWithChangesRows(legendFixed, legendChanging, 'phone legend', { palette, rows, at });
  at += (W + 1) * parts.legendHeight;
  for (; at < rows.length; at += W + 1) rows[at] = 0;
  return rows;
}

/** The phone layout of `picture` as PNG bytes. */
export function renderPhonePng(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Buffer {
  const palette = mapPalette(geometry, map);
  const parts = phoneFrame(picture, geometry);
  const rows = phoneRows(palette, parts, (out) => mapIntoRows(picture, geometry, map, 'phone', out), keptRaster(parts.legendFixed), rasterize(parts.legendChanging));
  try {
    return encodeIndexedPng(rows, palette.palette, parts.width, parts.height);
  } finally {
    returnRows(rows);
  }
}

/**
 * {@link renderPhonePng}'s bytes with the rasterizing (map and legend at once) and the deflating on
 * libuv's thread pool; the drawing in layers and the indexing on the caller's.
 */
export async function renderPhonePngAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<Buffer> {
  const parts = phoneFrame(picture, geometry);
  const [palette, draw, fixed, changing] = await Promise.all([mapPaletteAsync(geometry, map), mapPartsForRows(picture, geometry, map, 'phone'), keptRasterAsync(parts.legendFixed), rasterizeAsync(parts.legendChanging)]);
  // From here to the rows, no await: the scratch buffers are this picture's.
  const rows = phoneRows(palette, parts, draw, fixed, changing);
  try {
    return await encodeIndexedPngAsync(rows, palette.palette, parts.width, parts.height);
  } finally {
    returnRows(rows); // deflated: no longer read
  }
}
