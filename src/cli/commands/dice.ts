/**
 * `mailjudge dice roll <notation> --seed TEXT --nonce N` (DESIGN.md "Verifiable dice"): pure, JSON
 * out; bad input exits 2 with `{error, problems}`. `dice verify` is in dice-verify.ts, so a roll
 * loads neither zod nor the JSON readers (docs/startup.md).
 */
import { parseNotation, throwDice, type Roll } from '../../dice/index.js';
import { InputError } from '../input-error.js';

/** Roll one notation; InputError naming the accepted forms on bad input. */
export function runDiceRoll(notation: string, opts: { seed?: string; nonce?: string }): Roll {
  const problems: string[] = [];
  const p = parseNotation(notation);
  if (!p.ok) problems.push(...p.problems);
  if (opts.seed === undefined || opts.seed === '') problems.push('--seed: give the secret seed (its SHA-256 is the commitment)');
  if (opts.nonce === undefined || opts.nonce === '') problems.push('--nonce: give the roll\'s nonce (a number or a name, unique per roll under one seed)');
  if (problems.length > 0 || !p.ok) throw new InputError(problems);
  return throwDice(opts.seed!, opts.nonce!, p.notation);
}
