/**
 * What every game's picture shares (pure): the project's stroke font (text as paths, so PNGs are the
 * same bytes on every machine), colour helpers, and the PNG renderer (resvg, no browser, no system font).
 */
export { textPath, textWidth } from './stroke-font.js';
export { OKABE_ITO, ink, luminance, tint } from './colours.js';
export { encodeIndexedPng, encodeIndexedPngAsync, encodeOpaquePng, encodeOpaquePngAsync, renderPng, renderPngAsync } from './render-png.js';
export { compositeOver, copyRect, fillRect, rasterize, rasterizeAsync, solidRaster, type IndexTarget, type Raster } from './raster.js';
export { FixedPalette, ReferenceColours } from './palette.js';
