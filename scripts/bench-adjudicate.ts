/**
 * Benchmark of the engine (issue 32): replays the 40 real games (order text parsed each time) and a
 * synthetic worst case (a full board of 34 units in supports, convoys and a convoy paradox).
 *
 * It reports the FIRST pass over the games in a fresh process (cold, as a judge runs: nothing
 * compiled, the parser's memo empty): mean per transition with parsing included, the movement
 * phases' mean, and the largest single transition after the first hundred; each transition is timed
 * on the wall clock and in process CPU time (on a loaded machine the wall clock includes the time the
 * process waited for a core). Then the warm figures (median transition over BENCH_RUNS more passes),
 * the worst case, the heap retained after many more replays, and the process's peak RSS. One summary
 * line on stdout; every figure as JSON in bench-results/adjudicate-<time>.json.
 *
 *   npm run bench:adjudicate                 (BENCH_RUNS=7 warm passes by default)
 *   npm run bench:adjudicate -- --profile    (also a CPU profile of the whole run in bench-results/)
 *   node --expose-gc dist/scripts/bench-adjudicate.js --cold-only --why   (one cold pass; why each
 *                                            transition over 1 ms took long: a collection, waiting, running)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, readSync, readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import {
  adjudicate,
  clearOrderParseCache,
  DATC2000_RULES,
  WM_RULES,
  parseOrder,
  parsePhase,
  warmUpEngine,
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

/**
 * One transition's wall-clock time in µs (order parsing included), whether it was a movement phase,
 * its start (ms, `performance.now()`: to find the collections that fall in it) and, with `--why`, the
 * main thread's wait for a core during it (µs).
 */
interface Timed { us: number; movement: boolean; at: number; waitUs?: number }

function replayAll(timed?: Timed[], waits?: () => number): number {
  let phases = 0;
  for (const phases_ of games) {
    let state = stateOf(phases_[0]!);
    for (const p of phases_) {
      const parsed = parsePhase(p.name);
      if (!parsed || parsed.kind !== state.phase.kind || parsed.year !== state.phase.year || parsed.season !== state.phase.season) continue;
      const w0 = waits ? waits() : 0;
      const t0 = timed ? performance.now() : 0;
      const orders: SubmittedOrder[] = [];
      for (const [power, list] of Object.entries(p.orders)) {
        for (const text of list) {
          const r = parseOrder(text);
          if (r.ok) orders.push({ power: power as Power, order: r.order });
        }
      }
      const out = adjudicate(state, orders, { rules: DATC2000_RULES });
      state = out.state;
      if (timed) {
        const t1 = performance.now();
        timed.push({ us: (t1 - t0) * 1e3, movement: parsed.kind === 'M', at: t0, ...(waits ? { waitUs: waits() - w0 } : {}) });
      }
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

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The figures of one timed pass: mean, median, movement mean, max and count over 1 ms after the first 100. */
function summarise(ts: readonly Timed[], pick: (t: Timed) => number) {
  const after = ts.slice(100).map(pick);
  return {
    meanUs: round1(mean(ts.map(pick))),
    medianUs: round1(median(ts.map(pick))),
    movementMeanUs: round1(mean(ts.filter((t) => t.movement).map(pick))),
    otherMeanUs: round1(mean(ts.filter((t) => !t.movement).map(pick))),
    maxAfter100Us: Math.round(Math.max(...after)),
    overOneMsAfter100: after.filter((x) => x > 1000).length,
    firstHundredUs: Math.round(ts.slice(0, 100).reduce((a, t) => a + pick(t), 0)),
  };
}

/** The main thread's time on a core and waiting for one, in µs (Linux /proc; undefined elsewhere). */
function threadSchedstat(): { onCpuUs: number; waitUs: number } | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { onCpuUs: Number(run) / 1e3, waitUs: Number(wait) / 1e3 };
  } catch {
    return undefined;
  }
}

/**
 * The main thread's run-queue wait so far, in µs, by one pread of its schedstat (fifth round, `--why`:
 * 6-20 µs a read, so only then). The thread's run time in the same file lags by up to a tick while it
 * runs, so only the wait is read per transition.
 */
function waitReader(): (() => number) | undefined {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(128);
    return () => {
      const n = readSync(fd, buf, 0, 128, 0);
      const a = buf.indexOf(32), b = buf.indexOf(32, a + 1);
      return Number(buf.toString('latin1', a + 1, b < 0 ? n : b)) / 1e3;
    };
  } catch {
    return undefined;
  }
}

/** A collection's pause on the main thread (`performance` 'gc' entries): start and length in ms, and its kind. */
interface Pause { at: number; ms: number; kind: 'scavenge' | 'mark-compact' | 'incremental' | 'weak' }
const GC_KIND: Record<number, Pause['kind']> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak' };

/**
 * Why the transitions after the first hundred took over 1 ms (fifth round): a collection's pause fell
 * in it ('gc'), else, with `--why`, the main thread waited for a core for half of it or more ('wait'),
 * else it ran ('cpu'; without `--why`, 'other': waiting or running).
 */
function longTransitions(ts: readonly Timed[], pauses: readonly Pause[]) {
  const long = ts.slice(100).filter((t) => t.us > 1000);
  const causes = { gc: 0, wait: 0, cpu: 0, other: 0 };
  const list = long.map((t) => {
    const end = t.at + t.us / 1e3;
    const gc = pauses.filter((p) => p.at < end && p.at + p.ms > t.at);
    const cause = gc.length > 0 ? 'gc' : t.waitUs === undefined ? 'other' : t.waitUs * 2 >= t.us ? 'wait' : 'cpu';
    causes[cause]++;
    return { us: Math.round(t.us), waitUs: t.waitUs === undefined ? null : Math.round(t.waitUs), cause, gc: gc.map((p) => `${p.kind} ${round1(p.ms)} ms`) };
  });
  return { causes, list };
}

/**
 * The first pass over the games, timed transition by transition, with the pass's CPU figures and the
 * collections' pauses in it. Before it, with `--expose-gc`, two young-generation collections (unless
 * `--no-pre-gc`): the benchmark's own 40 games' JSON (some 10 MB of objects, read just before) would
 * otherwise still be in the young generation and be copied and promoted by the pass's first scavenges
 * (9-20 ms each, fifth round), a cost of the harness that a judge, which reads one game's position, does
 * not pay. Young ones, not a full `gc()`: a forced full collection also throws away compiled code
 * (fifth round: with one before each of `--passes 4`, 52, 38, 41, 31 optimising compilations per pass
 * against 46, 20, 14, 4 without), so the passes after it would start cold again.
 */
async function coldPass() {
  const gc = global.gc as ((options: { type: 'minor' }) => void) | undefined;
  const preGc = Boolean(gc) && !process.argv.includes('--no-pre-gc');
  if (preGc) for (let k = 0; k < 2; k++) gc!({ type: 'minor' });
  const pauses: Pause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({ at: e.startTime, ms: e.duration, kind: GC_KIND[kind ?? 0] ?? 'weak' });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const waits = process.argv.includes('--why') ? waitReader() : undefined;
  const sched0 = threadSchedstat();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const start = performance.now();
  const cold: Timed[] = [];
  replayAll(cold, waits);
  const end = performance.now();
  const wallUs = Number(process.hrtime.bigint() - t0) / 1e3;
  const cpu = process.cpuUsage(cpu0);
  const sched1 = threadSchedstat();
  // The 'gc' entries are queued from the collector's epilogue and delivered on a later turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  const inPass = pauses.filter((p) => p.at >= start && p.at <= end);
  const total = (kind: Pause['kind']) => {
    const ps = inPass.filter((p) => p.kind === kind);
    return { count: ps.length, ms: round1(ps.reduce((a, p) => a + p.ms, 0)), maxMs: round1(Math.max(0, ...ps.map((p) => p.ms))) };
  };
  const long = longTransitions(cold, inPass);
  return {
    transitions: cold.length,
    movementTransitions: cold.filter((t) => t.movement).length,
    ...summarise(cold, (t) => t.us),
    overOneMsCauses: long.causes,
    ...(waits ? { longTransitions: long.list } : {}),
    gcInPass: { preGc, scavenges: total('scavenge'), markCompacts: total('mark-compact') },
    pass: {
      wallMs: round1(wallUs / 1e3),
      /** Process CPU (every thread: the compiler's and the collector's helpers too) per transition. */
      processCpuUsPerTransition: round1((cpu.user + cpu.system) / cold.length),
      /** The main thread's time on a core per transition (tick resolution over the pass), and the time it waited for one. */
      mainThreadCpuUsPerTransition: sched0 && sched1 ? round1((sched1.onCpuUs - sched0.onCpuUs) / cold.length) : null,
      mainThreadWaitMs: sched0 && sched1 ? round1((sched1.waitUs - sched0.waitUs) / 1e3) : null,
    },
  };
}

// --hash [build]: the check that nothing the engine decides changed (issue 32, fourth round). Hashes
// (sha256) the JSON of every result and position of 46,085 adjudications, and of every order line's
// parse, through the engine of `build` (a directory holding dist/; default this one), so two builds
// are compared by their one line: the 40 games chained under both profiles, with and without an end
// year, orders as given, reversed, a third dropped and none in the winters; from every recorded
// movement and adjustment position, orders as given, reversed, a third dropped, none, and three sets of
// random orders (fixed seed: moves to neighbours and anywhere, by convoy and by route, supports and
// convoys of real and absent units, wrong-phase and foreign orders, duplicates, coasts a province
// does not have), each followed by its retreat and adjustment phases unordered and with random
// orders; and from every movement position, units at a location the map does not know or with a
// coast their province does not have. `--hash build dump.txt` also writes every line hashed.
const hashArg = process.argv.indexOf('--hash');
if (hashArg >= 0) {
  const build = process.argv[hashArg + 1] && !process.argv[hashArg + 1]!.startsWith('--') ? process.argv[hashArg + 1]! : ROOT;
  const dumpPath = process.argv[hashArg + 2];
  console.log(await hashAdjudications(build, dumpPath));
  process.exit(0);
}

async function hashAdjudications(build: string, dumpPath: string | undefined): Promise<string> {
  type Engine = typeof import('../src/diplomacy/index.js');
  const E = (await import(join(build, 'dist', 'src', 'diplomacy', 'index.js'))) as Engine;
  const { createHash } = await import('node:crypto');
  const M = E.STANDARD_MAP;
  let seed = 32032 >>> 0; // mulberry32, as test/helpers/mulberry32.ts
  const rnd = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const PROVS = [...M.provinces.keys()];
  const LOCS: string[] = [];
  for (const p of M.provinces.values()) { LOCS.push(p.id); for (const c of p.coasts) LOCS.push(`${p.id}/${c}`); }
  for (const p of PROVS.slice(0, 40)) LOCS.push(`${p}/${['NC', 'SC', 'EC'][p.charCodeAt(1) % 3]}`);
  LOCS.push('XYZ', 'QQQ/NC');
  const hash = createHash('sha256');
  const dump: string[] | null = dumpPath ? [] : null;
  let n = 0, parses = 0;
  const emit = (line: string): void => { hash.update(line); hash.update('\n'); if (dump) dump.push(line); };
  type Out = ReturnType<Engine['adjudicate']>;
  type St = GameState;
  const ser = (out: Out): string => {
    const st = out.state;
    return JSON.stringify({ results: out.results, next: out.next, winner: out.winner, ended: out.ended,
      state: { phase: st.phase, units: st.units, centers: [...st.centers.entries()], dislodged: st.dislodged, standoffs: st.standoffs } });
  };
  const parse = (power: Power, text: string, into: SubmittedOrder[]): void => {
    const r = E.parseOrder(text);
    emit(`P ${text} ${JSON.stringify(r)}`);
    parses++;
    if (r.ok) into.push({ power, order: r.order });
  };
  const ordersOf = (p: RecordedPhase, variant: string): SubmittedOrder[] => {
    const orders: SubmittedOrder[] = [];
    for (const [power, list] of Object.entries(p.orders)) for (const text of list) parse(power as Power, text, orders);
    if (variant === 'rev') orders.reverse();
    if (variant === 'third') return orders.filter((_, i) => i % 3 !== 1);
    if (variant === 'none') return [];
    return orders;
  };
  const nb = (u: Unit): string[] => [...((u.kind === 'A' ? M.armyEdges.get(u.location.split('/')[0]!) : M.fleetEdges.get(u.location)) ?? [])];
  const unitTxt = (u: Unit): string => `${u.kind} ${u.location}`;
  const randomMovement = (state: St): SubmittedOrder[] => {
    const orders: SubmittedOrder[] = [];
    const units = state.units;
    for (const u of units) {
      if (rnd() < 0.08) continue;
      const me = unitTxt(u);
      const r = rnd();
      let t: string;
      const other = pick(units);
      const ns = nb(u);
      if (r < 0.12) t = `${me} H`;
      else if (r < 0.45) t = `${me} - ${ns.length ? pick(ns) : pick(LOCS)}`;
      else if (r < 0.52) t = `${me} - ${pick(LOCS)}`;
      else if (r < 0.57) t = `${me} - ${pick(LOCS)} VIA`;
      else if (r < 0.59) t = `${me} - ${pick(PROVS)} - ${pick(PROVS)}`;
      else if (r < 0.7) t = `${me} S ${unitTxt(other)}`;
      else if (r < 0.84) { const on = nb(other); t = `${me} S ${unitTxt(other)} - ${on.length ? pick(on) : pick(LOCS)}`; }
      else if (r < 0.9) { const a = units.filter((x) => x.kind === 'A'); const x = a.length ? pick(a) : other; t = `${me} C ${unitTxt(x)} - ${rnd() < 0.5 ? pick(PROVS) : pick(nb(x).length ? nb(x) : PROVS)}`; }
      else if (r < 0.92) t = `${u.kind === 'A' ? 'F' : 'A'} ${u.location} - ${ns.length ? pick(ns) : pick(LOCS)}`;
      else if (r < 0.94) t = `${me} R ${pick(PROVS)}`;
      else if (r < 0.95) t = `${me} D`;
      else if (r < 0.96) t = `${pick(PROVS)} B`;
      else if (r < 0.97) t = 'WAIVE';
      else t = `${pick(['A', 'F'])} ${pick(LOCS)} - ${pick(LOCS)}`;
      const power = rnd() < 0.04 ? pick(E.POWERS) : u.power; // now and then a foreign power's order
      parse(power, t, orders);
      if (rnd() < 0.05) parse(u.power, `${me} H`, orders); // and a later order for the same unit
    }
    if (rnd() < 0.3) orders.reverse();
    return orders;
  };
  const randomRetreat = (state: St): SubmittedOrder[] => {
    const orders: SubmittedOrder[] = [];
    for (const d of state.dislodged) {
      const me = unitTxt(d);
      const r = rnd();
      let t: string;
      if (r < 0.5 && d.retreats.length) t = `${me} R ${pick(d.retreats)}`;
      else if (r < 0.7) t = `${me} R ${pick(nb(d).length ? nb(d) : LOCS)}`;
      else if (r < 0.85) t = `${me} D`;
      else if (r < 0.9) t = `${me} - ${pick(LOCS)}`;
      else if (r < 0.95) continue;
      else t = `${me} H`;
      parse(rnd() < 0.05 ? pick(E.POWERS) : d.power, t, orders);
    }
    const ds = state.dislodged;
    if (ds.length > 1 && rnd() < 0.3 && ds[0]!.retreats.length) parse(ds[1]!.power, `${unitTxt(ds[1]!)} R ${ds[0]!.retreats[0]}`, orders);
    return orders;
  };
  const HOMES: Partial<Record<Power, string[]>> = {};
  for (const p of M.provinces.values()) if (p.home) (HOMES[p.home] ??= []).push(p.id);
  const randomAdjust = (state: St): SubmittedOrder[] => {
    const orders: SubmittedOrder[] = [];
    for (const power of E.POWERS) {
      const mine = state.units.filter((u) => u.power === power);
      const k = Math.floor(rnd() * 4);
      for (let j = 0; j < k; j++) {
        const r = rnd();
        let t: string;
        if (r < 0.35) {
          const h = pick(HOMES[power]!);
          const pr = M.provinces.get(h)!;
          t = `${pick(['A', 'F', ''])} ${pr.coasts.length && rnd() < 0.7 ? `${h}/${pick(pr.coasts)}` : h} B`.trim();
        } else if (r < 0.6 && mine.length) t = `${unitTxt(pick(mine))} D`;
        else if (r < 0.7) t = 'WAIVE';
        else if (r < 0.8) t = `A ${pick(PROVS)} B`;
        else if (r < 0.9 && state.units.length) t = `${unitTxt(pick(state.units))} D`;
        else t = `${unitTxt(mine[0] ?? state.units[0]!)} - ${pick(PROVS)}`;
        parse(power, t, orders);
      }
    }
    return orders;
  };
  const randomFor = (state: St): SubmittedOrder[] =>
    state.phase.kind === 'M' ? randomMovement(state) : state.phase.kind === 'R' ? randomRetreat(state) : randomAdjust(state);
  type Opts = { rules: typeof DATC2000_RULES; endYear: number | undefined };
  const run = (tag: string, state: St, orders: SubmittedOrder[], opts: Opts): Out => {
    const out = E.adjudicate(state, orders, opts);
    emit(`${tag} ${ser(out)}`);
    n++;
    return out;
  };
  const follow = (tag: string, out: Out, opts: Opts): void => {
    for (let k = 0; out.next && out.next.kind !== 'M' && k < 2; k++) {
      run(`${tag}+none`, out.state, [], opts);
      out = run(`${tag}+rnd`, out.state, randomFor(out.state), opts);
    }
  };
  const stateIn = (p: RecordedPhase): St => ({ ...stateOf(p), phase: E.parsePhase(p.name)! });
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.json')).sort()) {
    const phases = (JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { phases: RecordedPhase[] }).phases.filter((p) => p.name !== 'COMPLETED');
    for (const rules of [E.DATC2000_RULES, E.WM_RULES]) for (const endYear of [undefined, 1905]) {
      const opts: Opts = { rules, endYear };
      for (const variant of ['as', 'rev', 'third', 'noneAdj']) {
        let state = stateIn(phases[0]!);
        for (const p of phases) {
          const ph = E.parsePhase(p.name);
          if (!ph || ph.kind !== state.phase.kind || ph.year !== state.phase.year || ph.season !== state.phase.season) continue;
          const v = variant === 'noneAdj' ? (ph.kind === 'A' ? 'none' : 'as') : variant;
          const out = run(`${f} chain ${rules.name} ${endYear} ${variant} ${p.name}`, state, ordersOf(p, v), opts);
          state = out.state;
          if (!out.next) break;
        }
      }
      if (endYear !== undefined) continue; // positions: once per profile
      for (const p of phases) {
        const ph = E.parsePhase(p.name);
        if (!ph || ph.kind === 'R') continue;
        const st = stateIn(p);
        for (const variant of ['as', 'rev', 'third', 'none']) {
          const tag = `${f} pos ${rules.name} ${variant} ${p.name}`;
          follow(tag, run(tag, st, ordersOf(p, variant), opts), opts);
        }
        for (let r = 0; r < 3; r++) {
          const tag = `${f} rnd${r} ${rules.name} ${p.name}`;
          follow(tag, run(tag, st, randomFor(st), opts), opts);
        }
        if (st.phase.kind !== 'M') continue;
        // Units at a location the map does not know, or with a coast their province does not have.
        const odd: St = { ...st, units: [...st.units, { power: 'FRANCE', kind: 'A', location: 'XYZ' }, { power: 'ITALY', kind: 'F', location: 'BUR/SC' }, { power: 'GERMANY', kind: 'A', location: 'NAF/NC' }] };
        const oddOrders = randomFor(odd);
        for (const t of ['F BUR/SC - MUN', 'A NAF/NC - TUN', 'A NAF/NC S F BUR/SC', 'A PAR S A NAF/NC - TUN', 'F BUR/SC H']) parse(rnd() < 0.5 ? 'ITALY' : 'GERMANY', t, oddOrders);
        // (the unit at XYZ for this phase only: a civil disorder cannot rank a space the map does not have)
        run(`${f} odd ${rules.name} ${p.name}`, odd, oddOrders, opts);
        const odd2: St = { ...odd, units: odd.units.filter((u) => u.location !== 'XYZ') };
        follow(`${f} odd2 ${rules.name} ${p.name}`, run(`${f} odd2 ${rules.name} ${p.name}`, odd2, oddOrders, opts), opts);
      }
    }
  }
  if (dump && dumpPath) writeFileSync(dumpPath, dump.join('\n') + '\n');
  return `${n} adjudications, ${parses} parses, sha256 ${hash.digest('hex')}`;
}

// --cold-only: a child of --cold-runs; one cold pass, its figures as JSON, nothing else.
if (process.argv.includes('--cold-only')) {
  console.log(JSON.stringify(await coldPass()));
  process.exit(0);
}
// --round-only [--warm-up]: a child of --round-runs; a judge's first round in a fresh process: one
// movement phase from each game (its Fall 1903, or its last movement phase before that), parsed and
// adjudicated one after the other, as a tournament's boards at one deadline; after the start-up
// warm-up with --warm-up. The round's main-thread and process CPU, and its first board's.
if (process.argv.includes('--round-only')) {
  const boards = games.map((phases) => phases.filter((p) => p.name.endsWith('M') && p.name.slice(1) <= '1903M').pop() ?? phases[0]!);
  const states = boards.map(stateOf);
  const warmUp = process.argv.includes('--warm-up') ? warmUpEngine() : 0;
  const sched0 = threadSchedstat();
  const cpu0 = process.cpuUsage();
  let firstMainUs = 0;
  for (let k = 0; k < boards.length; k++) {
    const orders: SubmittedOrder[] = [];
    for (const [power, list] of Object.entries(boards[k]!.orders)) for (const text of list) {
      const r = parseOrder(text);
      if (r.ok) orders.push({ power: power as Power, order: r.order });
    }
    adjudicate(states[k]!, orders, { rules: WM_RULES });
    if (k === 0) firstMainUs = (threadSchedstat()?.onCpuUs ?? 0) - (sched0?.onCpuUs ?? 0);
  }
  const cpu = process.cpuUsage(cpu0);
  const sched1 = threadSchedstat();
  console.log(JSON.stringify({
    boards: boards.length,
    warmUpPhases: warmUp,
    mainThreadCpuMs: sched0 && sched1 ? round1((sched1.onCpuUs - sched0.onCpuUs) / 1e3) : null,
    processCpuMs: round1((cpu.user + cpu.system) / 1e3),
    firstBoardMainThreadCpuMs: round1(firstMainUs / 1e3),
  }));
  process.exit(0);
}
// --passes K: K passes in one process, the parser's memo emptied before each: how the cost per
// transition falls as V8 compiles (a diagnostic; one JSON line per pass).
const passesArg = process.argv.indexOf('--passes');
if (passesArg >= 0) {
  for (let k = 0; k < Number(process.argv[passesArg + 1]); k++) {
    clearOrderParseCache();
    const p = await coldPass();
    console.log(JSON.stringify({ pass: k + 1, meanUs: p.meanUs, medianUs: p.medianUs, movementMeanUs: p.movementMeanUs, overOneMsAfter100: p.overOneMsAfter100, ...p.pass }));
  }
  process.exit(0);
}
// --warm-up-only: a child of --warm-up-runs; the judge's start-up warm-up (warmUpEngine, as
// src/worker runs it), timed on its own, then `--idle-gcs` forced full collections (a judge idle until
// its deadline), then the first pass over the games: what the first real adjudications cost after it.
if (process.argv.includes('--warm-up-only')) {
  const sched0 = threadSchedstat();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const phases = warmUpEngine(process.env.BENCH_WARM_UP_ROUNDS ? Number(process.env.BENCH_WARM_UP_ROUNDS) : undefined);
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  const sched1 = threadSchedstat();
  const gcsArg = process.argv.indexOf('--idle-gcs');
  const gcs = gcsArg >= 0 ? Number(process.argv[gcsArg + 1]) : 0;
  for (let k = 0; k < gcs && global.gc; k++) global.gc();
  const warmUp = {
    phases,
    wallMs: round1(wallMs),
    processCpuMs: round1((cpu.user + cpu.system) / 1e3),
    mainThreadCpuMs: sched0 && sched1 ? round1((sched1.onCpuUs - sched0.onCpuUs) / 1e3) : null,
    idleFullGcs: global.gc ? gcs : 0,
  };
  console.log(JSON.stringify({ warmUp, ...(await coldPass()) }));
  process.exit(0);
}
const coldRunsArg = process.argv.indexOf('--cold-runs');
const COLD_RUNS = coldRunsArg >= 0 ? Number(process.argv[coldRunsArg + 1]) : Number(process.env.BENCH_COLD_RUNS ?? 0);
const warmUpRunsArg = process.argv.indexOf('--warm-up-runs');
const WARM_UP_RUNS = warmUpRunsArg >= 0 ? Number(process.argv[warmUpRunsArg + 1]) : 0;
const roundRunsArg = process.argv.indexOf('--round-runs');
const ROUND_RUNS = roundRunsArg >= 0 ? Number(process.argv[roundRunsArg + 1]) : 0;
const idleGcsArg = process.argv.indexOf('--idle-gcs');
const IDLE_GCS = idleGcsArg >= 0 ? Number(process.argv[idleGcsArg + 1]) : 0;

const PROFILE = process.argv.includes('--profile');
const RESULTS = join(ROOT, 'bench-results');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
let session: Session | undefined;
if (PROFILE) {
  session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await new Promise<void>((resolve, reject) =>
    session!.post('Profiler.setSamplingInterval', { interval: 50 }, (err) => (err ? reject(err) : resolve())));
  await post(session, 'Profiler.start');
}

const loadBefore = loadavg();
// The first pass, cold, as a judge runs: a fresh process, nothing compiled, the parser's memo empty.
// Each transition (parsing its orders included) is timed on its own.
const heapBefore = process.memoryUsage().heapUsed;
const first = await coldPass();

// Warm: more passes over the same games, the parser's memo emptied before each.
const warm: Timed[] = [];
const perPhase: number[] = [];
let phaseCount = 0;
for (let r = 0; r < RUNS; r++) {
  clearOrderParseCache();
  const t0 = process.hrtime.bigint();
  const before = warm.length;
  phaseCount = replayAll(warm);
  const ns = Number(process.hrtime.bigint() - t0);
  perPhase.push(ns / 1e3 / (warm.length - before));
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

mkdirSync(RESULTS, { recursive: true });
let profileFile: string | undefined;
if (session) {
  const { profile } = await post<{ profile: object }>(session, 'Profiler.stop');
  profileFile = join(RESULTS, `adjudicate-${stamp}.cpuprofile`);
  writeFileSync(profileFile, JSON.stringify(profile));
}
const peakRssMb = round1(process.resourceUsage().maxRSS / 1024);
const mb = (b: number) => round1(b / 1048576);

// More first passes, each in a fresh process (--cold-runs N): on a shared machine one pass is noisy.
// Each child gets this process's node flags (a flag measured on the benchmark applies to its cold
// passes too) and --expose-gc (the collection before the pass); --no-pre-gc and --why are passed on.
type ColdPass = Awaited<ReturnType<typeof coldPass>>;
const childFlags = [...new Set([...process.execArgv, '--expose-gc'])];
const passOn = ['--no-pre-gc', '--why'].filter((a) => process.argv.includes(a));
const more: ColdPass[] = [];
for (let r = 0; r < COLD_RUNS; r++) {
  const out = execFileSync(process.execPath, [...childFlags, process.argv[1]!, '--cold-only', ...passOn], { encoding: 'utf8' });
  more.push(JSON.parse(out) as ColdPass);
}
const passes = [first, ...more];
// The first pass after the judge's start-up warm-up, each in a fresh process (--warm-up-runs N;
// reported apart: the cold figures above stay those of a process that did not warm up).
type WarmedPass = ColdPass & { warmUp: { phases: number; wallMs: number; processCpuMs: number; mainThreadCpuMs: number | null; idleFullGcs: number } };
const warmed: WarmedPass[] = [];
for (let r = 0; r < WARM_UP_RUNS; r++) {
  const out = execFileSync(process.execPath, ['--expose-gc', process.argv[1]!, '--warm-up-only', '--idle-gcs', String(IDLE_GCS)], { encoding: 'utf8' });
  warmed.push(JSON.parse(out) as WarmedPass);
}
// A judge's first round (--round-runs N): N fresh processes cold and N after the warm-up, interleaved.
type Round = { boards: number; warmUpPhases: number; mainThreadCpuMs: number | null; processCpuMs: number; firstBoardMainThreadCpuMs: number };
const rounds: { cold: Round[]; warmed: Round[] } = { cold: [], warmed: [] };
for (let r = 0; r < ROUND_RUNS; r++) {
  for (const warmed of [false, true]) {
    const out = execFileSync(process.execPath, [process.argv[1]!, '--round-only', ...(warmed ? ['--warm-up'] : [])], { encoding: 'utf8' });
    (warmed ? rounds.warmed : rounds.cold).push(JSON.parse(out) as Round);
  }
}
const roundSummary = (rs: Round[]) => ({
  mainThreadCpuMs: median(rs.map((x) => x.mainThreadCpuMs ?? NaN)),
  processCpuMs: median(rs.map((x) => x.processCpuMs)),
  firstBoardMainThreadCpuMs: median(rs.map((x) => x.firstBoardMainThreadCpuMs)),
  runs: rs.map((x) => x.mainThreadCpuMs),
});
const loadAfter = loadavg();

const report = {
  benchmark: 'bench:adjudicate',
  at: new Date().toISOString(),
  node: process.version,
  loadAverage: { before: loadBefore.map(round1), after: loadAfter.map(round1) },
  profile: profileFile ?? null,
  games: games.length,
  cold: first,
  coldProcesses: passes.length,
  coldMedianOfProcesses: {
    meanUs: median(passes.map((p) => p.meanUs)),
    movementMeanUs: median(passes.map((p) => p.movementMeanUs)),
    maxAfter100Us: median(passes.map((p) => p.maxAfter100Us)),
    processCpuUsPerTransition: median(passes.map((p) => p.pass.processCpuUsPerTransition)),
    mainThreadCpuUsPerTransition: median(passes.map((p) => p.pass.mainThreadCpuUsPerTransition ?? NaN)),
    overOneMsAfter100: median(passes.map((p) => p.overOneMsAfter100)),
    scavengeMs: median(passes.map((p) => p.gcInPass.scavenges.ms)),
  },
  coldPasses: passes.map((p) => ({ meanUs: p.meanUs, movementMeanUs: p.movementMeanUs, maxAfter100Us: p.maxAfter100Us, overOneMsAfter100: p.overOneMsAfter100, overOneMsCauses: p.overOneMsCauses, gcInPass: p.gcInPass, ...p.pass })),
  /** A judge's first round: one movement phase of each game, medians of fresh processes, cold and after the warm-up. */
  firstRound: ROUND_RUNS === 0 ? null : { boards: rounds.cold[0]!.boards, processes: ROUND_RUNS, cold: roundSummary(rounds.cold), afterWarmUp: roundSummary(rounds.warmed) },
  afterWarmUp: warmed.length === 0 ? null : {
    processes: warmed.length,
    idleFullGcs: IDLE_GCS,
    medianOfProcesses: {
      meanUs: median(warmed.map((p) => p.meanUs)),
      movementMeanUs: median(warmed.map((p) => p.movementMeanUs)),
      maxAfter100Us: median(warmed.map((p) => p.maxAfter100Us)),
      processCpuUsPerTransition: median(warmed.map((p) => p.pass.processCpuUsPerTransition)),
      mainThreadCpuUsPerTransition: median(warmed.map((p) => p.pass.mainThreadCpuUsPerTransition ?? NaN)),
      warmUpWallMs: median(warmed.map((p) => p.warmUp.wallMs)),
      warmUpProcessCpuMs: median(warmed.map((p) => p.warmUp.processCpuMs)),
      warmUpMainThreadCpuMs: median(warmed.map((p) => p.warmUp.mainThreadCpuMs ?? NaN)),
    },
    passes: warmed.map((p) => ({ warmUp: p.warmUp, meanUs: p.meanUs, medianUs: p.medianUs, movementMeanUs: p.movementMeanUs, maxAfter100Us: p.maxAfter100Us, overOneMsAfter100: p.overOneMsAfter100, firstHundredUs: p.firstHundredUs, ...p.pass })),
  },
  warm: {
    runs: RUNS,
    medianUs: round1(median(warm.map((t) => t.us))),
    movementMedianUs: round1(median(warm.filter((t) => t.movement).map((t) => t.us))),
    meanUsMedianOfRuns: round1(median(perPhase)),
    phasesPerSecond: Math.round(1e6 / median(perPhase)),
    phasesPerReplay: phaseCount,
  },
  worstCaseUs: round1(median(worst)),
  heapMb: { start: mb(heapBefore), afterRuns: mb(heapMid), after20MoreReplays: mb(heapAfter), gcExposed: Boolean(global.gc) },
  peakRssMb,
};
const file = join(RESULTS, `adjudicate-${stamp}.json`);
writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
const c = report.coldMedianOfProcesses;
console.log(
  `bench:adjudicate first pass (${first.transitions} transitions, cold): mean ${first.meanUs} µs, movement ${first.movementMeanUs} µs, ` +
    `max after 100 ${first.maxAfter100Us} µs (${first.overOneMsAfter100} over 1 ms; ${first.gcInPass.scavenges.count} scavenges, ${first.gcInPass.scavenges.ms} ms), CPU ${first.pass.processCpuUsPerTransition} µs/transition` +
    (more.length > 0 ? `; median of ${passes.length} fresh processes: mean ${c.meanUs}, movement ${c.movementMeanUs}, max after 100 ${c.maxAfter100Us}` : '') +
    (report.afterWarmUp ? `; after the start-up warm-up (${report.afterWarmUp.medianOfProcesses.warmUpWallMs} ms, median of ${warmed.length}): mean ${report.afterWarmUp.medianOfProcesses.meanUs}, movement ${report.afterWarmUp.medianOfProcesses.movementMeanUs}, max after 100 ${report.afterWarmUp.medianOfProcesses.maxAfter100Us}` : '') +
    (report.firstRound ? `; first round of ${report.firstRound.boards} boards: ${report.firstRound.cold.mainThreadCpuMs} ms main-thread CPU cold, ${report.firstRound.afterWarmUp.mainThreadCpuMs} ms after the warm-up` : '') +
    `; warm median ${report.warm.medianUs} µs (mean ${report.warm.meanUsMedianOfRuns}); worst case ${report.worstCaseUs} µs; ` +
    `heap ${report.heapMb.afterRuns} → ${report.heapMb.after20MoreReplays} MB after 20 more replays; peak RSS ${peakRssMb} MB; ` +
    `load ${loadBefore.map((x) => x.toFixed(2)).join(' ')} → ${file}${profileFile ? ` (CPU profile ${profileFile})` : ''}`,
);
