/**
 * Dice notation as the seeds write it (seed 000 4.2.4, 6.3.2; seed 004 C.7(f)): `dN`, `MdN`,
 * `MdN+K` / `MdN-K`, `d3` (a d6 halved, rounded up), `d100` / `d%` (1–100, "percentile").
 */
export interface Notation {
  /** The text as written, normalised: `2d6+3`, `d20`, `d100`. */
  readonly text: string;
  readonly count: number;
  /** Faces of the die actually thrown (a `d3` throws a d6). */
  readonly sides: number;
  readonly modifier: number;
  /** `d3`: each d6 is halved, rounded up (1–2 → 1, 3–4 → 2, 5–6 → 3). */
  readonly halved: boolean;
}

export const MAX_DICE = 100;
export const MAX_SIDES = 1000;

const FORM = /^\s*(\d*)\s*d\s*(\d+|%)\s*(?:([+-])\s*(\d+))?\s*$/i;

/** Read a notation; a list of problems (naming the accepted forms) when it is not one. */
export function parseNotation(text: string): { ok: true; notation: Notation } | { ok: false; problems: string[] } {
  const m = FORM.exec(text);
  if (!m) return { ok: false, problems: [`"${text}" is not dice notation: write dN, MdN, MdN+K or MdN-K (d20, 4d20, 2d6+3, d3, d100, d%)`] };
  const count = m[1] === '' ? 1 : Number(m[1]);
  const faces = m[2] === '%' ? 100 : Number(m[2]);
  const modifier = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  const problems: string[] = [];
  if (count < 1 || count > MAX_DICE) problems.push(`"${text}": throw between 1 and ${MAX_DICE} dice`);
  if (faces < 2 || faces > MAX_SIDES) problems.push(`"${text}": a die has between 2 and ${MAX_SIDES} faces`);
  if (problems.length > 0) return { ok: false, problems };
  const halved = faces === 3;
  const sign = modifier === 0 ? '' : modifier > 0 ? `+${modifier}` : `${modifier}`;
  const die = m[2] === '%' ? 'd100' : `d${faces}`;
  return { ok: true, notation: { text: `${count === 1 ? '' : count}${die}${sign}`, count, sides: halved ? 6 : faces, modifier, halved } };
}
