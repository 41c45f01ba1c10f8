/**
 * One message body → the order sheet the judge acts on: orders (as written and as understood),
 * the Final mark, press, votes, requests, and every issue with its line. Pure; never throws.
 */
import type { Order } from '../../game/index.js';
import { STANDARD_MAP, WM_RULES, provinceOf } from '../../game/index.js';
import { MAX_LINE_CHARS, MAX_ORDERS_PER_SHEET, MAX_PRESS_CHARS, MAX_SHEET_LINES } from '../../limits.js';
import { readBodyLines, type BodyLine } from './body-lines.js';
import { type Mark, type PressHeader, isPressEnd, readBodyMark, readPressHeader, readRequest, readSubjectMark, readVote } from './commands.js';
import { parseOption, readElseLine, splitOptions } from './conditional.js';
import { type Candidate, isPossible, judgeOrders } from './judge-orders.js';
import { OFFICIAL_ABBREVIATIONS } from './official-abbreviations.js';
import { createProvinceLookup } from './province-lookup.js';
import type { OrderSheet, OrderSheetIssue, PressItem, RequestItem, SheetContext, SheetIssueCode, SheetLine, VoteItem } from './types.js';

const POWER_LABEL = /^(austria|england|france|germany|italy|russia|turkey)\s*:\s*/i;
const BULLET = /^(?:[-*•·]\s+|\d{1,2}[.)]\s+|\(\d{1,2}\)\s+)/;
const UNIT_OR_VERB = new Set(['a', 'f', 'army', 'fleet', 'build', 'builds', 'disband', 'disbands', 'remove', 'removes', 'retreat', 'retreats', 'waive', 'waives']);
const ARROW = /(?:\s-\s?|\s?-\s|->|=>|→|–|—|\bto\b|\bmoves?\b)\s*([A-Za-z.'’ ]+)/i;

/** An order line with its options (one option unless it is conditional, D.II(5)). */
interface OrderLine {
  readonly line: number;
  /** The line as the player wrote it (trimmed). */
  readonly written: string;
  options: string[];
}

/** The text of a line with bullets, a `France:` label and trailing comments removed. */
function cleanLine(text: string): string {
  return text
    .replace(/\s(#|\/\/).*$/, '')
    .replace(/^(#|\/\/).*$/, '')
    .trim()
    .replace(BULLET, '')
    .replace(POWER_LABEL, '')
    .replace(/[.;]+$/, '')
    .trim();
}

/**
 * Whether a line is an attempt at an order (then any problem with it is reported) rather than the
 * player's chatter (then it is ignored): it starts with a unit word, an order verb or a province,
 * or it has a move arrow followed by a province.
 */
function looksLikeOrder(text: string, resolve: (w: string) => boolean): boolean {
  const words = text.split(/[\s(]+/).filter((w) => w.length > 0);
  const first = (words[0] ?? '').toLowerCase().replace(/[.,:]+$/, '');
  if (first === 'a' || first === 'f') {
    // "A few notes for you" is prose; "A Par - Bur" and "F Mun-Ber" are orders.
    const second = (words[1] ?? '').replace(/[-,:].*$/, '');
    return resolve(second) || words.length <= 4;
  }
  if (UNIT_OR_VERB.has(first)) return true;
  const head = first.split(/[-/]/)[0] ?? '';
  if (resolve(head) || (words.length >= 2 && resolve(`${head} ${words[1]!.toLowerCase().split(/[-/]/)[0]}`))) return true;
  const arrow = ARROW.exec(text);
  if (arrow) {
    const after = arrow[1]!.trim().split(/\s+/)[0] ?? '';
    return resolve(after.replace(/[.,]+$/, ''));
  }
  return false;
}

/** Read one message body (and subject) into an order sheet for `context.power`. */
export function parseOrderSheet(text: string, context: SheetContext): OrderSheet {
  const map = context.map ?? STANDARD_MAP;
  const rules = context.rules ?? WM_RULES;
  const { state, power } = context;
  const official = context.officialAbbreviations ?? OFFICIAL_ABBREVIATIONS;
  const body = readBodyLines(text);

  const issues: OrderSheetIssue[] = [];
  const lines: SheetLine[] = [];
  const press: PressItem[] = [];
  const votes: VoteItem[] = [];
  const requests: RequestItem[] = [];
  const orderLines: OrderLine[] = [];
  const issue = (line: number, fragment: string, code: SheetIssueCode, message: string, severity: 'error' | 'warning' = 'error') =>
    issues.push({ line, fragment, code, message, severity });

  // D.III(1): a list registered with this set applies to this set's own orders.
  const baseLookup = createProvinceLookup(map, official, context.playerAbbreviations);
  let player = context.playerAbbreviations;
  if (context.mayRegisterAbbreviations) {
    for (const l of body.lines) {
      const r = readRequest(cleanLine(l.text), baseLookup);
      if (r?.kind === 'abbreviations' && r.abbreviations) player = new Map([...(player ?? []), ...Object.entries(r.abbreviations)]);
    }
  }
  const lookup = player === context.playerAbbreviations ? baseLookup : createProvinceLookup(map, official, player);
  const resolves = (w: string) => {
    const n = w.toLowerCase().replace(/[.'’]/g, '');
    if (n.length === 0) return false;
    return typeof lookup.resolve(n, 'exact') === 'string' || (n.length >= 3 && lookup.resolve(n, 'prefix') !== undefined);
  };

  let mark: { mark: Mark; line: number } | undefined;
  if (context.subject) {
    const m = readSubjectMark(context.subject);
    if (m) mark = { mark: m, line: 0 };
  }

  // The press block being read, if any (an object, so the closures below can change it).
  const reading: { press?: { line: number; header: PressHeader; text: string[] } } = {};
  const closePress = () => {
    const open = reading.press;
    if (!open) return;
    const text = open.text.join('\n').trim().slice(0, MAX_PRESS_CHARS);
    const h = open.header;
    press.push({ line: open.line, kind: h.kind, to: h.to, ...(h.attribution ? { attribution: h.attribution } : {}), text });
    reading.press = undefined;
  };

  const readLine = (l: BodyLine) => {
    const openPress = reading.press;
    if (openPress) {
      if (isPressEnd(l.text)) {
        if (openPress.header.kind === 'black') reading.press = undefined;
        else closePress();
        lines.push({ line: l.no, written: l.text, kind: 'press', understood: 'end of press' }); }
      else { openPress.text.push(l.text); lines.push({ line: l.no, written: l.text, kind: 'press' }); }
      return;
    }
    const t = cleanLine(l.text);
    if (t === '') return;

    const header = readPressHeader(l.text.trim(), power);
    if (header) {
      if ('error' in header) { issue(l.no, t, 'blackPress', header.error); lines.push({ line: l.no, written: l.text, kind: 'issue' }); return; }
      if (header.kind === 'black') {
        // D.X(1): press officially attributed to someone else is never accepted.
        issue(l.no, t, 'blackPress', `press officially attributed to ${header.attribution} cannot be accepted (D.X(1)); write PRESS TO ALL (signed by you), GRAY PRESS TO ALL (anonymous) or PRESS TO ALL AS "a name"`);
        lines.push({ line: l.no, written: l.text, kind: 'issue', understood: 'black press: refused' });
        if (header.inline === undefined) reading.press = { line: l.no, header, text: [] }; // swallow its text, then drop it
        return;
      }
      lines.push({ line: l.no, written: l.text, kind: 'press', understood: `${header.kind} press to ${header.to === 'all' ? 'all' : header.to.join(', ')}` });
      reading.press = { line: l.no, header, text: header.inline ? [header.inline] : [] };
      if (header.inline !== undefined) closePress();
      return;
    }

    const vote = readVote(t);
    if (vote) {
      if ('error' in vote) { issue(l.no, t, 'badVote', vote.error); lines.push({ line: l.no, written: l.text, kind: 'issue' }); return; }
      votes.push({ line: l.no, written: t, kind: vote.kind, proposal: vote.proposal, ...(vote.vote ? { vote: vote.vote } : {}) });
      lines.push({ line: l.no, written: l.text, kind: 'vote', understood: vote.kind === 'propose' ? 'proposal' : `vote ${vote.vote}` });
      return;
    }

    const req = readRequest(t, baseLookup);
    if (req) {
      requests.push({ line: l.no, kind: req.kind, written: t, ...(req.hours !== undefined ? { hours: req.hours } : {}), ...(req.abbreviations ? { abbreviations: req.abbreviations } : {}) });
      lines.push({ line: l.no, written: l.text, kind: 'request', understood: req.kind });
      if (req.kind === 'perpetual') {
        issue(l.no, t, 'perpetualRefused', 'orders cannot be made perpetual: send a set of orders for every turn (D.II(4))');
      }
      if (req.kind === 'abbreviations') {
        if (!context.mayRegisterAbbreviations) {
          issue(l.no, t, 'abbreviationListRefused', 'an abbreviation list can be registered only at the outset of the game, or with a replacement\'s first orders (D.III(1)); these abbreviations were not applied');
        }
        for (const bad of req.badAbbreviations ?? []) {
          issue(l.no, bad, 'badAbbreviation', `"${bad}" is not an abbreviation of one province; write it as Abbr = Province (Mu = Munich)`);
        }
      }
      return;
    }

    const orElse = readElseLine(t);
    if (orElse !== undefined && orderLines.length > 0) {
      const prev = orderLines[orderLines.length - 1]!;
      prev.options.push(...splitOptions(orElse));
      lines.push({ line: l.no, written: l.text, kind: 'order', understood: 'a further option of the order above' });
      return;
    }

    // "Retreat for Austria:" is a heading; no order ends with a colon.
    if (!t.endsWith(':') && looksLikeOrder(t, resolves)) {
      if (orderLines.length >= MAX_ORDERS_PER_SHEET) {
        issue(l.no, t, 'tooManyOrders', `a sheet may hold at most ${MAX_ORDERS_PER_SHEET} orders; this line and those after it were not read`);
        return;
      }
      orderLines.push({ line: l.no, written: l.text.trim(), options: splitOptions(t) });
      return;
    }

    const m = readBodyMark(t);
    if (m) {
      mark = { mark: m, line: l.no };
      lines.push({ line: l.no, written: l.text, kind: 'mark', understood: m });
      return;
    }
    lines.push({ line: l.no, written: l.text, kind: 'text' });
  };
  for (const l of body.lines) readLine(l);
  const unterminated = reading.press;
  if (unterminated && unterminated.header.kind !== 'black') {
    issue(unterminated.line, 'PRESS', 'unterminatedPress', 'this press has no END PRESS line, so everything after it was read as press; end press with a line END PRESS');
    closePress();
  }
  for (const l of body.tooLong) {
    // A long paragraph of prose (common in HTML mail) is not an order; a long order-like line is reported.
    if (!looksLikeOrder(cleanLine(l.text.slice(0, MAX_LINE_CHARS)), resolves)) continue;
    issue(l.no, `${l.text.slice(0, 40)}…`, 'lineTooLong', `this line is longer than ${MAX_LINE_CHARS} characters and was not read; write one order per line`);
  }
  if (body.truncated) {
    issue(MAX_SHEET_LINES, '', 'tooManyLines', `only the first ${MAX_SHEET_LINES} lines of a message are read`);
  }

  // Options → one candidate order per order line (D.II(5)).
  const candidates: Candidate[] = [];
  const candidateLine = new Map<number, OrderLine>();
  const phaseKind = state.phase.kind;
  const chosenBuilds = new Set<string>();
  for (const ol of orderLines) {
    const parsed: ({ ok: true; order: Order } | { ok: false; text: string; code: SheetIssueCode; fragment: string; message: string })[] = [];
    let first: Order | undefined;
    for (const opt of ol.options) {
      const p = parseOption(opt, first, map, lookup);
      if (p.ok) { parsed.push(p); first ??= p.order; } else parsed.push({ ok: false, text: opt, code: p.issue.code, fragment: p.issue.fragment, message: p.issue.message });
    }
    let pick = 0;
    if (ol.options.length > 1) {
      if (phaseKind === 'M') {
        issue(ol.line, ol.written, 'conditionalInMovement', 'conditional orders are for retreat and adjustment turns only; the first option is used (D.II(5))', 'warning');
      } else {
        // D.II(5): the first possible option, reading left to right, top to bottom.
        const possible = parsed.findIndex((p) => p.ok && isPossible(p.order, power, state, map, rules) && !(p.order.kind === 'build' && chosenBuilds.has(provinceOf(p.order.location))));
        if (possible >= 0) pick = possible;
        else issue(ol.line, ol.written, 'noOptionPossible', 'none of the options of this conditional order is possible; the first is used (D.II(5))', 'warning');
      }
    }
    const chosen = parsed[pick]!;
    if (!chosen.ok) {
      issue(ol.line, chosen.fragment, chosen.code, chosen.message);
      lines.push({ line: ol.line, written: ol.written, kind: 'issue' });
      continue;
    }
    parsed.forEach((p, k) => { if (!p.ok && k !== pick && phaseKind !== 'M') issue(ol.line, p.fragment, p.code, p.message, 'warning'); });
    if (chosen.order.kind === 'build') chosenBuilds.add(provinceOf(chosen.order.location));
    candidateLine.set(candidates.length, ol);
    candidates.push({ line: ol.line, written: ol.written, order: chosen.order });
  }

  const judged = judgeOrders(candidates, power, state, map, rules);
  issues.push(...judged.issues);
  candidates.forEach((c, i) => {
    const note = judged.notes.get(i);
    lines.push({ line: c.line, written: c.written, kind: note?.kind ?? 'notUsed', ...(note ? { understood: note.understood } : {}) });
  });

  lines.sort((a, b) => a.line - b.line);
  issues.sort((a, b) => a.line - b.line);
  return {
    final: mark?.mark === 'final',
    ...(mark ? { markLine: mark.line } : {}),
    orders: judged.orders,
    unordered: judged.unordered,
    press,
    votes,
    requests,
    issues,
    lines,
  };
}

