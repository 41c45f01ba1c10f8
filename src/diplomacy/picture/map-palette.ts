/**
 * The map pictures' palette, fixed once per geometry and map (issue 29: at a deadline of many boards
 * the palette counted per picture, its 256 most frequent colours, and the nearest of them for each of
 * ~12,000 rarer shades, was a third of the main thread's CPU per board). Pure: memory only; the
 * one cache is a memo of a pure function of immutable data.
 *
 * Every picture of a map is drawn from the same parts: the static base, the centres' fills (each
 * power's tint or plain land), the marks (the powers' colours, the dark outline, white), the names
 * (their ink and halo) and the legends. So the palette is chosen from reference pictures drawn by
 * the same code as the judge's pictures: the opening position and a busy one (every kind of order
 * and outcome, a standoff, a dislodged and a removed unit) in both layouts with their legends, and
 * the base with every centre in each power's tint. Every colour that lies flat in them (a run of 4
 * or more pixels: fills, lines' cores, letters' strokes) is in the palette, the most frequent shades
 * fill the rest (src/rules/picture/palette.ts, `ReferenceColours`); a picture's pixel then takes its
 * exact entry, or the nearest (`FixedPalette`). The same position gives the same bytes in every
 * process: the palette depends on nothing but the geometry and the map.
 */
import { POWERS, STANDARD_MAP, standardStartState, parseOrder, type GameMap, type Power } from '../index.js';
import type { MapGeometry } from './geometry.js';
import { pictureOfPosition, type MapPicture, type OrderStatus, type PictureOrder } from './map-picture.js';
import { centreFills, phoneFrame } from './render-svg.js';
import { keptRaster, keptRasterAsync, paintedBase, renderMapRaster, renderMapRasterAsync, renderWideRaster, renderWideRasterAsync, scratchRaster, staticBase, staticBaseAsync, withChanges, type StaticBase } from './map-raster.js';
import { FixedPalette, ReferenceColours, rasterize, rasterizeAsync, solidRaster, type Raster } from '../../rules/picture/index.js';
import { GeometryMemo } from './geometry-memo.js';

/** The busy reference: spring 1901's usual openings, with every kind of order and outcome drawn. */
const BUSY_ORDERS: readonly (readonly [Power, string, OrderStatus])[] = [
  ['AUSTRIA', 'A VIE - GAL', 'succeeded'],
  ['AUSTRIA', 'A BUD S A VIE - GAL', 'succeeded'],
  ['AUSTRIA', 'F TRI - VEN', 'failed'],
  ['ENGLAND', 'F LON - NTH', 'succeeded'],
  ['ENGLAND', 'F EDI - NWG', 'succeeded'],
  ['ENGLAND', 'A LVP - YOR', 'succeeded'],
  ['ENGLAND', 'F NTH C A YOR - NWY', 'succeeded'],
  ['FRANCE', 'F BRE - MAO', 'succeeded'],
  ['FRANCE', 'A PAR - BUR', 'failed'],
  ['FRANCE', 'A MAR S A PAR - BUR', 'failed'],
  ['GERMANY', 'F KIE - DEN', 'succeeded'],
  ['GERMANY', 'A BER - KIE', 'succeeded'],
  ['GERMANY', 'A MUN - BUR', 'failed'],
  ['ITALY', 'F NAP - ION', 'succeeded'],
  ['ITALY', 'A ROM - APU', 'succeeded'],
  ['ITALY', 'A VEN H', 'succeeded'],
  ['RUSSIA', 'F STP/SC - BOT', 'succeeded'],
  ['RUSSIA', 'A MOS - UKR', 'succeeded'],
  ['RUSSIA', 'A WAR - GAL', 'failed'],
  ['RUSSIA', 'F SEV - BLA', 'failed'],
  ['RUSSIA', 'A WAR S A MOS - UKR', 'succeeded'],
  ['TURKEY', 'F ANK - BLA', 'failed'],
  ['TURKEY', 'A CON - BUL', 'succeeded'],
  ['TURKEY', 'A SMY - ARM', 'illegal'],
  ['TURKEY', 'A CON S F ANK H', 'succeeded'],
];

/** The reference pictures of a map: the opening and the busy one (the standard map's), else an empty board. */
function referencePictures(map: GameMap): MapPicture[] {
  if (map !== STANDARD_MAP) return [{ title: 'REFERENCE', subtitle: '', units: [], centers: new Map(), dislodged: [], standoffs: [], orders: [], removed: [] }];
  const start = standardStartState();
  const opening = pictureOfPosition(start);
  const orders: PictureOrder[] = BUSY_ORDERS.map(([power, text, status]) => {
    const parsed = parseOrder(text);
    if (!parsed.ok) throw new Error(`map palette: the reference order ${text} does not parse`);
    return { power, order: parsed.order, status };
  });
  const busy: MapPicture = {
    ...opening,
    title: 'SPRING 1901 - RESULTS',
    subtitle: 'NEXT: FALL 1901 (F1901M)',
    orders,
    standoffs: ['BUR'],
    dislodged: [{ power: 'AUSTRIA', kind: 'F', location: 'TRI', attackerFrom: 'VEN', retreats: ['ALB', 'ADR'] }],
    removed: [{ power: 'TURKEY', kind: 'A', location: 'SMY' }],
  };
  return [opening, busy];
}

/** Every supply centre owned by `power`: the base in that power's tint. */
function allOwnedBy(map: GameMap, power: Power): MapPicture {
  const centers = new Map([...map.provinces.values()].filter((p) => p.supplyCenter).map((p) => [p.id, power] as const));
  return { title: '', subtitle: '', units: [], centers, dislodged: [], standoffs: [], orders: [], removed: [] };
}

const PALETTES = new GeometryMemo<FixedPalette>();

/** The phone legend's pixels and its dark band, for the reference. */
function phoneExtras(picture: MapPicture, geometry: MapGeometry, legendFixed: Raster, legendChanging: Raster): Raster[] {
  const frame = phoneFrame(picture, geometry);
  return [withChanges(legendFixed, legendChanging), solidRaster(frame.width, frame.gap, frame.gapColour)];
}

/** The palette of `geometry` and `map`, made on first use (~0.3 s CPU) and kept while both live. */
export function mapPalette(geometry: MapGeometry, map: GameMap = STANDARD_MAP): FixedPalette {
  return PALETTES.get(geometry, map, () => {
    const colours = new ReferenceColours();
    for (const picture of referencePictures(map)) {
      colours.add(renderWideRaster(picture, geometry, map)).add(renderMapRaster(picture, geometry, map, 'phone'));
      const frame = phoneFrame(picture, geometry);
      for (const r of phoneExtras(picture, geometry, keptRaster(frame.legendFixed), rasterize(frame.legendChanging))) colours.add(r);
    }
    return paletteOf(colours, staticBase(geometry, map), geometry, map);
  });
}

/** The palette of the reference pictures' colours and the base in every power's tint. */
function paletteOf(colours: ReferenceColours, base: StaticBase, geometry: MapGeometry, map: GameMap): FixedPalette {
  const scratch = scratchRaster('map', base.width, base.height);
  for (const power of POWERS) colours.add(paintedBase(base, centreFills(allOwnedBy(map, power), geometry, map), scratch));
  return new FixedPalette(colours.palette());
}

/** {@link mapPalette} with resvg's rendering on libuv's thread pool (the first picture of a process): the same palette. */
export function mapPaletteAsync(geometry: MapGeometry, map: GameMap = STANDARD_MAP): Promise<FixedPalette> {
  return PALETTES.getAsync(geometry, map, async () => {
    const pictures = referencePictures(map);
    const drawn = await Promise.all(pictures.map(async (picture) => {
      const frame = phoneFrame(picture, geometry);
      const [wide, phone, fixed, changing] = await Promise.all([
        renderWideRasterAsync(picture, geometry, map),
        renderMapRasterAsync(picture, geometry, map, 'phone'),
        keptRasterAsync(frame.legendFixed),
        rasterizeAsync(frame.legendChanging),
      ]);
      return [wide, phone, ...phoneExtras(picture, geometry, fixed, changing)];
    }));
    const colours = new ReferenceColours();
    for (const rasters of drawn) for (const r of rasters) colours.add(r);
    return paletteOf(colours, await staticBaseAsync(geometry, map), geometry, map);
  });
}
