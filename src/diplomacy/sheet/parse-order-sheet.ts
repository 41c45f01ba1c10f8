/**
 * One message body → the order sheet the judge acts on: orders (as written and as understood),
 * the Final mark, press, votes, requests, and every issue with its line. Pure; never throws.
 */
import type { Order } from '../index.js';
import { STANDARD_MAP, WM_RULES, provinceOf } from '../index.js';
import { MAX_LINE_CHARS, MAX_ORDERS_PER_SHEET, MAX_PRESS_CHARS, MAX_SHEET_LINES } from '../../rules/limits.js';
import { readBodyLines, type BodyLine } from './body-lines.js';
import { type Mark, type PressHeader, type SetDeclaration, isPressEnd, readBodyMark, readPressHeader, readRequest, readSetDeclaration, readSubjectMark, readVote } from './commands.js';
import { correctProvinceName, nearestReading } from './nearest-reading.js';
import { type Token, classify, isOrderAttempt, spellOutVerbs } from './order-words.js';
import { parseOption, readElseLine, splitOptions } from './conditional.js';
import { type Candidate, isPossible, judgeOrders } from './judge-orders.js';
import { OFFICIAL_ABBREVIATIONS } from './official-abbreviations.js';
import { createProvinceLookup } from './province-lookup.js';
import type { OrderSheet, OrderSheetIssue, PressItem, RequestItem, SheetContext, SheetIssueCode, SheetLine, VoteItem } from './types.js';

const POWER_LABEL = /^(austria|england|france|germany|italy|russia|turkey)\s*:\s*/i;
const BULLET = /^(?:[-*•·]\s+|\d{1,2}[.)]\s+|\(\d{1,2}\)\s+)/;
/** A label before the orders on the same line: `Orders: A Par - Bur`, `Ordres :`, `Spring 1901 -`. */
const LABEL = /^([\p{L}\d][\p{L}\d .'’]{0,24}?)\s*:\s*(\S.*)$/u;
/** Lines a careful GM does not read as a set of their own (D.II(3): another power's; D.II(5): another phase's). */
const NOT_OWN_ORDER = new Set<SheetIssueCode>(['notYourUnit', 'noUnit', 'wrongPhase', 'notDislodged']);

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
  const phaseKind = state.phase.kind;
  const tokenCache = new Map<string, Token[]>();
  const tokensOf = (s: string) => {
    let t = tokenCache.get(s);
    if (!t) tokenCache.set(s, (t = classify(spellOutVerbs(s, phaseKind, lookup), lookup)));
    return t;
  };
  const attempt = (s: string) => isOrderAttempt(tokensOf(s), s);
  let declaration: SetDeclaration | undefined;
  /** A line set aside as conversation, with what it seems to be (never used as an order). */
  const setAside = (l: BodyLine, t: string) => {
    const named = [...new Set(tokensOf(t).filter((k) => k.kind === 'province' && k.text.length >= 3).map((k) => k.province!))];
    const what = /\?\s*$/.test(t) ? 'question' : named.length > 0 ? `conversation naming ${named.join(', ')}` : 'conversation';
    lines.push({ line: l.no, written: l.text, kind: 'text', understood: what });
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
    let t = cleanLine(l.text);
    if (t === '') {
      if (l.text.trim() !== '') lines.push({ line: l.no, written: l.text, kind: 'text', understood: 'comment' });
      return;
    }

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

    const read = readRequest(t, baseLookup);
    // `ORDERS FRANCE` from France is the ORDERS lookup of the sender's own orders.
    const req = read?.kind === 'othersOrders' && read.power === context.power ? { kind: 'orders' as const } : read;
    if (req) {
      requests.push({ line: l.no, kind: req.kind, written: t, ...(req.hours !== undefined ? { hours: req.hours } : {}), ...(req.phase ? { phase: req.phase } : {}), ...(req.abbreviations ? { abbreviations: req.abbreviations } : {}), ...(req.address !== undefined ? { address: req.address } : {}), ...(req.maps ? { maps: req.maps } : {}) });
      lines.push({ line: l.no, written: l.text, kind: 'request', understood: req.kind });
      if (req.kind === 'perpetual') {
        issue(l.no, t, 'perpetualRefused', 'orders cannot be made perpetual: send a set of orders for every turn (D.II(4))');
      }
      if (req.kind === 'othersOrders') {
        // D.VII: orders are secret until the adjudication; everyone sees every power's orders in the results.
        issue(l.no, t, 'othersOrdersRefused', `${req.power}'s orders are not shown before the results: every power's orders are published with the adjudication (send ORDERS alone for your own, HISTORY for past turns)`);
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

    const declared = readSetDeclaration(t);
    if (declared) {
      declaration ??= declared;
      lines.push({ line: l.no, written: l.text, kind: 'declaration', understood: declared === 'holdAll' ? 'hold all: a set in which every unit holds' : 'no orders: a set with no orders' });
      return;
    }

    // `Orders: A Par - Bur`: the label is not part of the order.
    const labelled = LABEL.exec(t);
    if (labelled && !attempt(labelled[1]!) && attempt(labelled[2]!.trim())) t = labelled[2]!.trim();
    // "Retreat for Austria:" is a heading; no order ends with a colon.
    if (!t.endsWith(':') && attempt(t)) {
      // `A Ven - Tri, F Nap - Ion`: several orders on one line, each read on its own.
      const parts = t.split(/\s*[,;]\s*/).filter((p) => p.length > 0);
      for (const part of parts.length > 1 && parts.every(attempt) ? parts : [t]) {
        if (orderLines.length >= MAX_ORDERS_PER_SHEET) {
          issue(l.no, t, 'tooManyOrders', `a sheet may hold at most ${MAX_ORDERS_PER_SHEET} orders; this line and those after it were not read`);
          lines.push({ line: l.no, written: l.text, kind: 'issue' });
          return;
        }
        orderLines.push({ line: l.no, written: parts.length > 1 && part !== t ? part : l.text.trim(), options: splitOptions(part) });
      }
      return;
    }

    const m = readBodyMark(t);
    if (m) {
      mark = { mark: m, line: l.no };
      lines.push({ line: l.no, written: l.text, kind: 'mark', understood: m });
      return;
    }
    setAside(l, t);
  };
  for (const l of body.lines) readLine(l);
  const unterminated = reading.press;
  if (unterminated && unterminated.header.kind !== 'black') {
    issue(unterminated.line, 'PRESS', 'unterminatedPress', 'this press has no END PRESS line, so everything after it was read as press; end press with a line END PRESS');
    closePress();
  }
  for (const l of body.tooLong) {
    // A long paragraph of prose (common in HTML mail) is set aside; a long order-like line is reported.
    if (!attempt(cleanLine(l.text.slice(0, MAX_LINE_CHARS)))) {
      lines.push({ line: l.no, written: `${l.text.slice(0, 60)}…`, kind: 'text', understood: `too long to be an order (over ${MAX_LINE_CHARS} characters)` });
      continue;
    }
    issue(l.no, `${l.text.slice(0, 40)}…`, 'lineTooLong', `this line is longer than ${MAX_LINE_CHARS} characters and was not read; write one order per line`);
    lines.push({ line: l.no, written: `${l.text.slice(0, 60)}…`, kind: 'issue' });
  }
  if (body.truncated) {
    issue(MAX_SHEET_LINES, '', 'tooManyLines', `only the first ${MAX_SHEET_LINES} lines of a message are read`);
  }

  /**
   * Issue 28: in a winter, a unit and an empty province with no verb (`A Rom`, `Armee Rome`,
   * `Flotte Naples`) can only be a build (D.III(1): an unambiguous abbreviation is accepted), so it is
   * read as one and judged as one (cannotBuild names the reason when it is not possible). A unit
   * that stands there, or a written HOLD, is left as written.
   */
  const bareBuild = (o: Order, spelt: string): Order => {
    if (phaseKind !== 'A' || o.kind !== 'hold' || !o.unit.kind || o.unit.power) return o;
    if (/\b(?:h|holds?|stands?)\s*$/i.test(spelt.trim())) return o;
    const at = provinceOf(o.unit.location);
    if (state.units.some((u) => provinceOf(u.location) === at)) return o;
    return { kind: 'build', unitKind: o.unit.kind, location: o.unit.location };
  };

  // Options → one candidate order per order line (D.II(5)).
  const candidates: Candidate[] = [];
  const candidateLine = new Map<number, OrderLine>();
  const chosenBuilds = new Set<string>();
  for (const ol of orderLines) {
    const parsed: ({ ok: true; order: Order } | { ok: false; text: string; code: SheetIssueCode; fragment: string; message: string })[] = [];
    let first: Order | undefined;
    for (const opt of ol.options) {
      const spelt = spellOutVerbs(opt, phaseKind, lookup);
      let p = parseOption(spelt, first, map, lookup);
      // A misspelt province one letter from exactly one full name is read as that name, with a warning.
      const fix = !p.ok && p.issue.code === 'unknownProvince' ? correctProvinceName(p.issue.fragment, map) : undefined;
      if (fix && !p.ok) {
        const again = parseOption(spelt.replace(p.issue.fragment, fix.name), first, map, lookup);
        if (again.ok) {
          issue(ol.line, p.issue.fragment, 'misspelledProvince', `"${p.issue.fragment}" was read as ${fix.name.replace(/\b\p{L}/gu, (c) => c.toUpperCase())} (${fix.province}); if you meant another province, send the order again`, 'warning');
          p = again;
        }
      }
      if (p.ok) p = { ok: true, order: bareBuild(p.order, spelt) };
      if (p.ok) { parsed.push(p); first ??= p.order; } else {
        const near = nearestReading(opt, phaseKind, map, lookup);
        parsed.push({ ok: false, text: opt, code: p.issue.code, fragment: p.issue.fragment, message: near ? `${p.issue.message}. Did you mean "${near}"? (not used: send it again as you mean it)` : p.issue.message });
      }
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
  // D.III(3): only a set replaces a set — an order understood for the sender's own units, or HOLD ALL / NO ORDERS.
  const ownOrder = candidates.some((_, i) => {
    const n = judged.notes.get(i);
    return n !== undefined && (n.kind !== 'notUsed' || n.code === undefined || !NOT_OWN_ORDER.has(n.code));
  });
  return {
    final: mark?.mark === 'final',
    ...(mark ? { markLine: mark.line } : {}),
    isSet: ownOrder || declaration !== undefined,
    ...(declaration ? { declaration } : {}),
    orders: judged.orders,
    unordered: judged.unordered,
    press,
    votes,
    requests,
    issues,
    lines,
  };
}

