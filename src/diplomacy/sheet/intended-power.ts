/**
 * Whose orders a proxy set was (D.II(3) "no proxy orders"): when someone who does not hold a power
 * sends orders, the judge tells the power's real player and the GM. The power meant is the one whose
 * units the most lines order; none when no line orders any unit. Pure.
 */
import { POWERS, type GameState, type Power, type Rules } from '../index.js';
import { parseOrderSheet } from './parse-order-sheet.js';

export function intendedPower(text: string, state: GameState, rules?: Rules): Power | undefined {
  let best: { power: Power; n: number } | undefined;
  for (const power of POWERS) {
    if (!state.units.some((u) => u.power === power) && !state.dislodged.some((d) => d.power === power)) continue;
    const n = parseOrderSheet(text, { state, power, ...(rules ? { rules } : {}) }).orders.length;
    if (n > 0 && (!best || n > best.n)) best = { power, n };
  }
  return best?.power;
}
