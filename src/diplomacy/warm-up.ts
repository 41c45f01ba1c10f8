/**
 * The engine's warm-up (issue 32): a fixed script of synthetic phases — openings, supports cut and
 * uncut, bounces, a dislodgement and its retreats, a convoy, a convoy paradox, builds, removals and a
 * civil disorder, under both rule profiles, parsing every order's text — adjudicated a number of
 * times. A long-running judge calls it once at start-up (src/worker), off any deadline, so that V8
 * has compiled and optimised the engine before the first real adjudication. Pure: it returns how many
 * phases it adjudicated and keeps nothing (the parser's bounded memo aside).
 */
import type { Power, ProvinceId } from './map/types.js';
import { adjudicate } from './adjudicator/adjudicate.js';
import type { SubmittedOrder } from './adjudicator/movement.js';
import { parseOrder } from './orders/parse-order.js';
import { DATC2000_RULES, WM_RULES, type Rules } from './rules.js';
import { standardStartState } from './start.js';
import type { GameState, Unit } from './state.js';

/** `POWER: order; order` per line. */
type Script = string;

const OPENINGS: Script = `
AUSTRIA: A VIE - GAL; A BUD - SER; F TRI - ALB
ENGLAND: F LON - NTH; F EDI - NWG; A LVP - YOR
FRANCE: F BRE - MAO; A PAR - BUR; A MAR S A PAR - BUR
GERMANY: F KIE - DEN; A BER - KIE; A MUN - RUH
ITALY: F NAP - ION; A ROM - APU; A VEN H
RUSSIA: F STP/SC - BOT; A MOS - UKR; A WAR - GAL; F SEV - BLA
TURKEY: F ANK - BLA; A CON - BUL; A SMY - CON
`;

const FALL: Script = `
AUSTRIA: A GAL S A SER - RUM; A SER - RUM; F ALB - GRE
ENGLAND: F NTH C A YOR - NWY; A YOR - NWY; F NWG - BAR
FRANCE: F MAO - POR; A BUR - BEL; A MAR - SPA
GERMANY: F DEN - SWE; A KIE - HOL; A RUH S A KIE - HOL
ITALY: F ION C A APU - TUN; A APU - TUN; A VEN - TRI
RUSSIA: F BOT - SWE; A UKR - RUM; A WAR - GAL; F SEV H
TURKEY: F ANK - BLA; A BUL S A CON - SER; A CON - BUL
`;

/** The full board of 34 units of bench:adjudicate's worst case: a Pandin paradox, a circular movement, a multi-route convoy. */
const FULL_BOARD_UNITS: Script = `
ENGLAND: F LON; F WAL; F EDI; F NWG; F NAO; A YOR; F IRI; A CLY
FRANCE: A BRE; F ENG; F MAO; A PIC; A PAR; A GAS; F POR
GERMANY: F NTH; F BEL; A HOL; A RUH; A MUN; A KIE; F DEN
RUSSIA: A MOS; A WAR; A UKR; F SEV; A LVN; F BOT; F SWE
TURKEY: A BUL; F BLA; F CON; A ARM; A SMY
`;
const FULL_BOARD_ORDERS: Script = `
ENGLAND: F LON S F WAL - ENG; F WAL - ENG; F EDI S F NWG; F NWG C A CLY - NWY; F NAO C A CLY - NWY; A YOR S F LON; F IRI S F NAO; A CLY - NWY
FRANCE: A BRE - LON; F ENG C A BRE - LON; F MAO - IRI; A PIC S A PAR - BUR; A PAR - BUR; A GAS - MAR; F POR H
GERMANY: F NTH S F BEL - ENG; F BEL - ENG; A HOL - RUH; A RUH - MUN; A MUN - KIE; A KIE - HOL; F DEN S F NTH
RUSSIA: A MOS - WAR; A WAR - UKR; A UKR - MOS; F SEV - BLA; A LVN S A MOS - WAR; F BOT - SWE; F SWE - BOT
TURKEY: A BUL - RUM; F BLA - SEV; F CON - AEG; A ARM S F BLA - SEV; A SMY - CON
`;

/** A dislodgement: Austria's army in Serbia is driven out and has somewhere to go. */
const DISLODGE_UNITS: Script = `
AUSTRIA: A SER; A BUD
TURKEY: A BUL; A GRE; F AEG
RUSSIA: A RUM
`;
const DISLODGE_ORDERS: Script = `
AUSTRIA: A SER H; A BUD - RUM
TURKEY: A BUL - SER; A GRE S A BUL - SER; F AEG - GRE
RUSSIA: A RUM S A BUD - SER
`;

function lines(script: Script): [Power, string[]][] {
  return script.trim().split('\n').map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon) as Power, line.slice(colon + 1).split(';').map((s) => s.trim()).filter((s) => s.length > 0)];
  });
}

function ordersOf(script: Script): SubmittedOrder[] {
  const out: SubmittedOrder[] = [];
  for (const [power, texts] of lines(script)) {
    for (let k = 0; k < texts.length; k++) {
      const r = parseOrder(texts[k]!);
      if (r.ok) out.push({ power, order: r.order });
    }
  }
  return out;
}

function unitsOf(script: Script): Unit[] {
  const out: Unit[] = [];
  for (const [power, texts] of lines(script)) {
    for (const t of texts) {
      const [kind, location] = t.split(' ') as ['A' | 'F', string];
      out.push({ power, kind, location });
    }
  }
  return out;
}

/**
 * One pass of the script under one profile; the number of phases adjudicated. `seen` (the tests)
 * gets every result's outcome and reason, to check what the script covers.
 */
export function playWarmUpScript(rules: Rules, seen?: (outcome: string) => void): number {
  let count = 0;
  const run = (state: GameState, orders: readonly SubmittedOrder[]) => {
    count++;
    const out = adjudicate(state, orders, { rules });
    if (seen) for (const r of out.results) seen(r.reason ? `${r.outcome}/${r.reason}` : r.outcome);
    return out;
  };
  // A year from the start: openings, a fall with a convoy and supports, the winter (builds as ordered).
  const start = standardStartState();
  const spring = run(start, ordersOf(OPENINGS));
  let fall = run(spring.state, ordersOf(FALL));
  if (fall.state.phase.kind === 'R') fall = run(fall.state, []);
  if (fall.state.phase.kind === 'A') {
    run(fall.state, ordersOf('AUSTRIA: A VIE B; F TRI B\nENGLAND: F LON B\nFRANCE: WAIVE\nGERMANY: A BER B\nTURKEY: F ANK B; A SMY B\nITALY: A NAP B\nRUSSIA: F STP/NC B; A MOS B'));
    run(fall.state, []);
  }
  // The full board, and a dislodgement with its retreats (ordered, then unordered).
  const centers = new Map<ProvinceId, Power>();
  const board: GameState = { phase: { season: 'F', year: 1905, kind: 'M' }, units: unitsOf(FULL_BOARD_UNITS), centers, dislodged: [], standoffs: [] };
  const full = run(board, ordersOf(FULL_BOARD_ORDERS));
  if (full.state.phase.kind === 'R') run(full.state, []);
  const sparse: GameState = { phase: { season: 'S', year: 1903, kind: 'M' }, units: unitsOf(DISLODGE_UNITS), centers: start.centers, dislodged: [], standoffs: [] };
  const dislodged = run(sparse, ordersOf(DISLODGE_ORDERS));
  if (dislodged.state.phase.kind === 'R') {
    run(dislodged.state, ordersOf('AUSTRIA: A SER R ALB'));
    run(dislodged.state, ordersOf('AUSTRIA: A SER D'));
  }
  // A winter with removals owed: one ordered, the rest in civil disorder (D.V(4)).
  const lean: GameState = { phase: { season: 'W', year: 1905, kind: 'A' }, units: board.units, centers: start.centers, dislodged: [], standoffs: [] };
  run(lean, ordersOf('ENGLAND: F NAO D\nFRANCE: A GAS D; A PIC D'));
  run(lean, []);
  return count;
}

/**
 * Adjudicate the warm-up script `rounds` times under each rule profile; returns the number of
 * phases adjudicated (20 a round: 10 under each profile). The default, 800 phases (about 0.1 s of
 * main-thread CPU), halves what a judge's first round of boards costs in a fresh process
 * (bench:adjudicate -- --round-runs N); the full warm speed takes some 4,000 real phases
 * (bench:adjudicate -- --passes 6).
 */
export function warmUpEngine(rounds = 40): number {
  let count = 0;
  for (let r = 0; r < rounds; r++) {
    count += playWarmUpScript(DATC2000_RULES);
    count += playWarmUpScript(WM_RULES);
  }
  return count;
}
