/**
 * Parser for Coalition/Phyrexia movement posts (rules chapter 3): each non-blank line of a post is
 * one army's order, `Army: action`, in the forms of 3.2.2.5 (moves, long and routed moves, engage /
 * replace), 3.2.3.1 (Intercept), 3.2.4.2 (Transfer), 3.2.5.1 (Joint Engage) and the optional hold /
 * in-battle posts of 3.2.1. Pure: no map, no clock; it checks what the text alone can show (squares
 * on the grid, legs of at most 3 squares, routes that walk square by square) and leaves occupancy,
 * control and rank to the judge. Bad input is returned as issues, every one in one pass; never throws.
 *
 * Lines are read as a token stream (words, arrows, dashes, parentheses, `;`, `,`, `:`, `@`, dots)
 * that keeps each token's offsets, so every issue quotes the player's own text. Army names are free
 * text and are taken as raw slices of the line, never re-assembled from tokens.
 *
 * The reading is split by what it does: tokens.ts (the token stream), read-square.ts (squares and
 * walks), army-names.ts, line-state.ts (issues and shared helpers), parse-move.ts (moves, Joint
 * Engage), parse-action.ts (every other action); this module reads lines and whole posts.
 */
import { MAX_LINE_CHARS, MAX_SHEET_LINES } from '../../rules/limits.js';
import type { SheetIssue } from '../../rules/sheet-issue.js';
import { BULLET, armyKey, isArmyName, normaliseName } from './army-names.js';
import { formatCoalitionAction } from './format-post.js';
import type { CoalitionIssueCode } from './issue-codes.js';
import { PLACEHOLDER, report, rest, type LineState } from './line-state.js';
import { parseAction } from './parse-action.js';
import type { CoalitionPost } from './post.js';
import { readSquareAt } from './read-square.js';
import { BATTLE_PHRASES, HOLD_PHRASES, INTERCEPT_WORDS, TRANSFER_WORDS, isWord, jointEngageAt, phraseAt, tokenize, type Token } from './tokens.js';

export type { CoalitionIssueCode } from './issue-codes.js';

/** What the parser may know besides the text. */
export interface ParseCoalitionPostsOptions {
  /**
   * The poster's screen name: an order line with no army name is for the army of that name
   * (3.2.2.5). Without it such lines are reported as `missingArmyName`.
   */
  readonly poster?: string;
}

/** The orders read from a post, in the order written, and every problem found. */
export interface ParseCoalitionPostsResult {
  /** One per army: the last order written for it (3.3.6), at the place it was written (3.3.1). */
  readonly posts: CoalitionPost[];
  /** Sorted by line. */
  readonly issues: SheetIssue<CoalitionIssueCode>[];
}


/** A colon that ends the army name: not in a URL (`http://`) nor a time (`5:00`). */
function isNameColon(raw: string, k: number): boolean {
  if (raw.startsWith('//', k + 1)) return false;
  const before = raw.slice(Math.max(0, k - 3), k);
  const after = raw.slice(k + 1, k + 4);
  return !(/(?:^|[^\p{L}\p{N}])\d{1,2}$/u.test(before) && /^\d{2}(?!\d)/.test(after));
}

/** Whether token `i` starts something only an order would: a square then `>`, Intercept, Transfer or Joint Engage. */
function orderStartsAt(toks: readonly Token[], i: number, validSquareAlone: boolean): boolean {
  const sq = readSquareAt(toks, i);
  if (sq && ((validSquareAlone && sq.ok) || toks[sq.next]?.kind === 'arrow')) return true;
  return isWord(toks[i], ...INTERCEPT_WORDS, ...TRANSFER_WORDS) || jointEngageAt(toks, i) >= 0;
}

interface LineResult {
  readonly post?: CoalitionPost;
  /** The ordering army as the player wrote it (for duplicate warnings); '' when left off. */
  readonly armyWritten: string;
}

function parseLine(lineNo: number, raw: string, poster: string | undefined, issues: SheetIssue<CoalitionIssueCode>[]): LineResult | undefined {
  if (raw.trim() === '') return undefined;
  const bodyStart = BULLET.exec(raw)?.[0].length ?? 0;
  const toks = tokenize(raw, bodyStart);
  if (toks.length === 0) return undefined;
  const st: LineState = { lineNo, raw, toks, i: 0, army: undefined, errors: 0, issues: [] };
  const tooLong = (): undefined => {
    const fragment = raw.trim().slice(0, 40);
    report(st, 'lineTooLong', fragment,
      `the line is ${raw.length} characters long and is not read; an order line may have at most ${MAX_LINE_CHARS}: write one order a line, as "${PLACEHOLDER}: 5E > 8E"`);
    issues.push(...st.issues);
    return undefined;
  };
  const colon = toks.findIndex((t) => t.kind === 'colon' && isNameColon(raw, t.start));
  let armyWritten = '';

  if (colon >= 0) {
    if (raw.length > MAX_LINE_CHARS) return tooLong();
    const colonTok = toks[colon];
    armyWritten = raw.slice(bodyStart, colonTok?.start ?? bodyStart).trim();
    const name = normaliseName(armyWritten);
    st.i = colon + 1;
    if (!name) {
      // 3.2.2.5: "If you and the army have the same name, you may leave this off."
      if (poster) st.army = poster;
      else report(st, 'missingArmyName', '', `no army named before ":": write "${PLACEHOLDER}: ${rest(st, st.i) || '3D > 5E'}" (the name may be left off only by a poster ordering the army of the same name, 3.2.2.5)`);
    } else if (!isArmyName(name)) {
      report(st, 'badArmyName', armyWritten, `"${armyWritten}" is not an army name; a name starts with a letter or digit and has no : ; < > ( ): write "${PLACEHOLDER}: ${rest(st, st.i) || '3D > 5E'}"`);
    } else {
      st.army = name;
    }
  } else {
    const scratch = (): LineState => ({ ...st, i: 0, errors: 0, issues: [] });
    if (orderStartsAt(toks, 0, true)) {
      if (raw.length > MAX_LINE_CHARS) return tooLong();
    } else if (phraseAt(toks, 0, HOLD_PHRASES) >= 0 || phraseAt(toks, 0, BATTLE_PHRASES) >= 0) {
      // "hold", "in battle": read as an order only if the whole line is one; these posts do nothing
      // (3.2.1), so a chatty line that starts like one ("Stay tuned") is safely left alone.
      const trial = scratch();
      if (parseAction(trial) === undefined || trial.issues.length > 0) return undefined;
    } else {
      const j = toks.findIndex((_t, k) => k > 0 && orderStartsAt(toks, k, false));
      const at = toks[j];
      if (!at) return undefined; // chatter: no colon, nothing an order could start with
      if (raw.length > MAX_LINE_CHARS) return tooLong();
      const lead = raw.slice(bodyStart, at.start).trim();
      const name = normaliseName(lead);
      const short = isArmyName(name) && name.split(' ').length <= 3;
      report(st, 'missingColon', lead,
        `an order starts with the army's name and a colon: write "${short ? name : PLACEHOLDER}: ${rest(st, j)}"`);
      issues.push(...st.issues);
      return undefined;
    }
    if (poster) st.army = poster;
    else report(st, 'missingArmyName', '', `no army named: write "${PLACEHOLDER}: ${rest(st, 0)}" (the name may be left off only by a poster ordering the army of the same name, 3.2.2.5)`);
  }

  const action = parseAction(st);
  issues.push(...st.issues);
  if (st.errors > 0 || !action || !st.army) return { armyWritten };
  return { post: { line: lineNo, army: st.army, written: raw.trim(), action }, armyWritten };
}

/**
 * Reads a movement post: every non-blank line is one army's order (`Sai Rei: 3D > 5E; replace
 * Darkhand5`); lines with no colon and nothing an order could start with are chatter and skipped.
 * Returns the orders and every problem found in one pass; never throws.
 */
export function parseCoalitionPosts(text: string, options: ParseCoalitionPostsOptions = {}): ParseCoalitionPostsResult {
  const issues: SheetIssue<CoalitionIssueCode>[] = [];
  const posterName = options.poster === undefined ? '' : normaliseName(options.poster);
  const poster = isArmyName(posterName) ? posterName : undefined;
  const lines = text.split(/\r\n|\r|\n/);
  const read: (LineResult & { readonly post: CoalitionPost })[] = [];
  lines.slice(0, MAX_SHEET_LINES).forEach((raw, k) => {
    const r = parseLine(k + 1, raw, poster, issues);
    if (r?.post) read.push({ ...r, post: r.post });
  });
  const over = lines.slice(MAX_SHEET_LINES).findIndex((l) => l.trim() !== '');
  if (over >= 0) {
    const lineNo = MAX_SHEET_LINES + over + 1;
    issues.push({
      line: lineNo,
      fragment: (lines[lineNo - 1] ?? '').trim().slice(0, 40),
      code: 'tooManyLines',
      message: `a post may have at most ${MAX_SHEET_LINES} lines; line ${lineNo} and those after it are not read: write one order a line, as "${PLACEHOLDER}: 5E > 8E", and post the rest separately`,
      severity: 'error',
    });
  }

  // 3.3.6: "only the last order made by the movement deadline will be considered". The order kept
  // stays where it was written, which matters for 3.3.1 ("the first one written takes priority").
  const lastIndex = new Map<string, number>();
  read.forEach((r, k) => lastIndex.set(armyKey(r.post.army), k));
  const posts: CoalitionPost[] = [];
  read.forEach((r, k) => {
    const last = read[lastIndex.get(armyKey(r.post.army)) ?? k];
    if (!last || last === r) {
      posts.push(r.post);
      return;
    }
    issues.push({
      line: r.post.line,
      fragment: r.armyWritten,
      code: 'duplicateArmy',
      message: `${r.post.army} is ordered again on line ${last.post.line}; only the last order counts (3.3.6) and this one is ignored: ` +
        `write one order per army, as "${last.post.army}: ${formatCoalitionAction(last.post.action)}"`,
      severity: 'warning',
    });
  });
  issues.sort((a, b) => a.line - b.line);
  return { posts, issues };
}
