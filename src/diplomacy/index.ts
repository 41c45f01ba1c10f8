/** The engine's public surface: everything outside `src/diplomacy` imports from here. */
export * from './map/types.js';
export { STANDARD_MAP } from './map/standard.js';
export { provinceNames, normaliseName } from './map/lookup.js';
export * from './map/graph.js';
export * from './orders/types.js';
export { parseOrder, clearOrderParseCache, type ProvinceLookup, type ParseOrderIssue, type ParseOrderResult, type ParseOrderIssueCode } from './orders/parse-order.js';
export { formatOrder, formatUnitOrder, formatUnitRef } from './orders/format-order.js';
export * from './phase.js';
export * from './rules.js';
export * from './state.js';
export * from './adjudicator/results.js';
export { adjudicate, updateCenters, type AdjudicateOptions, type PhaseOutcome } from './adjudicator/adjudicate.js';
export type { SubmittedOrder } from './adjudicator/movement.js';
export { adjustmentCounts, vacantHomeCentres } from './adjudicator/adjustments.js';
export { retreatOptions } from './adjudicator/retreat-options.js';
export { civilDisorderRemovals, distanceFromHome, homeCentres } from './adjudicator/civil-disorder.js';
export { standardStartState } from './start.js';
export { summarisePosition, formatPositionSummary, type PositionSummary, type PowerSummary } from './position-summary.js';
