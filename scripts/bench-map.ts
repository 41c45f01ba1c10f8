/**
 * `npm run bench:map`: milliseconds per map picture, from a played phase (a busy Fall 1901: moves,
 * supports, a convoy, bounces, a dislodgement with retreat options) to PNG bytes: the picture model,
 * the SVG, and resvg's rendering and PNG encoding. One core (resvg renders on the calling thread).
 * Prints one line: the median over 5 runs of 20 pictures each.
 */
import { readFileSync } from 'node:fs';
import { adjudicate } from '../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfResults, renderMapSvg, renderPng } from '../src/diplomacy/picture/index.js';
import { AdjudicateJson, readOrders, readPosition, validate } from '../src/cli/position-json.js';

const RUNS = 5;
const PER_RUN = 20;

const input = validate(AdjudicateJson, JSON.parse(readFileSync(new URL('../../test/fixtures/map/fall-1901-orders.json', import.meta.url), 'utf8')));
const state = readPosition(input);
const out = adjudicate(state, readOrders(input.orders, state));

function once(): Buffer {
  const picture = pictureOfResults(state.phase, out.results, out.state, out.next);
  return renderPng(renderMapSvg(picture, STANDARD_GEOMETRY));
}

for (let i = 0; i < 3; i++) once(); // warm-up
const perPng: number[] = [];
let bytes = 0;
for (let r = 0; r < RUNS; r++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < PER_RUN; i++) bytes = once().length;
  perPng.push(Number(process.hrtime.bigint() - t0) / 1e6 / PER_RUN);
}
// The floor on this machine at this moment: a blank picture of the same size through the same renderer.
const W = STANDARD_GEOMETRY.width;
const H = STANDARD_GEOMETRY.height + 96;
const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#bcd6ea"/></svg>`;
const blankMs: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < PER_RUN; i++) renderPng(blank);
  blankMs.push(Number(process.hrtime.bigint() - t0) / 1e6 / PER_RUN);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`map: ${median(perPng).toFixed(1)} ms per PNG (median of ${RUNS} runs of ${PER_RUN}; ${W}x${H} px, ${(bytes / 1024).toFixed(0)} KiB; a blank PNG of that size: ${median(blankMs).toFixed(1)} ms)`);
