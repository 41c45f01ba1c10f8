/**
 * `node dist/scripts/bench-map-boards.js` (issue 29, stop 46): the main thread's CPU per board as the
 * judge draws a deadline's boards: BOARDS (default 200) spring 1901 results of the judge benchmark's
 * openings (bench-worker.ts's combinations: each board its own picture, on the base every spring
 * board shares), wide and phone at once, resvg and zlib on libuv's thread pool, four boards in
 * flight, after 8 boards of warm-up. Prints the main thread's CPU per board (from /proc, 10 ms ticks)
 * and the process's; with PERF=1, also `perf stat -e task-clock -t <main thread>` over the timed
 * boards (the thread's own clock, in ms). To compare builds, copy the `.js` (and `bench-openings.js`) into the other build's
 * `dist/scripts/` and run the two alternately.
 */
import { POWERS, adjudicate, standardStartState, type Power } from '../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfResults, renderPhonePngAsync, renderWidePngAsync, mapPalette, staticBase } from '../src/diplomacy/picture/index.js';
import { readOrders } from '../src/cli/position-json.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
const start = standardStartState();
const N = Number(process.env.BOARDS ?? 200);
const pics = Array.from({ length: N }, (_, game) => {
  const orders = readOrders(Object.fromEntries(POWERS.map((p, k) => [p, OPENINGS[p][openingOf(game, k)]!.split('\n')])), start);
  const res = adjudicate(start, orders);
  return pictureOfResults(start.phase, res.results, res.state, res.next);
});
staticBase(STANDARD_GEOMETRY); mapPalette(STANDARD_GEOMETRY);
const mainMs = () => { const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const board = (i: number) => Promise.all([renderWidePngAsync(pics[i]!, STANDARD_GEOMETRY), renderPhonePngAsync(pics[i]!, STANDARD_GEOMETRY)]);
for (let i = 0; i < 8; i++) await board(i);
import { spawn } from 'node:child_process';
import { OPENINGS, openingOf } from './bench-openings.js';
const perf = process.env.PERF ? spawn('perf', ['stat', '-x,', '-e', 'task-clock', '-t', String(process.pid)], { stdio: ['ignore', 'inherit', 'inherit'] }) : undefined;
if (perf) await new Promise((r) => setTimeout(r, 500));
const m0 = mainMs(); const c0 = process.cpuUsage();
for (let i = 0; i < N; i += 4) await Promise.all([board(i), board(i + 1), board(i + 2), board(i + 3)].slice(0, Math.min(4, N - i)));
const c = process.cpuUsage(c0);
if (perf) { perf.kill('SIGINT'); await new Promise((r) => perf.on('exit', r)); }
const figures = { at: new Date().toISOString(), boards: N, mainMsPerBoard: (mainMs() - m0) / N, processMsPerBoard: (c.user + c.system) / 1000 / N, paletteMemo: mapPalette(STANDARD_GEOMETRY).memoSize, load: loadavg()[0] };
mkdirSync('bench-results', { recursive: true });
const file = join('bench-results', `bench-map-boards-${figures.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
// One summary line.
console.log(`bench:map-boards ${N} boards, both layouts: main thread ${figures.mainMsPerBoard.toFixed(1)} ms a board (10 ms ticks), process ${figures.processMsPerBoard.toFixed(1)} ms a board; palette memo ${figures.paletteMemo} colours; load ${figures.load!.toFixed(2)} (${file})`);
