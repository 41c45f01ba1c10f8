/**
 * `mailjudge adjudicate`: one phase, JSON in, JSON out (DESIGN.md "The adjudication CLI contract").
 */
import { adjudicate, type AdjudicateOptions } from '../../diplomacy/index.js';
import { AdjudicateJson, formatOutcome, parseJsonText, readOrders, readPosition, validate } from '../position-json.js';

/** The engine options the CLI flags set (`--rules`, `--end-year`). */
export type EngineOptions = Pick<AdjudicateOptions, 'rules' | 'endYear'>;

/** Adjudicate the phase described by `input` (JSON text); throws `InputError` on bad input. */
export function runAdjudicate(input: string, options: EngineOptions): object {
  const json = validate(AdjudicateJson, parseJsonText(input));
  const state = readPosition(json);
  const orders = readOrders(json.orders, state);
  const out = adjudicate(state, orders, options);
  return formatOutcome(state.phase, out);
}
