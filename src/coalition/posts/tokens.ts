/**
 * The token stream of one post line (words, arrows, dashes, parentheses, `;`, `,`, `:`, `@`, dots),
 * each token keeping its offsets so every issue can quote the player's own text; and the words and
 * phrases the parser recognises (3.2.1–3.2.5).
 */
export type TokenKind = 'word' | 'arrow' | 'dash' | 'open' | 'close' | 'semi' | 'comma' | 'colon' | 'at' | 'dot' | 'other';

export interface Token {
  readonly kind: TokenKind;
  /** Lower case, curly apostrophes straightened: for matching only. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

export const TOKEN_KINDS: readonly TokenKind[] = ['word', 'arrow', 'dash', 'open', 'close', 'semi', 'comma', 'colon', 'at', 'dot', 'other'];
export const SPACE = /\s+/uy;
// Group order is TOKEN_KINDS order. `->`, `=>`, `–>` are arrows before `-` is a dash.
export const TOKEN = /([\p{L}\p{M}\p{N}_'’]+)|(-+>|=+>|[–—]+>|>+|[→⇒➔➜⟶])|([-–—]+)|(\()|(\))|(;)|(,)|(:)|(@)|(\.+)|([^])/uy;

/** The tokens of `text` from offset `from` on; whitespace separates tokens and is dropped. */
export function tokenize(text: string, from: number): Token[] {
  const toks: Token[] = [];
  let pos = from;
  while (pos < text.length) {
    SPACE.lastIndex = pos;
    if (SPACE.test(text)) {
      pos = SPACE.lastIndex;
      continue;
    }
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) break; // unreachable: the last alternative matches any code point
    const group = m.findIndex((g, k) => k > 0 && g !== undefined);
    toks.push({
      kind: TOKEN_KINDS[group - 1] ?? 'other',
      lower: m[0].toLowerCase().replace(/’/g, "'"),
      start: pos,
      end: pos + m[0].length,
    });
    pos += m[0].length;
  }
  return toks;
}

export function isWord(t: Token | undefined, ...words: readonly string[]): boolean {
  return t !== undefined && t.kind === 'word' && words.includes(t.lower);
}

/** The index after the first of `phrases` (word sequences, longest first) that starts at `i`, or -1. */
export function phraseAt(toks: readonly Token[], i: number, phrases: readonly (readonly string[])[]): number {
  for (const p of phrases) {
    if (p.every((w, k) => isWord(toks[i + k], w))) return i + p.length;
  }
  return -1;
}

// 3.2.1: "You may post ordering your army to not move".
export const HOLD_PHRASES: readonly (readonly string[])[] = [
  ['does', 'not', 'move'], ["doesn't", 'move'], ['stays', 'put'], ['stay', 'put'], ['not', 'moving'], ['no', 'move'],
  ['hold'], ['holds'], ['holding'], ['stay'], ['stays'], ['stand'], ['stands'],
];
// 3.2.1: "You may post mentioning that your army cannot move because it is fighting."
export const BATTLE_PHRASES: readonly (readonly string[])[] = [
  ['engaged', 'in', 'battle'], ['in', 'battle'], ['in', 'combat'], ['fighting'], ['battling'], ['engaged'],
];
export const MOVE_WORDS = ['move', 'moves', 'moving'];
export const INTERCEPT_WORDS = ['intercept', 'intercepts'];
export const TRANSFER_WORDS = ['transfer', 'transfers'];
export const ENGAGE_WORDS = ['engage', 'engages', 'attack', 'attacks'];
export const REPLACE_WORDS = ['replace', 'replaces'];
export const AT_WORDS = ['at', 'in', 'on'];
export const OPPONENT_WORDS = ['with', 'against', 'vs', 'versus'];

/** The index after "Joint Engage" (also `joint-engage`, `JointEngage`, "joint engagement") at `i`, or -1. */
export function jointEngageAt(toks: readonly Token[], i: number): number {
  if (isWord(toks[i], 'jointengage', 'jointengagement')) return i + 1;
  if (!isWord(toks[i], 'joint')) return -1;
  const j = toks[i + 1]?.kind === 'dash' ? i + 2 : i + 1;
  return isWord(toks[j], 'engage', 'engagement') ? j + 1 : -1;
}

export const isIgnorable = (t: Token): boolean =>
  t.kind === 'dot' || t.kind === 'semi' || t.kind === 'comma' || (t.kind === 'other' && t.lower === '!');
