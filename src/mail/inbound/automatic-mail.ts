/**
 * Whether a message was sent by a machine answering mail (RFC 3834 §2, §3.1 and what every list
 * manager checks), so that the judge can never be drawn into a mail loop with it (issue 25): such a
 * message is answered at most once a day per address, and never from a person's own reply budget.
 * Pure: the header fields, the SMTP envelope's MAIL FROM and the judge's own Message-ID domains are
 * parameters.
 *
 * Automatic are:
 * - `Auto-Submitted` other than `no` (RFC 3834 §5), `Precedence: bulk|junk|list`, `List-Id` (RFC 2919),
 *   `X-Autoreply`, `X-Autorespond` (the marks of vacation programs that write no `Auto-Submitted`);
 * - the null sender: MAIL FROM `<>` or `Return-Path: <>` (RFC 3834 §3.1.1: responses go there);
 * - a vacation subject (`Out of office`, `Automatic reply`, `Autoreply`, …) or a vacation text
 *   (`I am out of the office until…`) in a message with no order-like line;
 * - a message answering one of the judge's own mails (its Message-ID in `In-Reply-To` or
 *   `References`) that adds no text of its own and has no order-like line: a robot echoing the judge.
 *   A person's reply to an acknowledgement with orders, press or a question is not automatic.
 */
import { readBodyLines } from '../../diplomacy/sheet/index.js';
import type { HeaderField } from './header-fields.js';

export interface AutomaticMailInput {
  /** The raw header fields (header-fields.ts), names lower case. */
  readonly headers: readonly HeaderField[];
  /** The SMTP envelope's MAIL FROM: `''` for the null sender; `undefined` when unknown. */
  readonly envelopeMailFrom?: string | undefined;
  readonly subject: string;
  /** The body as plain text. */
  readonly text: string;
  readonly inReplyTo?: string | undefined;
  readonly references: readonly string[];
  /** The domains of the judge's own Message-IDs (outboxMessageId: 32 hex digits @ domain). */
  readonly ownMessageIdDomains: readonly string[];
}

export type AutomaticMail = { readonly automatic: false } | { readonly automatic: true; readonly why: string };

const VACATION_SUBJECT = /^(?:(?:re|aw|sv|fw|fwd)\s*:\s*)*(?:auto(?:matic|matische?)?[\s_-]*(?:reply|response|answer|antwort|antwoord|respuesta|risposta)|autoreply|auto-reply|out\s+of\s+(?:the\s+)?office|ooo\b|away\s+from\s+(?:the\s+)?office|on\s+(?:vacation|holiday|leave)\b|vacation\b|abwesend|abwesenheitsnotiz|r[ée]ponse\s+automatique|absent\b|absence\b|risposta\s+automatica|respuesta\s+autom[áa]tica|fuera\s+de\s+la\s+oficina)/i;

const VACATION_TEXT = /\b(?:out\s+of\s+(?:the\s+)?office|this\s+is\s+an\s+automat(?:ic|ed)\s+(?:reply|response|message)|automatic\s+reply|auto-?reply|I\s+am\s+(?:currently\s+)?(?:away|out|on\s+(?:vacation|holiday|leave|annual\s+leave))\b.{0,80}\b(?:until|till|returning|return(?:ing)?\s+on|back\s+on)|I\s+will\s+(?:be\s+)?(?:respond|reply|answer|get\s+back)\b.{0,60}\b(?:when|upon|after|on)\s+my\s+return|limited\s+access\s+to\s+(?:my\s+)?e-?mail|je\s+suis\s+absent|ich\s+bin\s+(?:bis|vom|ab)\b.{0,40}\babwesend)/i;

/**
 * An order-like line: something a person writing to the judge writes and a vacation program does not
 * (a Diplomacy order, a Coalition move, a mark, a command, a press header, a secret line).
 */
const ORDER_LIKE: readonly RegExp[] = [
  /^\s*(?:[af]\s+)?[a-z]{2,}(?:\s*[/(]\s*[nsew]c\s*\)?)?\s*(?:-|->|=>|–|\bs\b|\bc\b|\bh\b|\br\b|\bb\b|\bd\b|\bholds?\b|\bsupports?\b|\bconvoys?\b|\bmoves?\b|\bbuilds?\b|\bdisbands?\b|\bretreats?\b)/i,
  /\b\d{1,2}\s*[a-n]\s*(?:>|->|-)\s*\d{1,2}\s*[a-n]\b/i,
  /^\s*(?:final|preliminary|hold\s+all|no\s+orders|waive|press\b|vote\b|draw\b|concede\b|extend\b|process\b|status\b|help\b|deadline\b|replace\b|rollback\b|approve\b|holiday\b|standings\b|orders\b|strat(?:egy)?\b)/i,
  /^\s*(?:password|passwd|passphrase|secret)\s*[:=]/i,
];

function header(headers: readonly HeaderField[], name: string): string | undefined {
  return headers.find((h) => h.name === name)?.value;
}

/** Whether a line of the sender's own text looks like something meant for the judge. */
export function isOrderLikeLine(line: string): boolean {
  return ORDER_LIKE.some((re) => re.test(line));
}

/** Whether `id` is a Message-ID the judge made (outboxMessageId: 32 hex digits at one of its domains). */
export function isOwnMessageId(id: string, domains: readonly string[]): boolean {
  const m = /^<?([0-9a-f]{32})@([^>\s]+)>?$/i.exec(id.trim());
  return m !== null && domains.some((d) => d.toLowerCase() === m[2]!.toLowerCase());
}

/** Decide whether a message is automatic, and why (the first reason found). Pure. */
export function classifyAutomatic(input: AutomaticMailInput): AutomaticMail {
  const h = input.headers;
  const yes = (why: string): AutomaticMail => ({ automatic: true, why });
  const auto = header(h, 'auto-submitted');
  if (auto !== undefined && !/^\s*no\s*(?:;|$)/i.test(auto)) return yes(`Auto-Submitted: ${auto}`);
  const precedence = header(h, 'precedence');
  if (precedence !== undefined && /^\s*(?:bulk|junk|list)\b/i.test(precedence)) return yes(`Precedence: ${precedence.trim()}`);
  const listId = header(h, 'list-id');
  if (listId !== undefined) return yes(`List-Id: ${listId}`);
  for (const [name, shown] of [['x-autoreply', 'X-Autoreply'], ['x-autorespond', 'X-Autorespond'], ['x-autoresponder', 'X-Autoresponder']] as const) {
    const v = header(h, name);
    if (v !== undefined && !/^\s*no\s*$/i.test(v)) return yes(`${shown}: ${v}`);
  }
  if (input.envelopeMailFrom === '') return yes('the null sender (MAIL FROM:<>)');
  const returnPath = header(h, 'return-path');
  if (returnPath !== undefined && /^<\s*>$/.test(returnPath.trim())) return yes('the null sender (Return-Path: <>)');

  // The sender's own lines: quoted (`> `) and forwarded text is the judge's or someone else's.
  const own = readBodyLines(input.text).lines.filter((l) => l.text.trim() !== '' && !/^\s*[>|]/.test(l.text));
  const orderLike = own.some((l) => isOrderLikeLine(l.text));
  if (orderLike) return { automatic: false };
  if (VACATION_SUBJECT.test(input.subject.trim())) return yes(`a vacation subject ("${input.subject.trim().slice(0, 60)}") and no order-like line`);
  const ownText = own.map((l) => l.text).join('\n');
  if (VACATION_TEXT.test(ownText)) return yes('a vacation text and no order-like line');
  const answersJudge = [input.inReplyTo ?? '', ...input.references].some((id) => id !== '' && isOwnMessageId(id, input.ownMessageIdDomains));
  if (answersJudge && own.length === 0) return yes("an answer to the judge's own mail with no text of its own");
  return { automatic: false };
}
