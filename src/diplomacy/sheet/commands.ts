/**
 * The non-order lines a sheet may carry: the Final mark (D.II(1)), press headers (D.X(1)), votes and
 * proposals (D.IX), and requests (extension, perpetual orders (D.II(4)), an abbreviation list
 * (D.III(1)), STATUS, HELP). Each reader takes one line and returns `undefined` when the line is not
 * its kind, so the sheet parser can try them in turn.
 */
import type { Power, ProvinceId, ProvinceLookup } from '../index.js';
import { POWERS, normaliseName } from '../index.js';
import type { MapsChoice, PlayerLookup, PressKind, Proposal, RequestKind, SheetLine } from './types.js';
import type { CommandForm } from '../../rules/command-form.js';

const POWER_NAMES = new Map<string, Power>();
for (const p of POWERS) {
  POWER_NAMES.set(p.toLowerCase(), p);
  POWER_NAMES.set(p.slice(0, 3).toLowerCase(), p);
}
for (const [w, p] of Object.entries({ austrian: 'AUSTRIA', english: 'ENGLAND', french: 'FRANCE', german: 'GERMANY', italian: 'ITALY', russian: 'RUSSIA', turkish: 'TURKEY', britain: 'ENGLAND' } as const)) POWER_NAMES.set(w, p);

/** A power named by its name, adjective or first three letters; `undefined` otherwise. */
export function readPower(word: string): Power | undefined {
  return POWER_NAMES.get(word.toLowerCase().replace(/[^a-z]/g, ''));
}

/** A list of powers (`ENGLAND, GERMANY and FRANCE`, `A/E/F`, `AEF`); `undefined` if any word is not one. */
export function readPowers(text: string): Power[] | undefined {
  const words = text.split(/[\s,/&+]+|\band\b/i).filter((w) => w.trim().length > 0);
  const out: Power[] = [];
  const initials: Record<string, Power> = { A: 'AUSTRIA', E: 'ENGLAND', F: 'FRANCE', G: 'GERMANY', I: 'ITALY', R: 'RUSSIA', T: 'TURKEY' };
  for (const w of words) {
    const p = readPower(w);
    if (p) { if (!out.includes(p)) out.push(p); continue; }
    // `AEF`: a run of power initials, as the hobby writes draws.
    if (/^[AEFGIRT]{1,7}$/.test(w)) {
      for (const ch of w) if (!out.includes(initials[ch]!)) out.push(initials[ch]!);
      continue;
    }
    return undefined;
  }
  return out.length > 0 ? out : undefined;
}

export type Mark = 'final' | 'preliminary';

/** D.II(1) in a subject: the word FINAL anywhere (any case); PRELIM/PRELIMINARY or "not final". */
export function readSubjectMark(subject: string): Mark | undefined {
  if (/\bnot\s+final\b|\bprelim(inary)?\b/i.test(subject)) return 'preliminary';
  if (/\bfinal\b/i.test(subject)) return 'final';
  return undefined;
}

/** D.II(1) in the body: a short line (five words at most) saying final / not final / preliminary. */
export function readBodyMark(line: string): Mark | undefined {
  const words = line.trim().split(/\s+/);
  if (words.length > 5) return undefined;
  if (/\bnot\s+(yet\s+)?final\b|\bprelim(inary)?\b/i.test(line)) return 'preliminary';
  if (/\bfinal\b/i.test(line)) return 'final';
  return undefined;
}

export interface PressHeader {
  readonly kind: PressKind;
  readonly to: 'all' | readonly Power[];
  readonly attribution?: string;
  /** Text after a colon on the header line: a one-line press message. */
  readonly inline?: string;
}

const PRESS_HEADER = /^(?:(white|gr[ae]y|anonymous|anon|dark\s*-?\s*gr[ae]y)\s+)?(?:press|broadcast)\b\s*(.*)$/i;

/**
 * A press header: `PRESS`, `PRESS TO ALL`, `GRAY PRESS TO ENGLAND, GERMANY`, `PRESS TO ALL AS "The
 * Kaiser"` (dark gray), `PRESS FROM ENGLAND` (white when it is the sender, black otherwise). `undefined`
 * when the line is not a press header; `{ error }` when it is one that cannot be read.
 */
export function readPressHeader(line: string, sender: Power): PressHeader | { error: string } | undefined {
  const m = PRESS_HEADER.exec(line.trim());
  if (!m) return undefined;
  const colour = (m[1] ?? '').toLowerCase().replace(/[\s-]/g, '');
  let rest = m[2] ?? '';
  let inline: string | undefined;
  const colon = rest.indexOf(':');
  if (colon >= 0) { inline = rest.slice(colon + 1).trim() || undefined; rest = rest.slice(0, colon); }
  let kind: PressKind = colour === 'gray' || colour === 'grey' || colour === 'anonymous' || colour === 'anon' ? 'gray' : colour.startsWith('dark') ? 'darkGray' : 'white';
  let attribution: string | undefined;
  const as = /\bas\s+["“']?([^"”']+)["”']?\s*$/i.exec(rest);
  if (as) { attribution = as[1]!.trim(); rest = rest.slice(0, as.index); kind = 'darkGray'; }
  const from = /\bfrom\s+(\S+)\s*/i.exec(rest);
  if (from) {
    const p = readPower(from[1]!);
    if (!p) return { error: `"${from[1]}" is not a power: write PRESS FROM ${sender}` };
    if (p !== sender) { kind = 'black'; attribution = p; }
    rest = rest.slice(0, from.index) + rest.slice(from.index + from[0].length);
  }
  let to: 'all' | readonly Power[] = 'all';
  const t = /^\s*to\s+(.+?)\s*$/i.exec(rest);
  if (t) {
    if (!/^(all|everyone|everybody|the board)$/i.test(t[1]!)) {
      const powers = readPowers(t[1]!);
      if (!powers) return { error: `"${t[1]}" is not a list of powers: write PRESS TO ALL or PRESS TO ENGLAND, GERMANY` };
      to = powers;
    }
  } else if (rest.trim() !== '') return undefined; // "press the attack" is not a header
  return { kind, to, ...(attribution ? { attribution } : {}), ...(inline ? { inline } : {}) };
}

export function isPressEnd(line: string): boolean {
  return /^\s*(end\s*-?\s*press|endpress)\s*\.?\s*$/i.test(line);
}

export type VoteLine =
  | { readonly kind: 'propose' | 'vote'; readonly proposal: Proposal; readonly vote?: 'yes' | 'no' }
  | { readonly error: string };

const VOTE_FORMS = 'VOTE DRAW YES, VOTE YES, VOTE CONCEDE FRANCE NO, PROPOSE DRAW AUSTRIA ENGLAND FRANCE, PROPOSE CONCESSION TO FRANCE';

/** D.IX votes and proposals; `undefined` when the line is neither. */
export function readVote(line: string): VoteLine | undefined {
  const t = line.trim().replace(/[.!]+$/, '');
  const propose = /^propos(?:e|al)\s*:?\s+(.*)$/i.exec(t);
  if (propose) {
    const body = propose[1]!.trim();
    const draw = /^(?:a\s+)?draw(?:\s+(?:between|of|for))?\s*:?\s*(.*)$/i.exec(body);
    if (draw) {
      const powers = readPowers(draw[1]!);
      return powers ? { kind: 'propose', proposal: { kind: 'draw', powers } } : { error: `a draw proposal names the powers in the draw: ${VOTE_FORMS}` };
    }
    const concede = /^(?:a\s+)?conce(?:de|ssion)\s+(?:to\s+)?(\S+)$/i.exec(body);
    if (concede) {
      const power = readPower(concede[1]!);
      return power ? { kind: 'propose', proposal: { kind: 'concession', power } } : { error: `"${concede[1]}" is not a power: ${VOTE_FORMS}` };
    }
    return body ? { kind: 'propose', proposal: { kind: 'houseRule', text: body } } : { error: `say what you propose: ${VOTE_FORMS}` };
  }
  const vote = /^vote\s*:?\s*(.*)$/i.exec(t);
  if (!vote) return undefined;
  const words = vote[1]!.trim().split(/\s+/).filter((w) => w.length > 0);
  const last = (words[words.length - 1] ?? '').toLowerCase();
  const value = last === 'yes' || last === 'y' || last === 'aye' ? 'yes' : last === 'no' || last === 'n' || last === 'nay' ? 'no' : undefined;
  if (!value) return { error: `a vote ends in YES or NO: ${VOTE_FORMS}` };
  const subject = words.slice(0, -1).join(' ').replace(/^on\s+/i, '');
  if (subject === '') return { kind: 'vote', proposal: { kind: 'pending' }, vote: value };
  const draw = /^draw\s*(.*)$/i.exec(subject);
  if (draw) {
    if (draw[1]!.trim() === '') return { kind: 'vote', proposal: { kind: 'pending' }, vote: value };
    const powers = readPowers(draw[1]!);
    return powers ? { kind: 'vote', proposal: { kind: 'draw', powers }, vote: value } : { error: `"${draw[1]}" is not a list of powers: ${VOTE_FORMS}` };
  }
  const concede = /^conce(?:de|ssion)\s+(?:to\s+)?(\S+)$/i.exec(subject);
  if (concede) {
    const power = readPower(concede[1]!);
    return power ? { kind: 'vote', proposal: { kind: 'concession', power }, vote: value } : { error: `"${concede[1]}" is not a power: ${VOTE_FORMS}` };
  }
  return { error: `"${subject}" is not a proposal: ${VOTE_FORMS}` };
}

export type RequestLine =
  | { readonly kind: RequestKind; readonly power?: Power; readonly hours?: number; readonly phase?: string; readonly abbreviations?: Record<string, ProvinceId>; readonly badAbbreviations?: readonly string[]; readonly address?: string | null; readonly maps?: MapsChoice }
  | undefined;

const PERPETUAL = /\b(perpetual|standing orders?|every (turn|season|phase)|each (turn|season|phase)|until (i|further) (say|notice|tell)|all future (turns|seasons))\b/i;

/** Requests: EXTENSION, perpetual orders (D.II(4)), ABBREVIATIONS (D.III(1)), STATUS, HELP. */
export function readRequest(line: string, lookup: ProvinceLookup): RequestLine {
  const t = line.trim().replace(/[.!]+$/, '');
  if (/^(status|help|position|summary|orders|deadline|map|standings)$/i.test(t)) return { kind: t.toLowerCase() as 'status' | 'help' | PlayerLookup };
  if (/^web$/i.test(t)) return { kind: 'web' };
  // Issue 27: OTHER ADDRESS ann@home.example (or NONE): where the judge tells the player that mail to
  // the registered address bounced. The first address-like word counts (a mail client may add <mailto:…>).
  const other = /^(?:other|alternate|second|backup)\s+(?:e-?mail\s+)?address\s*:?\s*(.*)$/i.exec(t);
  if (other) {
    const rest = other[1]!.trim();
    if (/^(none|no|clear|remove|delete|off)$/i.test(rest)) return { kind: 'otherAddress', address: null };
    return { kind: 'otherAddress', address: /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/.exec(rest)?.[0] ?? '' };
  }
  // Issue 29: MAPS WIDE | PHONE | BOTH | NONE: which pictures come with this reader's results.
  const maps = /^maps\b\s*:?\s*(.*)$/i.exec(t);
  if (maps) {
    const word = maps[1]!.trim().toLowerCase();
    const choice = ({ wide: 'wide', phone: 'phone', mobile: 'phone', both: 'both', all: 'both', none: 'none', no: 'none', off: 'none' } as const)[word as 'wide'];
    return { kind: 'maps', ...(choice ? { maps: choice } : {}) };
  }
  // Issue 28: `ORDERS GERMANY` asks for another power's orders, which are published only with the results.
  const others = /^(?:show\s+)?orders\s+(?:of\s+|for\s+)?([a-z]+)$/i.exec(t);
  if (others && readPower(others[1]!)) return { kind: 'othersOrders', power: readPower(others[1]!)! };
  const history = /^history(?:\s+([SFW]\d{4}[MRA]))?$/i.exec(t);
  if (history) return { kind: 'history', ...(history[1] ? { phase: history[1].toUpperCase() } : {}) };
  const ext = /^(?:(?:please\s+)?(?:request|ask for|i request|requesting)\s+(?:an?\s+)?)?extension\b(.*)$/i.exec(t);
  if (ext) {
    // A bare number is hours (`EXTENSION 24`, the form the HELP mail shows).
    const len = /(\d+)\s*(h|hours?|d|days?)?\b/i.exec(ext[1]!);
    if (!len) return { kind: 'extension' };
    const n = Number(len[1]);
    return { kind: 'extension', hours: /^d/i.test(len[2]!) ? n * 24 : n };
  }
  const abbr = /^abbreviations?\s*:?\s*(.*)$/i.exec(t);
  if (abbr) return readAbbreviations(abbr[1]!, lookup);
  if (PERPETUAL.test(t) && /\b(orders?|use|keep|repeat|same)\b/i.test(t)) return { kind: 'perpetual' };
  if (/^perpetual$/i.test(t)) return { kind: 'perpetual' };
  return undefined;
}

/** `Mu = Munich, Bk = Black Sea`: each abbreviation must name one province. */
export function readAbbreviations(text: string, lookup: ProvinceLookup): RequestLine {
  const abbreviations: Record<string, ProvinceId> = {};
  const bad: string[] = [];
  for (const item of text.split(/[,;]/)) {
    if (item.trim() === '') continue;
    const m = /^\s*([^=:]+?)\s*[=:]\s*(.+?)\s*$/.exec(item);
    const target = m ? lookup.resolve(normaliseName(m[2]!), 'exact') : undefined;
    if (!m || typeof target !== 'string') { bad.push(item.trim()); continue; }
    abbreviations[normaliseName(m[1]!)] = target;
  }
  return { kind: 'abbreviations', abbreviations, ...(bad.length > 0 ? { badAbbreviations: bad } : {}) };
}

export type SetDeclaration = 'holdAll' | 'noOrders';

/**
 * A line that says the message is a set without naming orders (D.III(3) then replaces the earlier
 * set with it): `HOLD ALL`, `ALL UNITS HOLD`, `NO ORDERS`, `NO BUILDS`, `WAIVE ALL`, `NO RETREATS`.
 * Unordered units hold, builds are waived, retreats not ordered disband (D.III(4), D.V).
 */
export function readSetDeclaration(line: string): SetDeclaration | undefined {
  const t = line.trim().replace(/[.!]+$/, '').replace(/\s+/g, ' ').toLowerCase();
  if (/^(hold all|all hold|all units hold|hold all units|everything holds|hold everything|all stand|stand all)$/.test(t)) return 'holdAll';
  if (/^(no orders?( this (turn|season|phase))?|no builds?|no moves?|no retreats?|no removals?|no disbands?|waive all|waive (all )?builds?|nothing this (turn|season|phase))$/.test(t)) return 'noOrders';
  return undefined;
}

/**
 * The one line of a message that reads like a command the judge does not know (`MAPS`, `HISTROY
 * S1901M`, `Positions`): a message with nothing else in it — no order, request, press, vote or mark —
 * whose only line is one word, optionally followed by a phase or a number. Such a message is answered
 * with the list of commands, never with a guess at what was meant. `undefined` otherwise. Pure.
 */
export function readUnknownCommand(lines: readonly SheetLine[]): string | undefined {
  const written = lines.filter((l) => l.written.trim() !== '');
  if (written.length !== 1 || written[0]!.kind !== 'text') return undefined;
  const t = written[0]!.written.trim().replace(/[.!?]+$/, '');
  return /^[A-Za-z]{2,15}(\s+([SFWsfw]\d{4}[MRAmra]|\d{1,4}))?$/.test(t) ? t : undefined;
}

/** Every kind of non-order line a player's message may carry, as the readers above return them. */
export type PlayerLineKind = RequestKind | 'propose' | 'vote' | PressKind | Mark | SetDeclaration;

/**
 * The player's email lines as the manual shows them (docs/reference.md, "Email: Diplomacy players"),
 * each with an example its reader above reads as that kind (test/docs/command-reference.test.ts).
 */
export const PLAYER_LINE_FORMS: { readonly [K in PlayerLineKind]: readonly CommandForm[] } = {
  status: [{ form: 'STATUS', example: 'STATUS' }],
  help: [{ form: 'HELP', example: 'HELP' }],
  web: [{ form: 'WEB', example: 'WEB' }],
  maps: [
    { form: 'MAPS WIDE', example: 'MAPS WIDE' },
    { form: 'MAPS PHONE', example: 'MAPS PHONE' },
    { form: 'MAPS BOTH', example: 'MAPS BOTH' },
    { form: 'MAPS NONE', example: 'MAPS NONE' },
  ],
  otherAddress: [
    { form: 'OTHER ADDRESS <address>', example: 'OTHER ADDRESS ann@home.example' },
    { form: 'OTHER ADDRESS NONE', example: 'OTHER ADDRESS NONE' },
  ],
  orders: [{ form: 'ORDERS', example: 'ORDERS' }],
  position: [{ form: 'POSITION', example: 'POSITION' }],
  history: [{ form: 'HISTORY', example: 'HISTORY' }, { form: 'HISTORY <PHASE>', example: 'HISTORY S1901M' }],
  summary: [{ form: 'SUMMARY', example: 'SUMMARY' }],
  deadline: [{ form: 'DEADLINE', example: 'DEADLINE' }],
  map: [{ form: 'MAP', example: 'MAP' }],
  standings: [{ form: 'STANDINGS', example: 'STANDINGS' }],
  othersOrders: [{ form: 'ORDERS <POWER>', example: 'ORDERS GERMANY' }],
  extension: [
    { form: 'EXTENSION', example: 'EXTENSION' },
    { form: 'EXTENSION <hours>', example: 'EXTENSION 24' },
    { form: 'REQUEST EXTENSION OF <n> DAYS', example: 'REQUEST EXTENSION OF 2 DAYS' },
  ],
  perpetual: [{ form: 'USE THESE ORDERS EVERY TURN', example: 'use these orders every turn' }],
  abbreviations: [{ form: 'ABBREVIATIONS: <abbreviation> = <province>, ...', example: 'ABBREVIATIONS: Bg = Burgundy, Pc = Picardy' }],
  propose: [
    { form: 'PROPOSE DRAW <powers>', example: 'PROPOSE DRAW AUSTRIA ENGLAND FRANCE' },
    { form: 'PROPOSE CONCESSION TO <POWER>', example: 'PROPOSE CONCESSION TO FRANCE' },
    { form: 'PROPOSE <rule>: <change>', example: 'PROPOSE D.VII(3): orders accepted until adjudication' },
  ],
  vote: [
    { form: 'VOTE YES', example: 'VOTE YES' },
    { form: 'VOTE NO', example: 'VOTE NO' },
    { form: 'VOTE DRAW <powers> YES|NO', example: 'VOTE DRAW AEF NO' },
    { form: 'VOTE CONCEDE <POWER> YES|NO', example: 'VOTE CONCEDE FRANCE YES' },
  ],
  white: [
    { form: 'PRESS TO ALL', example: 'PRESS TO ALL' },
    { form: 'PRESS TO <powers>', example: 'PRESS TO ENGLAND, GERMANY' },
    { form: 'PRESS TO ALL: <one line of press>', example: 'PRESS TO ALL: peace in our time' },
  ],
  gray: [{ form: 'GRAY PRESS TO ALL', example: 'GRAY PRESS TO ALL' }],
  darkGray: [{ form: 'PRESS TO ALL AS "<name>"', example: 'PRESS TO ALL AS "The Kaiser"' }],
  black: [{ form: 'PRESS FROM <another power>', example: 'PRESS FROM ENGLAND' }],
  final: [{ form: 'FINAL', example: 'Final' }],
  preliminary: [{ form: 'NOT FINAL', example: 'not final' }, { form: 'PRELIMINARY', example: 'preliminary' }],
  holdAll: [{ form: 'HOLD ALL', example: 'HOLD ALL' }],
  noOrders: [{ form: 'NO ORDERS', example: 'NO ORDERS' }, { form: 'NO BUILDS', example: 'NO BUILDS' }],
};
