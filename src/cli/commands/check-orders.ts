/**
 * `mailjudge check-orders`: what the judge would understand from a message, without a database.
 * Reads a whole RFC 822 message (or a bare body) and returns the acknowledgement text, or the sheet
 * as JSON. GMs use it to check a disputed reading; players to test their orders before sending them.
 * The MIME parser (mailparser) is loaded only for a whole message, the JSON position reader (zod)
 * only for --state: a bare body starts fast (docs/startup.md).
 */
import { readFileSync } from 'node:fs';
import { POWERS, formatPhase, parsePhase, standardStartState, type GameState, type Power, type Rules } from '../../diplomacy/index.js';
import { formatAsUnderstood, parseOrderSheet, type OrderSheet } from '../../diplomacy/sheet/index.js';
import { InputError } from '../input-error.js';

export interface CheckOrdersOptions {
  readonly phase: string;
  readonly power: string;
  /** Path of a position in the `adjudicate` input format. */
  readonly state?: string;
  readonly rules: Rules;
}

/** A message starts with a header field we know; anything else is a bare body. */
const HEADER_START = /^(From|To|Cc|Subject|Date|Received|Return-Path|Message-ID|MIME-Version|Delivered-To|Reply-To|Sender|Content-Type|DKIM-Signature|ARC-[A-Za-z-]+|Authentication-Results|X-[A-Za-z0-9-]+)\s*:/i;

export async function readCheckContext(opts: CheckOrdersOptions): Promise<{ state: GameState; power: Power }> {
  const problems: string[] = [];
  const phase = parsePhase(opts.phase);
  if (!phase) problems.push(`--phase: "${opts.phase}" is not a phase name (write S1901M, F1901R, W1901A)`);
  const power = opts.power.trim().toUpperCase() as Power;
  if (!POWERS.includes(power)) problems.push(`--power: unknown power "${opts.power}" (one of ${POWERS.join(', ')})`);
  let state: GameState | undefined;
  if (opts.state !== undefined) {
    let text = '';
    try {
      text = readFileSync(opts.state, 'utf8');
    } catch (e) {
      problems.push(`--state: cannot read "${opts.state}": ${(e as Error).message}`);
    }
    if (text) {
      const { PositionJson, parseJsonText, readPosition, validate } = await import('../position-json.js');
      try {
        const json = validate(PositionJson, parseJsonText(text));
        state = readPosition({ ...json, phase: opts.phase });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problems.push(...e.problems.map((p) => `--state: ${p}`));
      }
    }
  } else if (phase) {
    state = { ...standardStartState(), phase };
  }
  if (problems.length > 0 || !state) throw new InputError(problems);
  return { state, power };
}

export interface CheckOrdersResult {
  readonly sheet: OrderSheet;
  readonly text: string;
}

/** Read the message, parse its sheet for the given power and phase. */
export async function runCheckOrders(input: Buffer, opts: CheckOrdersOptions): Promise<CheckOrdersResult> {
  const { state, power } = await readCheckContext(opts);
  let body = input.toString('utf8');
  let subject: string | undefined;
  if (HEADER_START.test(body.trimStart())) {
    const { parseMessage } = await import('../../mail/inbound/parse-message.js');
    const parsed = await parseMessage(input);
    if (!parsed.ok) throw new InputError([parsed.reason]);
    body = parsed.mail.text;
    subject = parsed.mail.subject;
  }
  const sheet = parseOrderSheet(body, { state, power, rules: opts.rules, ...(subject !== undefined ? { subject } : {}) });
  return { sheet, text: formatAsUnderstood(sheet, power, formatPhase(state.phase)) };
}

/**
 * The `--json` output of DESIGN/issue 3: final, orders, issues, unordered (plus press, votes, requests);
 * `isSet` (whether the message would replace the sender's set, D.III(3)) and `lines`, every non-blank
 * line of the sender's own text with what became of it (issue 17).
 */
export function checkOrdersJson(sheet: OrderSheet) {
  return {
    final: sheet.final,
    isSet: sheet.isSet,
    ...(sheet.declaration ? { declaration: sheet.declaration } : {}),
    orders: sheet.orders.map((o) => ({ line: o.line, written: o.written, order: o.text })),
    issues: sheet.issues.map((i) => ({ line: i.line, code: i.code, severity: i.severity, fragment: i.fragment, message: i.message })),
    unordered: sheet.unordered,
    press: sheet.press,
    votes: sheet.votes,
    requests: sheet.requests,
    lines: sheet.lines.map((l) => ({ line: l.line, written: l.written, kind: l.kind, ...(l.understood ? { understood: l.understood } : {}) })),
  };
}
