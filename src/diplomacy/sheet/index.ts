/** Order sheets: the public surface of `src/diplomacy/sheet`. */
export { parseOrderSheet } from './parse-order-sheet.js';
export { readBodyLines, type BodyLine, type BodyText } from './body-lines.js';
export { createProvinceLookup } from './province-lookup.js';
export { OFFICIAL_ABBREVIATIONS } from './official-abbreviations.js';
export type { SheetIssue, Severity } from '../../rules/sheet-issue.js';
export type * from './types.js';
export { formatAsUnderstood } from './format-as-understood.js';
export { intendedPower } from './intended-power.js';
export { PLAYER_LINE_FORMS, readRequest, readUnknownCommand, type PlayerLineKind } from './commands.js';
