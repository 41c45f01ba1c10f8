/**
 * The phone layout as PNG (issue 29), drawing the map once: the whole map (with the phone's larger
 * names) is drawn in layers (map-raster.ts: the cached static base, the picture's own marks over it)
 * and resvg rasterizes the legend band; the west and east halves are copied out of the one map
 * raster into the picture's pixels, the dark band between them painted, and the picture encoded once
 * (src/rules/picture). The legend's fixed part is a kept raster, its title, subtitle and counts
 * drawn over it per picture. Drawing the SVG of {@link renderMapSvg}'s phone layout instead rendered the
 * map twice, once per half (bench:map: about twice the CPU of the wide picture). Pure: memory only.
 */
import type { GameMap } from '../map/types.js';
import { STANDARD_MAP } from '../map/standard.js';
import type { MapGeometry } from './geometry.js';
import type { MapPicture } from './map-picture.js';
import { phoneFrame, type PhoneParts } from './render-svg.js';
import { encodePicture, keptRaster, keptRasterAsync, renderMapRaster, renderMapRasterAsync, withChanges } from './map-raster.js';
import { copyRect, encodeOpaquePngAsync, fillRect, rasterize, rasterizeAsync, solidRaster, type Raster } from '../../rules/picture/index.js';

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

/** The phone layout of `picture` as PNG bytes. */
export function renderPhonePng(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Buffer {
  return encodePicture(renderPhoneRaster(picture, geometry, map), 'phone');
}

/**
 * {@link renderPhonePng}'s bytes with the rasterizing (map and legend at once) and the deflating on
 * libuv's thread pool; the copying of the halves (a few milliseconds of memory copies) on the caller's.
 */
export async function renderPhonePngAsync(picture: MapPicture, geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<Buffer> {
  const parts = phoneFrame(picture, geometry);
  const [m, fixed, changing] = await Promise.all([renderMapRasterAsync(picture, geometry, map, 'phone'), keptRasterAsync(parts.legendFixed), rasterizeAsync(parts.legendChanging)]);
  const r = composePhone(parts, m, withChanges(fixed, changing));
  const png = await encodeOpaquePngAsync(r.pixels, r.width, r.height);
  return png ?? encodePicture(r, 'phone');
}
