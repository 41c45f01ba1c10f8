/**
 * A small RFC 4180 CSV reader for the files GMs export from a spreadsheet: commas, double-quoted
 * fields with `""` for a quote, LF or CRLF line ends, blank lines skipped. Pure; an unterminated
 * quote is reported, not thrown.
 */

/** One record, with the 1-based line it starts on. */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

/** Parse CSV text into rows of fields (trimmed), with any problems. Pure. */
export function parseCsv(text: string): { rows: CsvRow[]; problems: string[] } {
  const rows: CsvRow[] = [];
  const problems: string[] = [];
  const body = text.replace(/^\uFEFF/, '');
  let line = 1;
  let start = 1;
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  const endRow = () => {
    fields.push(field.trim());
    if (fields.some((f) => f !== '')) rows.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else {
      field += c;
    }
  }
  if (quoted) problems.push(`line ${start}: a quoted field is not closed; add the closing "`);
  endRow();
  return { rows, problems };
}
