/**
 * Text taken from a message, made storable in PostgreSQL's text and jsonb columns: a NUL (U+0000)
 * is refused by both ("invalid byte sequence", "unsupported Unicode escape sequence"), and so is a
 * lone UTF-16 surrogate in jsonb. A text part whose bytes decode to either (a base64 part holding
 * `\x00binary`, a broken UTF-7 or UTF-16 part) would otherwise make the message undecidable. NULs
 * are dropped and lone surrogates become U+FFFD; the raw bytes stay untouched in
 * inbound_messages.raw (bytea), so the evidence is complete. Pure.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without NULs and lone surrogates. Pure. */
export function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
}
