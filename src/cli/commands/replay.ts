/**
 * `mailjudge replay`: a game phase by phase, JSON in, one JSON line per phase out.
 *
 * A phase the input leaves out is played with no orders. A listed phase the game skipped (a retreat
 * or adjustment phase with nothing to do) is accepted with no orders, or with only disbands of units
 * that had nowhere to retreat and were disbanded at once; its line says `"skipped": true`. A listed
 * phase that carries other orders but does not occur is an error.
 */
import {
  adjudicate,
  formatPhase,
  parsePhase,
  phaseIndex,
  standardStartState,
  type GameState,
  type Phase,
  type PhaseOutcome,
} from '../../diplomacy/index.js';
import { InputError, ReplayJson, formatOutcome, formatPosition, parseJsonText, readOrders, readPosition, validate } from '../position-json.js';
import type { EngineOptions } from './adjudicate.js';
import type { Progress } from '../progress.js';

/**
 * Replay a game; returns the output lines; throws `InputError` on bad input. `startProgress`, if
 * given, is called with the number of listed phases and ticked after each.
 */
export function runReplay(input: string, options: EngineOptions, startProgress?: (total: number) => Progress): object[] {
  const json = validate(ReplayJson, parseJsonText(input));
  const bar = startProgress?.(json.phases.length);
  try {
    return replayPhases(json, options, bar);
  } finally {
    bar?.stop();
  }
}

type ReplayInput = ReturnType<typeof ReplayJson.parse>;

function replayPhases(json: ReplayInput, options: EngineOptions, bar: Progress | undefined): object[] {
  let state: GameState = json.start ? readPosition(json.start) : standardStartState();
  let current: Phase | null = state.phase;
  let lastDisbanded = new Set<string>();
  const lines: object[] = [];
  const engine = (s: GameState, orders: Parameters<typeof adjudicate>[1]): PhaseOutcome => adjudicate(s, orders, options);

  // Index of the last phase played (a listed phase at or before it is out of order).
  let played = phaseIndex(state.phase) - 1;
  json.phases.forEach((entry, k) => {
    bar?.tick();
    const where = `phases[${k}]`;
    if (entry.phase.trim().toUpperCase() === 'COMPLETED' && current === null) return; // webDiplomacy's end marker
    const phase = parsePhase(entry.phase);
    if (!phase) throw new InputError([`${where}.phase: "${entry.phase}" is not a phase name (write S1901M, F1901R, W1901A)`]);
    if (phaseIndex(phase) <= played) {
      throw new InputError([`${where}: ${entry.phase} is out of order (the replay is already past it)`]);
    }
    // Phases the input leaves out are played with no orders.
    while (current !== null && phaseIndex(current) < phaseIndex(phase)) {
      const out = engine(state, []);
      lines.push(formatOutcome(state.phase, out));
      lastDisbanded = disbandedAtOnce(out);
      played = phaseIndex(state.phase);
      state = out.state;
      current = out.next;
    }
    if (current === null) throw new InputError([`${where}: the game is over before ${entry.phase}`]);
    if (phaseIndex(phase) < phaseIndex(current)) {
      // A phase the game skipped (nothing to do in it).
      const harmless = Object.values(entry.orders ?? {}).flat().every((o) => lastDisbanded.has(o.trim().toUpperCase()));
      if (!harmless) {
        throw new InputError([`${where}: ${entry.phase} does not occur (nothing to do; the game goes on with ${formatPhase(current)}) but it has orders`]);
      }
      lines.push({ phase: formatPhase(phase), skipped: true, next: formatPhase(current), ...formatPosition(state) });
      return;
    }
    const orders = readOrders(entry.orders, state);
    const out = engine(state, orders);
    lines.push(formatOutcome(state.phase, out));
    lastDisbanded = disbandedAtOnce(out);
    played = phaseIndex(state.phase);
    state = out.state;
    current = out.next;
  });
  return lines;
}

function disbandedAtOnce(out: PhaseOutcome): Set<string> {
  return new Set(out.results.filter((r) => r.reason === 'noRetreat').map((r) => r.order));
}
