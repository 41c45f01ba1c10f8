/**
 * An HTML-only message body as the plain text a player meant: html-to-text with table cells kept
 * apart (a row `A | Mar - Spa` reads `A   Mar - Spa`, never `AMar - Spa`), links and images left out,
 * headings and header cells in the player's own case, and quoted blocks (`<blockquote>`) prefixed with
 * `>` so the sheet reader leaves them out as quoted text.
 */
import { convert } from 'html-to-text';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';

const OPTIONS = {
  wordwrap: false as const,
  limits: { maxInputLength: MAX_MESSAGE_BYTES },
  selectors: [
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, colSpacing: 3, maxColumnWidth: 200 } },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'head', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({ selector: h, options: { uppercase: false } })),
  ],
};

/** The text of an HTML body (never throws: unreadable HTML gives its tags stripped). */
export function htmlToPlainText(html: string): string {
  try {
    return convert(html, OPTIONS);
  } catch {
    return html.replace(/<[^>]*>/g, ' ');
  }
}
