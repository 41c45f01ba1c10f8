/**
 * The action after `Army:` (3.2.1's list): Intercept (3.2.3), Transfer (3.2.4), hold and in battle
 * (3.2.1), and moves / Joint Engage through {@link parseMove}.
 */
import { formatCoalitionAction } from './format-post.js';
import { acceptedForms, armyOf, expectEnd, otherArmy, report, said, squareOf, stopAt, targetName, write, type LineState } from './line-state.js';
import { parseMove } from './parse-move.js';
import type { CoalitionAction, Square } from './post.js';
import { formatSquare } from './post.js';
import { readSquareAt, type SquareRead } from './read-square.js';
import { AT_WORDS, BATTLE_PHRASES, HOLD_PHRASES, INTERCEPT_WORDS, MOVE_WORDS, OPPONENT_WORDS, TRANSFER_WORDS, isIgnorable, isWord, jointEngageAt, phraseAt } from './tokens.js';

/** `Intercept Sai Rei` (3.2.3.1). */
function parseIntercept(st: LineState): CoalitionAction | undefined {
  const stop = stopAt(st, st.i + 1);
  const name = targetName(st, st.i + 1, stop, 'Intercept', 'intercept', `Intercept ${otherArmy(st)}`);
  const action: CoalitionAction | undefined = name ? { kind: 'intercept', army: name } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** `Transfer to Darkhand5 at 6F` (3.2.4.2); also `in 6F`, `@ 6F`, `(6F)`, and without "to". */
function parseTransfer(st: LineState): CoalitionAction | undefined {
  const example = `Transfer to ${otherArmy(st)} at 6F`;
  const keyword = st.i;
  const stop = stopAt(st, keyword + 1);
  let end = stop;
  while (end > keyword + 1) {
    const t = st.toks[end - 1];
    if (!t || !isIgnorable(t)) break;
    end--;
  }
  // The receiving army's square: the last "at|in|on|@ <square>" or "(<square>)" that ends the order.
  let nameEnd = -1;
  let read: SquareRead | undefined;
  if (st.toks[end - 1]?.kind === 'close') {
    for (const open of [end - 3, end - 4]) {
      const r = st.toks[open]?.kind === 'open' ? readSquareAt(st.toks, open + 1) : undefined;
      if (r && r.next === end - 1 && open > keyword) {
        nameEnd = open;
        read = r;
        break;
      }
    }
  }
  for (let p = end - 2; read === undefined && p > keyword; p--) {
    const t = st.toks[p];
    if (!(isWord(t, ...AT_WORDS) || t?.kind === 'at')) continue;
    const r = readSquareAt(st.toks, p + 1);
    if (r && r.next === end) {
      nameEnd = p;
      read = r;
    }
  }
  let nameStart = keyword + 1;
  const hasTo = isWord(st.toks[nameStart], 'to');
  if (hasTo) nameStart++;
  if (!read) {
    report(st, 'expectedSquare', '', `a transfer names the square of the army receiving the troops (3.2.4.2): ${write(st, example)}`);
    return undefined;
  }
  const at = squareOf(st, read);
  // 3.2.4.2: which troops is e-mailed or PMed to the movement judge, not posted ("Transfer 500 Bears to X").
  let details: string | undefined;
  if (!hasTo) {
    const to = st.toks.findIndex((t, k) => k > nameStart && k < nameEnd && isWord(t, 'to'));
    const first = st.toks[nameStart];
    const last = st.toks[to - 1];
    if (to > nameStart && first && last) {
      details = said(st, first, last);
      nameStart = to + 1;
    }
  }
  const name = targetName(st, nameStart, nameEnd, 'Transfer to', 'transfer to', example);
  if (details !== undefined) {
    report(st, 'transferDetails', details,
      `"${details}" is not read: the troops to transfer go to the movement judge by e-mail or PM, or the transfer does nothing (3.2.4.2): ` +
      write(st, name && at ? `Transfer to ${name} at ${formatSquare(at)}` : example),
      'warning');
  }
  const action: CoalitionAction | undefined = name && at ? { kind: 'transfer', army: name, at } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** `hold`, `holds`, `stay`, `hold at 5E` (3.2.1). */
export function parseHold(st: LineState, next: number): CoalitionAction | undefined {
  let i = next;
  let at: Square | undefined;
  const t = st.toks[i];
  const prep = isWord(t, ...AT_WORDS) || t?.kind === 'at';
  const read = readSquareAt(st.toks, prep ? i + 1 : i);
  if (read) {
    at = squareOf(st, read);
    i = read.next;
  } else if (prep && t) {
    const after = st.toks[i + 1];
    const fragment = after ? said(st, after, after) : '';
    report(st, 'expectedSquare', fragment, `${fragment ? `"${fragment}" is not a square; ` : ''}${write(st, 'hold at 5E')}, or just "${armyOf(st)}: hold"`);
    return undefined;
  }
  const action: CoalitionAction = at ? { kind: 'hold', at } : { kind: 'hold' };
  expectEnd(st, i, st.errors > 0 ? undefined : formatCoalitionAction(action));
  return st.errors > 0 ? undefined : action;
}

/** `in battle`, `fighting`, optionally `with Gix` (3.2.1). */
function parseInBattle(st: LineState, next: number): CoalitionAction | undefined {
  if (!isWord(st.toks[next], ...OPPONENT_WORDS)) {
    const action: CoalitionAction = { kind: 'inBattle' };
    expectEnd(st, next, formatCoalitionAction(action));
    return st.errors > 0 ? undefined : action;
  }
  let from = next + 1;
  if (st.toks[from]?.kind === 'dot') from++; // "vs. Gix"
  const stop = stopAt(st, from);
  const name = targetName(st, from, stop, said(st, st.toks[next] ?? { start: 0 }, st.toks[next] ?? { end: 0 }), 'fight', `in battle with ${otherArmy(st)}`);
  const action: CoalitionAction | undefined = name ? { kind: 'inBattle', opponent: name } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** The action after `Army:` (3.2.1's list), starting at token `st.i`. */
export function parseAction(st: LineState): CoalitionAction | undefined {
  if (isWord(st.toks[st.i], ...MOVE_WORDS)) {
    // "move 3D > 5E", "moves from 3D to 5E"
    const j = isWord(st.toks[st.i + 1], 'from') ? st.i + 2 : st.i + 1;
    if (readSquareAt(st.toks, j)) st.i = j;
  }
  const t = st.toks[st.i];
  if (!t || st.toks.slice(st.i).every(isIgnorable)) {
    report(st, 'expectedAction', '', `no order after "${armyOf(st)}:"; ${acceptedForms(st)}`);
    return undefined;
  }
  if (isWord(t, ...INTERCEPT_WORDS)) return parseIntercept(st);
  if (isWord(t, ...TRANSFER_WORDS)) return parseTransfer(st);
  const je = jointEngageAt(st.toks, st.i);
  if (je >= 0) {
    const last = st.toks[je - 1] ?? t;
    const fragment = said(st, t, last);
    report(st, 'expectedSquare', fragment,
      `a Joint Engage is posted like a move, with "Joint Engage" at the end (3.2.5.1): ${write(st, '5E > 6E; Joint Engage')}, or "${armyOf(st)}: 5E; Joint Engage" to stay`);
    return undefined;
  }
  const hold = phraseAt(st.toks, st.i, HOLD_PHRASES);
  if (hold >= 0) return parseHold(st, hold);
  const battle = phraseAt(st.toks, st.i, BATTLE_PHRASES);
  if (battle >= 0) return parseInBattle(st, battle);
  const origin = readSquareAt(st.toks, st.i);
  if (origin) return parseMove(st, origin);
  const fragment = st.raw.slice(t.start).trim().split(/\s+/u)[0] ?? '';
  report(st, 'expectedAction', fragment, `"${fragment}" is not an order; ${acceptedForms(st)}`);
  return undefined;
}
