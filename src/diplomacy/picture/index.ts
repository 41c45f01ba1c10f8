/** The map picture: geometry, the picture model, SVG and PNG renderers. */
export { STANDARD_GEOMETRY, anchorOf, inProvinceRegion, pointInRings, type MapGeometry, type Point, type ProvinceGeometry, type Ring } from './geometry.js';
export { pictureKey } from './picture-key.js';
export { pictureOfPosition, pictureOfResults, phaseTitle, statusOf, type MapPicture, type OrderStatus, type PictureOrder, type ResultLine } from './map-picture.js';
export { renderMapSvg, phoneParts, phoneFrame, wideLegend, baseLayers, overlayLayers, overlayParts, centreFills, type HomeLabel, PHONE_TILE, type PhoneParts, drawPicture, unitMark, tint, POWER_COLOURS, LEGEND_HEIGHT, LABEL_SIZE, type DrawnPicture, type MapLayout } from './render-svg.js';
export { layoutLabels, intersects, type Box, type PlacedLabel, type LabelOptions } from './label-layout.js';
export { renderMapRaster, renderMapRasterAsync, renderWideRaster, renderWideRasterAsync, staticBase, staticBaseAsync, labelSpriteBytes, type StaticBase } from './map-raster.js';
export { renderWidePng, renderWidePngAsync } from './wide-png.js';
export { mapPalette, mapPaletteAsync } from './map-palette.js';
export { composePhone, renderPhonePng, renderPhonePngAsync, renderPhoneRaster } from './phone-png.js';
export { renderPng, renderPngAsync, rasterize, textPath, textWidth, type Raster } from '../../rules/picture/index.js';
