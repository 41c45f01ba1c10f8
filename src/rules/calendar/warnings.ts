/** Problems the calendar reports to people instead of deciding alone (never thrown). */

/** Who must be told. */
export type Recipient = 'GM' | 'TD';

export interface CalendarWarning {
  readonly code: 'no-legal-slot' | 'below-minimum' | 'invalid-window' | 'holiday';
  readonly message: string;
  readonly notify: readonly Recipient[];
}
