/**
 * The From address read from the raw header when mailparser cannot read it (issue 25: `From: Italy
 * (Player <italy@example.org>` with an unbalanced parenthesis or quote, a stray byte before the
 * field's name or in it): nothing a registered player sends may be dropped for a malformed From.
 * Only an unambiguous header counts: exactly one address in it. Pure.
 */
import { mboxFromLineLength } from './header-fields.js';

const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

/** Longest header block read (bytes). */
const HEADER_SCAN_BYTES = 256 * 1024;

/** Whether an address as a parser read it is a plain `local@domain` (no blanks, quotes, brackets). */
export function isPlainAddress(address: string | undefined): boolean {
  return address !== undefined && /^[^\s"<>()@,;:\\[\]]+@[^\s"<>()@,;:\\[\]]+$/.test(address);
}

/**
 * The values of the header block's From fields, unfolded, read leniently: a field whose name is
 * `From` once bytes that cannot start a header name (a stray control or 8-bit byte) are dropped.
 */
export function rawFromValues(raw: Buffer): string[] {
  const start = mboxFromLineLength(raw);
  const text = raw.subarray(start, Math.min(raw.length, start + HEADER_SCAN_BYTES)).toString('latin1');
  const out: string[] = [];
  let inFrom = false;
  for (const line of text.split(/\r?\n/)) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (inFrom) out[out.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const m = /^[^!-~]*from[ \t]*:(.*)$/i.exec(line);
    inFrom = m !== null;
    if (m) out.push(m[1]!.trim());
  }
  return out;
}

/** The one address of the raw `From:` field(s), lower case; `undefined` when there is none, or more than one, or two From fields disagree. */
export function readRawFromAddress(raw: Buffer): string | undefined {
  const found = new Set<string>();
  for (const v of rawFromValues(raw)) for (const m of v.matchAll(ADDRESS)) found.add(m[0].toLowerCase());
  return found.size === 1 ? [...found][0] : undefined;
}
