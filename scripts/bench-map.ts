/**
 * `npm run bench:map`: milliseconds per map picture, one summary line per picture kind, each from
 * its model to PNG bytes (the picture model, the SVG, resvg's rendering, the PNG encoding), on one
 * core (resvg renders on the calling thread):
 * - diplomacy: a busy Fall 1901 (moves, supports, a convoy, bounces, a dislodgement with retreats),
 *   as the judge draws it (issue 29: in layers, src/diplomacy/picture/map-raster.ts: the static base
 *   rasterized once per process, before the timing, only the picture's own marks per picture; its
 *   palette fixed once per process, from reference pictures, also before the timing);
 * - diplomacy (SVG): the same picture rendered by resvg from its whole SVG (how it was drawn before
 *   the layers), for comparison at the same moment;
 * - diplomacy phone: the same picture in the phone layout (issue 28: two stacked halves, 520 px wide),
 *   as the judge draws it (issue 29: the map rasterized once, the halves cut from it: renderPhonePng);
 * - diplomacy phone (SVG): the same picture from its two-window SVG (the map drawn twice: how it was
 *   drawn before issue 29), for comparison at the same moment;
 * - coalition: a turn on the example grid (moves carried out, stopped short and rejected, two battles);
 * - map board: the diplomacy picture in both layouts as the judge draws a board at a deadline
 *   (renderWidePngAsync and renderPhonePngAsync at once, four boards in flight): the main thread's
 *   own CPU per board (issue 29: what the judge's event loop pays) and the process's.
 * Each line gives the median wall time over 5 runs of 20 pictures, the process CPU time per picture
 * (what the picture costs on a shared machine, where wall time also counts other processes), the
 * picture's size, and the floor: a blank picture of the same size through the same renderer.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { STANDARD_MAP, adjudicate } from '../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, mapPalette, pictureOfResults, renderMapSvg, renderPhonePng, renderPhonePngAsync, renderPng, renderWidePng, renderWidePngAsync, staticBase } from '../src/diplomacy/picture/index.js';
import { adjudicateMovement } from '../src/coalition/index.js';
import { pictureOfMovement, renderGridSvg } from '../src/coalition/picture/index.js';
import { AdjudicateJson, readOrders, readPosition, validate } from '../src/cli/position-json.js';
import { coalitionMoveDice, readCoalitionMoveInput } from '../src/cli/commands/coalition-move.js';

const RUNS = 5;
const PER_RUN = 20;
const fixture = (path: string) => readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');

const input = validate(AdjudicateJson, JSON.parse(fixture('map/fall-1901-orders.json')));
const state = readPosition(input);
const out = adjudicate(state, readOrders(input.orders, state));
const turn = readCoalitionMoveInput(fixture('coalition-map/turn-3.json'));
const update = adjudicateMovement({ map: turn.map, armies: turn.armies }, turn.orders, coalitionMoveDice('bench'));

const KINDS: Record<string, () => Buffer> = {
  diplomacy: () => renderWidePng(pictureOfResults(state.phase, out.results, out.state, out.next), STANDARD_GEOMETRY, STANDARD_MAP),
  'diplomacy (SVG)': () => renderPng(renderMapSvg(pictureOfResults(state.phase, out.results, out.state, out.next), STANDARD_GEOMETRY)),
  'diplomacy phone': () => renderPhonePng(pictureOfResults(state.phase, out.results, out.state, out.next), STANDARD_GEOMETRY, STANDARD_MAP),
  'diplomacy phone (SVG)': () => renderPng(renderMapSvg(pictureOfResults(state.phase, out.results, out.state, out.next), STANDARD_GEOMETRY, STANDARD_MAP, 'phone')),
  coalition: () => renderPng(renderGridSvg(pictureOfMovement(turn.map, turn.armies, update, 'TURN 3 - MOVEMENT UPDATE', 'BENCH'))),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median wall ms and mean CPU ms per call of `f`. */
function measure(f: () => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < 3; i++) f(); // warm-up
  const wall: number[] = [];
  const c0 = process.cpuUsage();
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < PER_RUN; i++) f();
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6 / PER_RUN);
  }
  const c = process.cpuUsage(c0);
  return { wall: median(wall), cpu: (c.user + c.system) / 1000 / (RUNS * PER_RUN) };
}

// The layered renderer's caches (once per process): their CPU, and what they hold.
const cb0 = process.cpuUsage();
const base = staticBase(STANDARD_GEOMETRY, STANDARD_MAP);
const cb = process.cpuUsage(cb0);
// Issue 29: the palette fixed per map, from its reference pictures (drawn with the static base above).
const cp0 = process.cpuUsage();
const palette = mapPalette(STANDARD_GEOMETRY, STANDARD_MAP);
const cp = process.cpuUsage(cp0);
const cache = { cpuMs: (cb.user + cb.system) / 1000, mib: base.bytes / 1024 / 1024, paletteCpuMs: (cp.user + cp.system) / 1000, paletteColours: palette.palette.length };
console.log(`map static base (once per process): ${cache.cpuMs.toFixed(0)} ms CPU, ${cache.mib.toFixed(1)} MiB held; map palette (once per process): ${cache.paletteCpuMs.toFixed(0)} ms CPU, ${cache.paletteColours} colours`);

const started = new Date();
const load0 = loadavg();
const figures: { kind: string; wallMs: number; cpuMs: number; width: number; height: number; kib: number; blankWallMs: number; blankCpuMs: number }[] = [];
for (const [kind, draw] of Object.entries(KINDS)) {
  const png = draw();
  const W = png.readUInt32BE(16);
  const H = png.readUInt32BE(20);
  const m = measure(draw);
  // The floor on this machine at this moment: a blank picture of the same size through the same renderer.
  const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#bcd6ea"/></svg>`;
  const b = measure(() => renderPng(blank));
  figures.push({ kind, wallMs: m.wall, cpuMs: m.cpu, width: W, height: H, kib: png.length / 1024, blankWallMs: b.wall, blankCpuMs: b.cpu });
  console.log(`map (${kind}): ${m.wall.toFixed(1)} ms per PNG, ${m.cpu.toFixed(1)} ms CPU (median of ${RUNS} runs of ${PER_RUN}; ${W}x${H} px, ${(png.length / 1024).toFixed(0)} KiB; a blank PNG of that size: ${b.wall.toFixed(1)} ms, ${b.cpu.toFixed(1)} ms CPU)`);
}
// Issue 29: a board as the judge draws it at a deadline (both layouts at once, resvg and zlib on
// libuv's thread pool, four boards in flight): the CPU of the main thread alone (Linux: the thread's
// own counters in /proc), which the judge's event loop shares with every other game's work.
const mainThreadMs = (): number | undefined => {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return undefined;
  }
};
const picture = () => pictureOfResults(state.phase, out.results, out.state, out.next);
const board = () => Promise.all([renderWidePngAsync(picture(), STANDARD_GEOMETRY, STANDARD_MAP), renderPhonePngAsync(picture(), STANDARD_GEOMETRY, STANDARD_MAP)]);
for (let i = 0; i < 4; i++) await board();
const BOARDS = 40;
const m0 = mainThreadMs();
const c0 = process.cpuUsage();
for (let i = 0; i < BOARDS; i += 4) await Promise.all([board(), board(), board(), board()]);
const m1 = mainThreadMs();
const cBoards = process.cpuUsage(c0);
const boardFigures = { boards: BOARDS, mainThreadCpuMs: m0 === undefined || m1 === undefined ? null : (m1 - m0) / BOARDS, processCpuMs: (cBoards.user + cBoards.system) / 1000 / BOARDS };
console.log(`map board (wide + phone, async, 4 in flight): ${boardFigures.mainThreadCpuMs?.toFixed(1) ?? '?'} ms CPU on the main thread, ${boardFigures.processCpuMs.toFixed(1)} ms CPU in all (over ${BOARDS} boards)`);

mkdirSync('bench-results', { recursive: true });
const file = join('bench-results', `bench-map-${started.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ benchmark: 'bench:map', at: started.toISOString(), cores: cpus().length, loadAverageAtStart: load0, loadAverageAtEnd: loadavg(), runs: RUNS, perRun: PER_RUN, staticBase: cache, figures, board: boardFigures }, null, 2)}\n`);
console.log(`bench:map: ${figures.map((f) => `${f.kind} ${f.cpuMs.toFixed(1)} ms CPU`).join(', ')}, board ${boardFigures.mainThreadCpuMs?.toFixed(1) ?? '?'} ms main thread; load ${load0.map((l) => l.toFixed(1)).join(' ')} (${file})`);
