/** The map picture: geometry, the picture model, SVG and PNG renderers. */
export { STANDARD_GEOMETRY, anchorOf, inProvinceRegion, pointInRings, type MapGeometry, type Point, type ProvinceGeometry, type Ring } from './geometry.js';
export { pictureOfPosition, pictureOfResults, phaseTitle, statusOf, type MapPicture, type OrderStatus, type PictureOrder, type ResultLine } from './map-picture.js';
export { renderMapSvg, unitMark, tint, POWER_COLOURS, LEGEND_HEIGHT } from './render-svg.js';
export { renderPng, textPath, textWidth } from '../../rules/picture/index.js';
