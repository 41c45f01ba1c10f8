/**
 * `mailjudge adjudicate`: one phase, JSON in, JSON out (DESIGN.md "The adjudication CLI contract").
 */
import { adjudicate, type Rules } from '../../game/index.js';
import { AdjudicateJson, formatOutcome, parseJsonText, readOrders, readPosition, validate } from '../position-json.js';

export interface EngineOptions {
  readonly rules: Rules;
  readonly endYear?: number;
}

/** Adjudicate the phase described by `input` (JSON text); throws `InputError` on bad input. */
export function runAdjudicate(input: string, options: EngineOptions): object {
  const json = validate(AdjudicateJson, parseJsonText(input));
  const state = readPosition(json);
  const orders = readOrders(json.orders, state);
  const out = adjudicate(state, orders, options.endYear !== undefined ? { rules: options.rules, endYear: options.endYear } : { rules: options.rules });
  return formatOutcome(state.phase, out);
}
