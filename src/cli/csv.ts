/**
 * CSV for the files GMs exchange with a spreadsheet, by csv-parse and csv-stringify (their `sync`
 * APIs): RFC 4180 commas, double-quoted fields with `""` for a quote, LF, CRLF or CR line ends, a
 * byte-order mark ignored, blank lines (and rows of empty fields) skipped, fields trimmed, rows of
 * any length. A stray quote inside an unquoted field is kept as text. Pure; an unterminated quote
 * is reported as a problem, not thrown.
 */
import { CsvError, parse, type CastingContext } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** One record, with the 1-based line it starts on. */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

/** Line breaks inside a record's fields (a quoted field may span lines). */
const lineBreaks = (fields: readonly string[]) => fields.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** Parse CSV text into rows of fields (trimmed), with any problems. Pure; never throws on bad CSV. */
export function parseCsv(text: string): { rows: CsvRow[]; problems: string[] } {
  const rows: CsvRow[] = [];
  const problems: string[] = [];
  let last = { lines: 0, empty_lines: 0 };
  let crlfInQuotes = 0;
  try {
    parse(text, {
      bom: true,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Each record as it is read, so the rows before a broken one are kept.
      on_record: (record: string[], context: CastingContext) => {
        // `context.lines` is the line the record ends on (a quoted field may span several), except
        // that csv-parse 6.1 counts a CRLF inside quotes as two lines: take those back out.
        crlfInQuotes += record.reduce((n, f) => n + (f.match(/\r\n/g)?.length ?? 0), 0);
        const end = context.lines - crlfInQuotes;
        const fields = record.map((f) => f.trim());
        if (fields.some((f) => f !== '')) rows.push({ line: end - lineBreaks(record), fields });
        last = { lines: end, empty_lines: context.empty_lines };
        return null;
      },
    });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    // The broken record starts after the last good one and the blank lines that followed it.
    const emptyLines = (e as CsvError & { empty_lines?: number }).empty_lines ?? last.empty_lines;
    const line = last.lines + 1 + (emptyLines - last.empty_lines);
    problems.push(
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `line ${line}: a quoted field is not closed; add the closing "`
        : `line ${line}: ${e.message}`,
    );
  }
  return { rows, problems };
}

/**
 * Write rows as CSV (CRLF line ends, RFC 4180): a field is quoted only when it holds a comma, a
 * quote, a line break or edge spaces (which {@link parseCsv} would trim), quotes doubled. Pure.
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((r) => [...r]),
    { record_delimiter: 'windows', quoted_match: /^\s|\s$|[\r\n]/ },
  );
}
