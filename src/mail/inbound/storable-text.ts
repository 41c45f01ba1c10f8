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

/** How many NULs and lone surrogates `text` holds (what {@link storableText} removes or replaces). Pure. */
export function unstorableCount(text: string): { nul: number; surrogate: number } {
  // eslint-disable-next-line no-control-regex
  return { nul: (text.match(/\u0000/g) ?? []).length, surrogate: (text.match(LONE_SURROGATE) ?? []).length };
}

/**
 * A cleaner that remembers what it changed, field by field, for the decision's record (issue 16):
 * `clean(field, text)` returns the storable text; `note()` says what was removed or replaced, or
 * `undefined` when nothing was. Pure.
 */
export function textCleaner(): { clean: (field: string, text: string) => string; note: () => string | undefined } {
  const seen = new Map<string, { nul: number; surrogate: number }>();
  return {
    clean(field, text) {
      const c = unstorableCount(text);
      if (c.nul + c.surrogate > 0) {
        const prev = seen.get(field) ?? { nul: 0, surrogate: 0 };
        seen.set(field, { nul: prev.nul + c.nul, surrogate: prev.surrogate + c.surrogate });
      }
      return storableText(text);
    },
    note() {
      if (seen.size === 0) return undefined;
      const parts = [...seen].map(([field, c]) => [
        ...(c.nul ? [`${c.nul} NUL byte${c.nul === 1 ? '' : 's'} removed from the ${field}`] : []),
        ...(c.surrogate ? [`${c.surrogate} lone surrogate${c.surrogate === 1 ? '' : 's'} replaced by U+FFFD in the ${field}`] : []),
      ].join(', '));
      return `${parts.join('; ')} (the raw message keeps every byte)`;
    },
  };
}
