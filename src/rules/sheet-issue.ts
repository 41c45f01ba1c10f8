/**
 * The issue model shared by every sheet parser (Diplomacy order sheets, Coalition movement posts):
 * bad input is data, never an exception. Each issue names the line it is on (1-based, counted in the
 * text the player's message body was reduced to), the smallest offending fragment as the player
 * wrote it, a stable code and a message that shows the accepted form.
 */
export type Severity =
  /** The line is not acted on. */
  | 'error'
  /** The line is acted on, but not the way the player may think (a replaced order, a hold). */
  | 'warning';

export interface SheetIssue<Code extends string = string> {
  /** 1-based line number in the extracted text; 0 for the subject line. */
  readonly line: number;
  readonly fragment: string;
  readonly code: Code;
  readonly message: string;
  readonly severity: Severity;
}
