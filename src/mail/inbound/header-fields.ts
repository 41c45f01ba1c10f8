/**
 * The header block of a raw message, read without parsing the message: the unfolded fields before
 * the first empty line, names lower-cased, in order (a leading mbox `From ` line is not a field).
 * For what must be known before, or without, mailparser: the Message-ID (dedupe), our MTA's
 * `Received:` (receipt time, SMTP envelope), `Return-Path:`. Pure.
 */

/** Longest header block read (bytes); the fields we need are at the top. */
const HEADER_SCAN_BYTES = 256 * 1024;

export interface HeaderField {
  readonly name: string;
  readonly value: string;
}

/**
 * A leading mbox `From sender date` line (Postfix `pipe` flag F, procmail), which is not part of
 * the message: its length in bytes, or 0.
 */
export function mboxFromLineLength(raw: Buffer): number {
  if (raw.subarray(0, 5).toString('latin1') !== 'From ') return 0;
  const nl = raw.indexOf(0x0a);
  return nl === -1 ? raw.length : nl + 1;
}

export function headerFields(raw: Buffer): HeaderField[] {
  const start = mboxFromLineLength(raw);
  const text = raw.subarray(start, Math.min(raw.length, start + HEADER_SCAN_BYTES)).toString('latin1');
  const fields: { name: string; value: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      const last = fields[fields.length - 1];
      if (last) last.value += ` ${line.trim()}`;
      continue;
    }
    const m = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
    if (m) fields.push({ name: m[1]!.toLowerCase(), value: m[2]!.trim() });
  }
  return fields;
}
