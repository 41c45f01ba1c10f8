/**
 * Writes the SVG goldens of test/diplomacy/picture/ and test/coalition/picture/ (and a PNG of each under the temp folder, to look at).
 * Run by hand after a deliberate change of the picture, then look at every PNG before committing:
 * `tsc -p tsconfig.json && node dist/scripts/write-map-goldens.js`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STANDARD_GEOMETRY, renderMapSvg, renderPng } from '../src/diplomacy/picture/index.js';
import { CASES, GOLDENS, goldenText, pictureOf } from '../test/diplomacy/picture/pictures.js';
import { GRID_CASES, GRID_GOLDENS, gridSvgOf } from '../test/coalition/picture/grid-pictures.js';

const pngs = join(tmpdir(), 'mailjudge-map-goldens');
mkdirSync(pngs, { recursive: true });
for (const name of Object.keys(CASES) as (keyof typeof CASES)[]) {
  const svg = renderMapSvg(pictureOf(name), STANDARD_GEOMETRY);
  writeFileSync(join(GOLDENS, `${name}.svg`), goldenText(svg));
  writeFileSync(join(pngs, `${name}.png`), renderPng(svg));
  process.stdout.write(`${name}: golden written; look at ${join(pngs, `${name}.png`)}\n`);
}
for (const name of Object.keys(GRID_CASES) as (keyof typeof GRID_CASES)[]) {
  const svg = gridSvgOf(name);
  writeFileSync(join(GRID_GOLDENS, `${name}.svg`), svg);
  writeFileSync(join(pngs, `coalition-${name}.png`), renderPng(svg));
  process.stdout.write(`coalition ${name}: golden written; look at ${join(pngs, `coalition-${name}.png`)}\n`);
}
