/**
 * The state of reading one post line and the helpers every action parser shares: reporting an issue
 * with the player's own fragment, the accepted forms shown in messages, squares and target names.
 */
import type { Severity, SheetIssue } from '../../rules/sheet-issue.js';
import { isArmyName, armyKey, normaliseName } from './army-names.js';
import type { CoalitionIssueCode } from './issue-codes.js';
import type { Square } from './post.js';
import type { SquareRead } from './read-square.js';
import { isIgnorable, type Token } from './tokens.js';

export interface LineState {
  readonly lineNo: number;
  readonly raw: string;
  readonly toks: readonly Token[];
  i: number;
  /** The ordered army, once known: used in messages and to catch self-targets. */
  army: string | undefined;
  errors: number;
  readonly issues: SheetIssue<CoalitionIssueCode>[];
}

export function report(st: LineState, code: CoalitionIssueCode, fragment: string, message: string, severity: Severity = 'error'): void {
  st.issues.push({ line: st.lineNo, fragment, code, message, severity });
  if (severity === 'error') st.errors++;
}

/** The player's text from token `a` through token `b`. */
export function said(st: LineState, a: { readonly start: number }, b: { readonly end: number }): string {
  return st.raw.slice(a.start, b.end);
}

/** The player's text from token `i` to the end of the line. */
export function rest(st: LineState, i: number): string {
  const t = st.toks[i];
  return t ? st.raw.slice(t.start).trim() : '';
}

export function armyOf(st: LineState): string {
  return st.army ?? PLACEHOLDER;
}

/** An army name for examples that is not the ordered army. */
export function otherArmy(st: LineState): string {
  return st.army && armyKey(st.army) === 'darkhand5' ? 'Sai Rei' : 'Darkhand5';
}

/** `write "Army: action"`: the accepted form every message ends with. */
export function write(st: LineState, action: string): string {
  return `write "${armyOf(st)}: ${action}"`;
}

export function acceptedForms(st: LineState): string {
  const a = armyOf(st);
  const b = otherArmy(st);
  return `write one of "${a}: 3D > 5E", "${a}: 5E > 8E > 11E", "${a}: 5E > 4G (5E - 5F - 5G - 4G)", ` +
    `"${a}: 3D > 5E; replace ${b}", "${a}: 5E > 6E; Joint Engage", "${a}: Intercept ${b}", ` +
    `"${a}: Transfer to ${b} at 6F", "${a}: hold"`;
}

/** The army name in examples when the line names none. */
export const PLACEHOLDER = 'Army';

export const SQUARE_RULE = 'a square is its row number 1–38, then its column letter A–N (1.2)';

/** The square of a read, reporting `badSquare` when it is not one. */
export function squareOf(st: LineState, read: SquareRead): Square | undefined {
  if (read.ok) return read.square;
  const text = said(st, read, read);
  const message = read.swapped
    ? `"${text}" is not a square; the row number comes first (1.2): write "${read.swapped}"`
    : `"${text}" is not a square; ${SQUARE_RULE}: write a square like "5E"`;
  report(st, 'badSquare', text, message);
  return undefined;
}


/** Reports `trailingText` if anything but closing punctuation follows token `i`. */
export function expectEnd(st: LineState, i: number, canonical: string | undefined): void {
  const extra = st.toks.slice(i).find((t) => !isIgnorable(t));
  if (!extra) return;
  const fragment = st.raw.slice(extra.start).trim();
  report(st, 'trailingText', fragment,
    `"${fragment}" after a complete order is not read: ` + (canonical ? write(st, canonical) : acceptedForms(st)));
}

/** Index of the first `;` at or after `i` (where a name stops), or the end of the line. */
export function stopAt(st: LineState, i: number): number {
  const k = st.toks.findIndex((t, j) => j >= i && t.kind === 'semi');
  return k < 0 ? st.toks.length : k;
}

/** A target army's name written in tokens [from, stop); reports and returns undefined when missing or bad. */
export function targetName(st: LineState, from: number, stop: number, after: string, verb: string, example: string): string | undefined {
  const first = st.toks[from];
  const last = st.toks[stop - 1];
  const text = first && last && from < stop ? said(st, first, last).trim() : '';
  const name = normaliseName(text);
  if (!name) {
    report(st, 'missingArmyName', '', `no army named after "${after}": ${write(st, example)}`);
    return undefined;
  }
  if (!isArmyName(name)) {
    report(st, 'badArmyName', text, `"${text}" is not an army name; a name starts with a letter or digit and has no : ; < > ( ): ${write(st, example)}`);
    return undefined;
  }
  if (st.army && armyKey(name) === armyKey(st.army)) {
    report(st, 'selfTarget', text, `${st.army} cannot ${verb} itself: ${write(st, example)}`);
    return undefined;
  }
  return name;
}
