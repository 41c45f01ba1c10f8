/**
 * Benchmark of the engine: replays the 40 real games (order parsing included) and a synthetic worst
 * case (a full board of 34 units in supports, convoys and a convoy paradox), and prints phases per
 * second and microseconds per phase, the median of several runs, plus heap use before and after.
 *
 *   npm run bench:adjudicate
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import {
  adjudicate,
  clearOrderParseCache,
  DATC2000_RULES,
  WM_RULES,
  parseOrder,
  parsePhase,
  type GameState,
  type Power,
  type ProvinceId,
  type SubmittedOrder,
  type Unit,
} from '../src/diplomacy/index.js';

function post<T = unknown>(session: Session, method: string): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, (err, result) => (err ? reject(err) : resolve(result as T))));
}

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'test', 'fixtures', 'cicero');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

interface RecordedPhase { name: string; orders: Record<string, string[]>; state: { units: Record<string, string[]>; centers: Record<string, string[]> } }

function stateOf(p: RecordedPhase): GameState {
  const units: Unit[] = [];
  for (const [power, list] of Object.entries(p.state.units)) {
    for (const u of list) {
      if (u.startsWith('*')) continue;
      const [kind, location] = u.split(' ') as ['A' | 'F', string];
      units.push({ power: power as Power, kind, location });
    }
  }
  const centers = new Map<ProvinceId, Power>();
  for (const [power, list] of Object.entries(p.state.centers)) for (const c of list) centers.set(c, power as Power);
  return { phase: parsePhase(p.name)!, units, centers, dislodged: [], standoffs: [] };
}

// The games: chained replay of every movement/adjustment phase from the game's first state,
// parsing the order text each time (as the judge does with every submission).
const games = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => {
  const g = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { phases: RecordedPhase[] };
  return g.phases.filter((p) => p.name !== 'COMPLETED');
});

/** One transition's time (order parsing included) and whether it was a movement phase. */
interface Timed { us: number; movement: boolean }

function replayAll(timed?: Timed[]): number {
  let phases = 0;
  for (const phases_ of games) {
    let state = stateOf(phases_[0]!);
    for (const p of phases_) {
      const parsed = parsePhase(p.name);
      if (!parsed || parsed.kind !== state.phase.kind || parsed.year !== state.phase.year || parsed.season !== state.phase.season) continue;
      const t0 = timed ? process.hrtime.bigint() : 0n;
      const orders: SubmittedOrder[] = [];
      for (const [power, list] of Object.entries(p.orders)) {
        for (const text of list) {
          const r = parseOrder(text);
          if (r.ok) orders.push({ power: power as Power, order: r.order });
        }
      }
      const out = adjudicate(state, orders, { rules: DATC2000_RULES });
      state = out.state;
      if (timed) timed.push({ us: Number(process.hrtime.bigint() - t0) / 1e3, movement: parsed.kind === 'M' });
      phases++;
      if (!out.next) break;
    }
  }
  return phases;
}

// The synthetic worst case: 34 units, every one ordered, with a convoy paradox (Pandin's),
// a circular movement, a multi-route convoy, supports cut and uncut.
const WORST_UNITS = `
ENGLAND: F LON, F WAL, F EDI, F NWG, F NAO, A YOR, F IRI, A CLY
FRANCE: A BRE, F ENG, F MAO, A PIC, A PAR, A GAS, F POR
GERMANY: F NTH, F BEL, A HOL, A RUH, A MUN, A KIE, F DEN
RUSSIA: A MOS, A WAR, A UKR, F SEV, A LVN, F BOT, F SWE
TURKEY: A BUL, F BLA, F CON, A ARM, A SMY
`;
const WORST_ORDERS = `
ENGLAND: F LON S F WAL - ENG; F WAL - ENG; F EDI S F NWG; F NWG C A CLY - NWY; F NAO C A CLY - NWY; A YOR S F LON; F IRI S F NAO; A CLY - NWY
FRANCE: A BRE - LON; F ENG C A BRE - LON; F MAO - IRI; A PIC S A PAR - BUR; A PAR - BUR; A GAS - MAR; F POR H
GERMANY: F NTH S F BEL - ENG; F BEL - ENG; A HOL - RUH; A RUH - MUN; A MUN - KIE; A KIE - HOL; F DEN S F NTH
RUSSIA: A MOS - WAR; A WAR - UKR; A UKR - MOS; F SEV - BLA; A LVN S A MOS - WAR; F BOT - SWE; F SWE - BOT
TURKEY: A BUL - RUM; F BLA - SEV; F CON - AEG; A ARM S F BLA - SEV; A SMY - CON
`;

function parseBlock(text: string, sep: string): [Power, string[]][] {
  return text.trim().split('\n').map((line) => {
    const [power, rest] = line.split(':') as [Power, string];
    return [power, rest.split(sep).map((s) => s.trim())];
  });
}
const worstUnits: Unit[] = parseBlock(WORST_UNITS, ',').flatMap(([power, list]) =>
  list.map((u) => { const [kind, location] = u.split(' ') as ['A' | 'F', string]; return { power, kind, location }; }));
const worstState: GameState = { phase: parsePhase('S1901M')!, units: worstUnits, centers: new Map(), dislodged: [], standoffs: [] };
const worstText = parseBlock(WORST_ORDERS, ';');

function worstOnce(): void {
  clearOrderParseCache();
  const orders: SubmittedOrder[] = [];
  for (const [power, list] of worstText) for (const t of list) {
    const r = parseOrder(t);
    if (!r.ok) throw new Error(`bad bench order ${t}`);
    orders.push({ power, order: r.order });
  }
  adjudicate(worstState, orders, { rules: WM_RULES });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const PROFILE = process.argv.includes('--profile');
let session: Session | undefined;
if (PROFILE) {
  session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.start');
}

// The first pass, cold, as a judge runs: a fresh process, nothing compiled, nothing cached. Each
// transition (parsing its orders included) is timed on its own.
const heapBefore = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const cold: Timed[] = [];
replayAll(cold);
const coldMean = cold.reduce((a, t) => a + t.us, 0) / cold.length;
const coldMovement = cold.filter((t) => t.movement);
const coldMovementMean = coldMovement.reduce((a, t) => a + t.us, 0) / coldMovement.length;
const afterWarmup = cold.slice(100);
const coldMaxAfter100 = Math.max(...afterWarmup.map((t) => t.us));
const overOneMs = afterWarmup.filter((t) => t.us > 1000).length;

const rates: number[] = [];
const perPhase: number[] = [];
let phaseCount = 0;
for (let r = 0; r < RUNS; r++) {
  clearOrderParseCache(); // every run parses the corpus afresh (repeats within a run still hit the memo)
  const t0 = process.hrtime.bigint();
  phaseCount = replayAll();
  const ns = Number(process.hrtime.bigint() - t0);
  rates.push(phaseCount / (ns / 1e9));
  perPhase.push(ns / 1e3 / phaseCount);
}
const ITER = 2000;
for (let i = 0; i < 200; i++) worstOnce();
const worst: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ITER; i++) worstOnce();
  worst.push(Number(process.hrtime.bigint() - t0) / 1e3 / ITER);
}
// Memory: replay the whole corpus 20 more times and compare the retained heap.
if (global.gc) global.gc();
const heapMid = process.memoryUsage().heapUsed;
for (let i = 0; i < 20; i++) replayAll();
if (global.gc) global.gc();
const heapAfter = process.memoryUsage().heapUsed;

if (session) {
  const { profile } = await post<{ profile: object }>(session, 'Profiler.stop');
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  const file = join(ROOT, 'bench-results', `adjudicate-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`CPU profile written to ${file} (open it in Chrome DevTools or speedscope)`);
}
const peakRss = Math.max(process.memoryUsage().rss, rssBefore);

const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
console.log(`first pass (cold, as a judge runs): ${cold.length} transitions, mean ${coldMean.toFixed(1)} µs, median ${median(cold.map((t) => t.us)).toFixed(1)} µs, movement mean ${coldMovementMean.toFixed(1)} µs; after the first 100: max ${coldMaxAfter100.toFixed(0)} µs, ${overOneMs} over 1 ms`);
console.log(`real games: ${games.length} games, ${phaseCount} phases per replay, median of ${RUNS} runs`);
console.log(`  ${Math.round(median(rates)).toLocaleString('en')} phases/s (order parsing included), ${median(perPhase).toFixed(1)} µs/phase`);
console.log(`synthetic worst case (34 units, paradox, circular movement, multi-route convoy): ${median(worst).toFixed(1)} µs per movement phase`);
console.log(`heap: ${mb(heapBefore)} at start, ${mb(heapMid)} after the runs, ${mb(heapAfter)} after 20 more full replays${global.gc ? '' : ' (run with --expose-gc for exact figures)'}`);
console.log(`peak RSS ${mb(peakRss)}`);
