/**
 * The part of a message body that is the sender's own text: quoted replies, forwarded messages and
 * signatures are cut away, because orders in them are not this message's orders. Line numbers are
 * kept as they are in the body, so an issue can point at the line the player sees.
 */
import { MAX_LINE_CHARS, MAX_SHEET_LINES } from '../../rules/limits.js';

export interface BodyLine {
  /** 1-based line number in the body text. */
  readonly no: number;
  readonly text: string;
}

export interface BodyText {
  readonly lines: readonly BodyLine[];
  /** Lines past {@link MAX_SHEET_LINES} were not read. */
  readonly truncated: boolean;
  /** Lines longer than {@link MAX_LINE_CHARS}: reported, not read. */
  readonly tooLong: readonly BodyLine[];
}

/** A line that starts the quoted or forwarded part: nothing from it on is the sender's. */
const QUOTE_STARTS: readonly RegExp[] = [
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^-{3,}\s*Forwarded message\s*-{3,}/i,
  /^Begin forwarded message:/i,
  /^_{10,}\s*$/, // Outlook's rule above the quoted header block
];

/**
 * A reply's attribution line ("On … wrote:"): what follows is the quoted mail. When that mail is
 * quoted with `>` marks, the quote ends where the marks end, and text below it is the sender's own (a
 * bottom-posted or interleaved reply: orders written under the results they answer); without marks
 * nothing after the attribution can be told apart from the quote, so nothing from it on is read.
 */
const ATTRIBUTIONS: readonly RegExp[] = [
  /^On\s.+\bwrote:\s*$/i,
  /^Le\s.+\ba écrit\s*:\s*$/i,
  /^Am\s.+\bschrieb\s.*:\s*$/i,
  /^El\s.+\bescribió:\s*$/i,
  /^Il\s.+\bha scritto:\s*$/i,
  /^Op\s.+\bschreef\s.*:\s*$/i,
];

/** Client boilerplate that is never an order. */
const BOILERPLATE = /^(Sent from my \S.*|Sent from (Yahoo|Mail|Outlook|Proton)\b.*|Get Outlook for \S+|Sent with Proton Mail.*|Envoyé de mon \S.*|Von meinem \S.* gesendet)$/i;

/** "On Mon, 3 Mar 2025 at 10:00, GM <gm@example.org>" wrapped before "wrote:". */
function wrappedAttribution(lines: readonly string[], i: number): boolean {
  const first = lines[i]!.trim();
  if (!/^On\s/i.test(first) || first.length > 200) return false;
  for (let k = i + 1; k <= i + 2 && k < lines.length; k++) {
    const t = lines[k]!.trim();
    if (/\bwrote:\s*$/i.test(t)) return true;
    if (t === '') return false;
  }
  return false;
}

/** Outlook's header block: `From: …` followed within a few lines by `Sent:`/`Date:` and `To:`/`Subject:`. */
function outlookHeaderBlock(lines: readonly string[], i: number): boolean {
  if (!/^\*?From:\*?\s/i.test(lines[i]!.trim())) return false;
  let sent = false;
  for (let k = i + 1; k <= i + 5 && k < lines.length; k++) {
    const t = lines[k]!.trim();
    if (/^\*?(Sent|Date):\*?\s/i.test(t)) sent = true;
    if (sent && /^\*?(To|Subject|Cc):\*?\s/i.test(t)) return true;
  }
  return sent;
}

/** The line that ends the attribution starting at `i` ("wrote:" on it or on one of the next two), or -1. */
function attributionEnd(lines: readonly string[], i: number): number {
  const first = lines[i]!.trim();
  if (ATTRIBUTIONS.some((r) => r.test(first))) return i;
  if (!wrappedAttribution(lines, i)) return -1;
  for (let k = i + 1; k <= i + 2; k++) if (/\bwrote:\s*$/i.test(lines[k]!.trim())) return k;
  return -1;
}

/** The first non-blank line after `i` is quoted with `>`. */
function markedQuoteFollows(lines: readonly string[], i: number): boolean {
  for (let k = i + 1; k < lines.length; k++) {
    const t = lines[k]!.trim();
    if (t !== '') return t.startsWith('>');
  }
  return false;
}

/** Split a body into the sender's own lines (never throws). */
export function readBodyLines(body: string): BodyText {
  const all = body.replace(/\r\n?/g, '\n').split('\n');
  const out: BodyLine[] = [];
  const tooLong: BodyLine[] = [];
  let truncated = false;
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!;
    const trimmed = raw.trim();
    // RFC 3676 4.3: "-- " starts the signature (many clients drop the space).
    if (raw === '-- ' || raw === '--') break;
    if (QUOTE_STARTS.some((r) => r.test(trimmed)) || outlookHeaderBlock(all, i)) break;
    const attribution = attributionEnd(all, i);
    if (attribution >= 0) {
      // A `>`-marked quote: skip the attribution, the `>` lines below are skipped one by one.
      if (markedQuoteFollows(all, attribution)) {
        i = attribution;
        continue;
      }
      break;
    }
    if (trimmed.startsWith('>') || trimmed.startsWith('|>')) continue;
    if (BOILERPLATE.test(trimmed)) continue;
    if (out.length >= MAX_SHEET_LINES) {
      truncated = true;
      break;
    }
    const line = { no: i + 1, text: raw };
    if (raw.length > MAX_LINE_CHARS) tooLong.push(line);
    else out.push(line);
  }
  return { lines: out, truncated, tooLong };
}
