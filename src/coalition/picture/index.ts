/**
 * The Coalition grid picture (pure): the picture model, the SVG renderer, and the PNG through the
 * renderer every game shares (src/rules/picture). Imported directly, not through src/coalition/index.ts,
 * so that code which only adjudicates does not load the renderer.
 */
export { pictureOfMovement, pictureOfWorld, pictureStanding, type GridPicture, type PictureArmy, type PictureMove } from './grid-picture.js';
export { FACTION_COLOURS, FACTION_LETTERS, GRID_WIDTH, SQUARE_SIZE, TEAM_COLOURS, TERRAIN_COLOURS, armyMark, renderGridSvg, rosterOf, squareCentre, squareOrigin } from './render-grid-svg.js';
export { renderPng } from '../../rules/picture/index.js';
