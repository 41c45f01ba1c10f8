/**
 * Moves (3.2.2: range, engage/replace, long and routed moves) and Joint Engage (3.2.5.1) as posted:
 * `3D > 5E; replace Darkhand5`, `5E > 8E > 11E`, `5E > 4G (5E - 5F - 5G - 4G)`, `5E > 6E; Joint Engage`.
 */
import { isArmyName, normaliseName } from './army-names.js';
import { formatCoalitionAction } from './format-post.js';
import { armyOf, expectEnd, report, said, squareOf, stopAt, targetName, otherArmy, write, type LineState } from './line-state.js';
import type { CoalitionAction, DestinationArmy, MoveLeg, Square } from './post.js';
import { MOVE_RANGE, formatSquare, sameSquare, squareDistance } from './post.js';
import { readSquareAt, splitLeg, walk, type SquareRead } from './read-square.js';
import { ENGAGE_WORDS, HOLD_PHRASES, REPLACE_WORDS, isIgnorable, isWord, jointEngageAt, phraseAt } from './tokens.js';

interface Span { readonly start: number; readonly end: number }

interface RouteDraft extends Span {
  readonly squares: readonly (Square | undefined)[];
  readonly spans: readonly Span[];
}

interface LegDraft extends Span {
  readonly to: Square | undefined;
  route: RouteDraft | undefined;
}

/** A route in parentheses after a leg (3.2.2.4): `(5E - 5F - 5G - 4G)`; also `,`, `>` or spaces between squares. */
function parseRoute(st: LineState): RouteDraft | undefined {
  const open = st.toks[st.i];
  if (!open) return undefined;
  st.i++;
  const squares: (Square | undefined)[] = [];
  const spans: Span[] = [];
  for (;;) {
    const t = st.toks[st.i];
    if (!t || t.kind === 'semi' || t.kind === 'open') {
      const last = st.toks[st.i - 1] ?? open;
      const fragment = said(st, open, last);
      report(st, 'unclosedRoute', fragment, `the route "${fragment}" has no ")": ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
      return undefined;
    }
    if (t.kind === 'close') {
      st.i++;
      if (squares.length === 0) {
        const fragment = said(st, open, t);
        report(st, 'expectedSquare', fragment, `the route "${fragment}" names no squares (3.2.2.4): ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
        return undefined;
      }
      return { squares, spans, start: open.start, end: t.end };
    }
    if (squares.length > 0 && (t.kind === 'dash' || t.kind === 'arrow' || t.kind === 'comma' || isWord(t, 'to'))) {
      st.i++;
      continue;
    }
    const read = readSquareAt(st.toks, st.i);
    if (!read) {
      const fragment = said(st, t, t);
      report(st, 'expectedSquare', fragment,
        `"${fragment}" is not a square; a route lists the squares walked, one at a time (3.2.2.4): ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
      return undefined;
    }
    squares.push(squareOf(st, read));
    spans.push(read);
    st.i = read.next;
  }
}

function defined<T>(xs: readonly (T | undefined)[]): xs is readonly T[] {
  return xs.every((x) => x !== undefined);
}

/**
 * A route written once after a long move that walks the whole of it from its origin (read as the
 * exact steps of every leg, 3.2.2.4 with 3.2.2.3): split at each leg's destination, as index ranges
 * [start, end) into the route. Undefined if it does not pass through every destination in order and
 * end at the last.
 */
function splitWholeRoute(points: readonly Square[], route: readonly Square[]): (readonly [number, number])[] | undefined {
  const pieces: (readonly [number, number])[] = [];
  let idx = 0;
  for (let k = 1; k < points.length; k++) {
    const target = points[k];
    const prev = points[k - 1];
    if (!target || !prev) return undefined;
    const from = sameSquare(prev, target) ? idx : idx + 1;
    let j = -1;
    if (k === points.length - 1) {
      const end = route.length - 1;
      const last = route[end];
      if (last && end >= from && sameSquare(last, target)) j = end;
    } else {
      j = route.findIndex((s, q) => q >= from && sameSquare(s, target));
    }
    if (j < 0) return undefined;
    pieces.push([idx, j + 1]);
    idx = j;
  }
  return pieces;
}

/** Checks a leg's route against 3.2.2.4 (start, end, one square at a time) and 3.2.2.1 (at most 3 squares). */
function checkRoute(st: LineState, a: Square, b: Square, route: RouteDraft, suggestion: string | undefined): void {
  if (!defined(route.squares)) return; // its bad squares are already reported
  const squares = route.squares;
  const fragment = said(st, route, route);
  const example = suggestion ?? `${formatSquare(a)} > ${formatSquare(b)} (${walk(a, b).map(formatSquare).join(' - ')})`;
  const first = squares[0];
  const last = squares[squares.length - 1];
  if (!first || !last || !sameSquare(first, a) || !sameSquare(last, b)) {
    report(st, 'routeMismatch', fragment,
      `the route ${fragment} must start at ${formatSquare(a)} and end at ${formatSquare(b)} (3.2.2.4): ${write(st, example)}`);
    return;
  }
  for (let k = 1; k < squares.length; k++) {
    const p = squares[k - 1];
    const q = squares[k];
    const ps = route.spans[k - 1];
    const qs = route.spans[k];
    if (p && q && ps && qs && squareDistance(p, q) !== 1) {
      report(st, 'routeMismatch', said(st, ps, qs),
        `${formatSquare(p)} to ${formatSquare(q)} is not a step to the next square; a route goes one square at a time, ` +
        `N/S or E/W, never diagonally (3.2.2.1, 3.2.2.4): ${write(st, example)}`);
      return;
    }
  }
  if (squares.length - 1 > MOVE_RANGE) {
    report(st, 'stepTooLong', fragment,
      `the route ${fragment} walks ${squares.length - 1} squares; an army moves at most ${MOVE_RANGE} a turn (3.2.2.1): ${write(st, example)}`);
  }
}

/** A leg as data, with its route when it has one. */
function legOf(to: Square, route: readonly Square[] | undefined): MoveLeg {
  return route ? { to, route } : { to };
}

/** `3D > 5E`, `5E > 8E > 11E`, `5E > 4G (...)`, each optionally `; engage|replace X` or `; Joint Engage`. */
export function parseMove(st: LineState, origin: SquareRead): CoalitionAction | undefined {
  const from = squareOf(st, origin);
  st.i = origin.next;
  const legs: LegDraft[] = [];
  for (;;) {
    const t = st.toks[st.i];
    const arrow = t !== undefined && (t.kind === 'arrow' || (isWord(t, 'to') && readSquareAt(st.toks, st.i + 1) !== undefined));
    if (!arrow) break;
    st.i++;
    const read = readSquareAt(st.toks, st.i);
    if (!read) {
      const next = st.toks[st.i];
      const fragment = next ? said(st, next, next) : '';
      const prev = legs.length > 0 ? legs[legs.length - 1]?.to : from;
      const here = prev ? formatSquare(prev) : '5E';
      report(st, 'expectedSquare', fragment,
        `${fragment ? `"${fragment}" is not a square; ` : ''}a move needs a destination square after ">" (3.2.2.5): ${write(st, `${here} > ${here === '8E' ? '9E' : '8E'}`)}`);
      return undefined;
    }
    const leg: LegDraft = { to: squareOf(st, read), start: read.start, end: read.end, route: undefined };
    st.i = read.next;
    if (st.toks[st.i]?.kind === 'open') {
      const route = parseRoute(st);
      if (!route) return undefined;
      leg.route = route;
    }
    legs.push(leg);
  }

  let skip = st.i;
  while (st.toks[skip]?.kind === 'semi' || st.toks[skip]?.kind === 'comma') skip++;
  const je = jointEngageAt(st.toks, skip);

  if (legs.length === 0) {
    const t = st.toks[st.i];
    const hold = phraseAt(st.toks, st.i, HOLD_PHRASES);
    if (hold >= 0) {
      expectEnd(st, hold, from ? `hold at ${formatSquare(from)}` : undefined);
      return from ? { kind: 'hold', at: from } : undefined;
    }
    if (je < 0) {
      const here = from ? formatSquare(from) : '5E';
      const fragment = t ? said(st, t, t) : '';
      const after = t?.kind === 'dash' ? readSquareAt(st.toks, st.i + 1) : undefined;
      const there = after?.ok ? formatSquare(after.square) : '8E';
      const dash = t?.kind === 'dash' ? `; "-" only separates the squares of a route in parentheses (3.2.2.4)` : '';
      report(st, 'expectedArrow', fragment,
        `expected ">" and a destination after ${here}${dash}: ${write(st, `${here} > ${there}`)} to move, or "${armyOf(st)}: hold" to stay (3.2.2.5)`);
      return undefined;
    }
  }

  // A long move's route written once for the whole move (see splitWholeRoute).
  const lastLeg = legs[legs.length - 1];
  const beforeLast = legs.length > 1 ? legs[legs.length - 2]?.to : from;
  if (lastLeg?.route && legs.length > 1 && from && beforeLast && legs.every((l, k) => k === legs.length - 1 || !l.route)) {
    const squares = lastLeg.route.squares;
    const first = squares[0];
    const stops = [from, ...legs.map((l) => l.to)];
    if (defined(squares) && defined(stops) && first && !sameSquare(first, beforeLast) && sameSquare(first, from)) {
      const pieces = splitWholeRoute(stops, squares);
      if (pieces) {
        const whole = lastLeg.route;
        legs.forEach((l, k) => {
          const [a, b] = pieces[k] ?? [0, 0];
          l.route = { squares: whole.squares.slice(a, b), spans: whole.spans.slice(a, b), start: whole.start, end: whole.end };
        });
      }
    }
  }

  // The whole order with leg k's route replaced: the accepted form shown for a bad route.
  const withRoute = (k: number, route: readonly Square[]): string | undefined => {
    if (!from) return undefined;
    const built: MoveLeg[] = [];
    for (const [q, l] of legs.entries()) {
      const r = q === k ? route : l.route?.squares;
      if (!l.to || (r && !defined(r))) return undefined;
      built.push(legOf(l.to, r));
    }
    const [head, ...tail] = built;
    if (!head) return undefined;
    return formatCoalitionAction(je >= 0 && tail.length === 0
      ? { kind: 'jointEngage', from, to: head.to, route }
      : { kind: 'move', from, legs: [head, ...tail] });
  };

  // 3.2.2.1 range, per leg (3.2.2.3: "each step ... must be legal itself"); 3.2.2.4 routes.
  const points: (Square | undefined)[] = [from, ...legs.map((l) => l.to)];
  let tooLong = false;
  legs.forEach((leg, k) => {
    const a = points[k];
    const b = leg.to;
    if (!a || !b) return;
    if (squareDistance(a, b) > MOVE_RANGE) tooLong = true;
    else if (leg.route) checkRoute(st, a, b, leg.route, withRoute(k, walk(a, b)));
  });
  if (tooLong) {
    // The move with every too-long leg split into turns of at most MOVE_RANGE squares (3.2.2.3).
    let suggestion: string | undefined;
    if (from && defined(points)) {
      const parts = [formatSquare(from)];
      legs.forEach((leg, k) => {
        const a = points[k];
        const b = points[k + 1];
        if (!a || !b) return;
        if (squareDistance(a, b) > MOVE_RANGE) parts.push(...splitLeg(a, b).map(formatSquare));
        else parts.push(formatSquare(b) + (leg.route && defined(leg.route.squares) ? ` (${leg.route.squares.map(formatSquare).join(' - ')})` : ''));
      });
      suggestion = parts.join(' > ');
    }
    let start: Span = origin;
    legs.forEach((leg, k) => {
      const a = points[k];
      const b = points[k + 1];
      if (a && b && squareDistance(a, b) > MOVE_RANGE) {
        const fragment = st.raw.slice(start.start, leg.end);
        report(st, 'stepTooLong', fragment,
          `${formatSquare(a)} to ${formatSquare(b)} is ${squareDistance(a, b)} squares; an army moves at most ${MOVE_RANGE} a turn, ` +
          `N/S and E/W only (3.2.2.1), so post each turn's step separately (3.2.2.3): ${write(st, suggestion ?? '5E > 8E > 11E')}`);
      }
      start = leg;
    });
  }

  if (je >= 0) {
    // 3.2.5.1: posted like a move, "Joint Engage" in place of engage/replace; one turn's move.
    const target = legs[0];
    if (legs.length > 1 && lastLeg) {
      const fragment = st.raw.slice(origin.start, lastLeg.end);
      const firstTo = target?.to;
      report(st, 'longJointEngage', fragment,
        `a Joint Engage is one turn's move to the square to be fought over, not a long distance move (3.2.5.1, 3.2.5.2): ` +
        write(st, `${from ? formatSquare(from) : '5E'} > ${firstTo ? formatSquare(firstTo) : '6E'}; Joint Engage`));
    }
    const to = legs.length === 0 ? from : target?.to;
    const route = target?.route?.squares;
    const canonical = from && to && (!route || defined(route))
      ? formatCoalitionAction({ kind: 'jointEngage', from, to, ...(route && defined(route) ? { route } : {}) })
      : undefined;
    const extra = st.toks.slice(je).find((t) => !isIgnorable(t));
    if (extra) {
      const text = st.raw.slice(extra.start).trim();
      const name = normaliseName(text);
      const direct = extra === st.toks[je] && !isWord(extra, ...ENGAGE_WORDS, ...REPLACE_WORDS);
      if (direct && isArmyName(name)) {
        report(st, 'jointEngageArmy', text,
          `Joint Engage names the square, not an army (3.2.5.1); "${text}" is ignored: ${canonical ? write(st, canonical) : write(st, '5E > 6E; Joint Engage')}`,
          'warning');
      } else {
        expectEnd(st, je, canonical);
      }
    }
    if (!from || !to || st.errors > 0) return undefined;
    return { kind: 'jointEngage', from, to, ...(route && defined(route) ? { route } : {}) };
  }

  // 3.2.2.2 / 3.2.2.5: "; engage armyname2" or "; replace armyname2" after the move.
  let destinationArmy: DestinationArmy | undefined;
  const kw = st.toks[skip];
  const kind = isWord(kw, ...ENGAGE_WORDS) ? 'engage' : isWord(kw, ...REPLACE_WORDS) ? 'replace' : undefined;
  const done = (): CoalitionAction | undefined => {
    const first = legs[0];
    if (!from || !first || st.errors > 0) return undefined;
    const built: MoveLeg[] = [];
    for (const l of legs) {
      if (!l.to) return undefined;
      const r = l.route?.squares;
      if (r && !defined(r)) return undefined;
      built.push(legOf(l.to, r));
    }
    const [head, ...tail] = built;
    if (!head) return undefined;
    return { kind: 'move', from, legs: [head, ...tail], ...(destinationArmy ? { destinationArmy } : {}) };
  };
  if (kind) {
    const stop = stopAt(st, skip + 1);
    const name = targetName(st, skip + 1, stop, kw ? said(st, kw, kw) : kind, kind, `3D > 5E; ${kind} ${otherArmy(st)}`);
    if (name) destinationArmy = { kind, army: name };
    const action = done();
    expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
    return st.errors > 0 ? undefined : action;
  }
  const action = done();
  expectEnd(st, st.i, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}
