/**
 * Draws the map pictures the manual shows (docs/map-*.png), wide and phone layouts, from the picture
 * test fixtures: a Spring 1901 (bounces and standoffs), a Fall 1902 (moves, supports, convoys, holds,
 * failed and illegal orders, a dislodgement) and a Fall 1901 retreat phase. Run after a deliberate
 * change of the picture, and look at every PNG: `tsc -p tsconfig.json && node dist/scripts/render-doc-maps.js`.
 */
import { writeFileSync } from 'node:fs';
import { STANDARD_MAP } from '../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, renderMapSvg, renderPng } from '../src/diplomacy/picture/index.js';
import { pictureOf, type CASES } from '../test/diplomacy/picture/pictures.js';

const DOCS = new URL('../../docs/', import.meta.url);
const PICTURES: Record<string, keyof typeof CASES> = {
  'map-spring-1901': 'bounce-spring-1901',
  'map-fall-1901': 'dislodgement-fall-1901',
  'map-fall-1902': 'fall-1902',
  'map-retreat-fall-1901': 'retreat-fall-1901',
};
for (const [file, name] of Object.entries(PICTURES)) {
  for (const layout of ['wide', 'phone'] as const) {
    const out = `${file}${layout === 'phone' ? '-phone' : ''}.png`;
    writeFileSync(new URL(out, DOCS), renderPng(renderMapSvg(pictureOf(name), STANDARD_GEOMETRY, STANDARD_MAP, layout)));
    process.stdout.write(`docs/${out}\n`);
  }
}
