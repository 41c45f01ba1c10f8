/**
 * `mailjudge dice verify` (DESIGN.md "Verifiable dice"): recompute recorded rolls from the revealed
 * seed. Pure, JSON in and out; bad input exits 2 with `{error, problems}`.
 */
import { z } from 'zod';
import { parseNotation, verify, type VerifyResult } from '../../dice/index.js';
import { InputError, parseJsonText, validate } from '../position-json.js';

const VerifyJson = z.object({
  seed: z.string().min(1),
  commitment: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a SHA-256 in hex (64 characters)').optional(),
  rolls: z.array(z.object({
    notation: z.string(),
    nonce: z.union([z.string(), z.number()]).transform(String),
    dice: z.array(z.number().int()).optional(),
    total: z.number().int().optional(),
  })),
});

/** Recompute recorded rolls from the revealed seed: `{seed, commitment?, rolls: [{notation, nonce, dice?, total?}]}`. */
export function runDiceVerify(input: string): VerifyResult {
  const json = validate(VerifyJson, parseJsonText(input));
  const problems = json.rolls.flatMap((r, i) => {
    const p = parseNotation(r.notation);
    return p.ok ? [] : p.problems.map((m) => `rolls[${i}].notation: ${m}`);
  });
  if (problems.length > 0) throw new InputError(problems);
  return verify(json);
}
