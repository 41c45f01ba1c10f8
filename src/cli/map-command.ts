/**
 * `mailjudge map [--format svg|png] < position.json > map.png`: draw a position. The input is either
 * what `adjudicate` prints (a played phase: results drawn as arrows, the position after it) or what
 * it reads (a position, with optional orders drawn as given). Bad input exits 2 with
 * `{"error", "problems"}` like the other pure commands. Registered in src/cli/engine-commands.ts,
 * which imports this module only when `map` runs.
 */
import { z } from 'zod';
import { POWERS, parsePhase, type Outcome, type Power } from '../diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfPosition, pictureOfResults, renderMapSvg, renderPng, type MapPicture } from '../diplomacy/picture/index.js';
import { AdjudicateJson, InputError, PositionJson, parseJsonText, readOrders, readPosition, validate } from './position-json.js';

const OUTCOMES = ['held', 'moved', 'bounced', 'dislodged', 'noConvoy', 'supported', 'cut', 'void', 'convoyed', 'disrupted', 'retreated', 'disbanded', 'built', 'waived', 'illegal', 'superseded'] as const satisfies readonly Outcome[];

const OutputJson = PositionJson.extend({
  next: z.string().nullable(),
  results: z.array(z.object({ power: z.string(), order: z.string(), outcome: z.enum(OUTCOMES) }).passthrough()),
}).passthrough();

/** The picture of the JSON text: an `adjudicate` output (has `results`) or input. Throws InputError. */
export function pictureOfJson(text: string): MapPicture {
  const json = parseJsonText(text);
  if (json !== null && typeof json === 'object' && 'results' in json) {
    const out = validate(OutputJson, json);
    const played = parsePhase(out.phase);
    const next = out.next === null ? null : parsePhase(out.next);
    const problems: string[] = [];
    if (!played) problems.push(`phase: "${out.phase}" is not a phase name (write S1901M, F1901R, W1901A)`);
    if (out.next !== null && !next) problems.push(`next: "${out.next}" is not a phase name`);
    out.results.forEach((r, i) => {
      if (!POWERS.includes(r.power.toUpperCase() as Power)) problems.push(`results[${i}].power: unknown power "${r.power}"`);
    });
    if (problems.length > 0) throw new InputError(problems);
    // The position printed is the one at the start of `next` (or the final one when the game ended).
    const after = readPosition({ ...out, phase: out.next ?? out.phase, ...(next?.kind !== 'R' ? { dislodged: {} } : {}) });
    const results = out.results.map((r) => ({ power: r.power.toUpperCase() as Power, order: r.order, outcome: r.outcome }));
    return pictureOfResults(played!, results, after, next ?? null);
  }
  const input = validate(AdjudicateJson, json);
  const state = readPosition(input);
  return pictureOfPosition(state, readOrders(input.orders, state));
}

/** Draw the JSON text as SVG text or PNG bytes. Throws InputError on bad input. */
export function runMap(text: string, format: string): string | Buffer {
  if (format !== 'svg' && format !== 'png') throw new InputError([`--format: "${format}" is not a format (svg or png)`]);
  const svg = renderMapSvg(pictureOfJson(text), STANDARD_GEOMETRY);
  return format === 'svg' ? svg : renderPng(svg);
}
