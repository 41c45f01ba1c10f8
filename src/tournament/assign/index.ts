/** Board assignment for a tournament round (seed 004, B.5, B.6): the only import surface outside this folder. */
export { assignBoards, assignBoardsTraced, boardName, PATIENCE_PER_PLAYER, MIN_PATIENCE } from './assign-boards.js';
export { findBrokenRules, readPastPlay, type PastPlay, type SeatingContext } from './find-broken-rules.js';
export { IMPORTANCE } from './seating-search.js';
export { validateAssignInput } from './validate-assign-input.js';
export type { AssignInput, AssignOutput, AssignPlayer, AssignedBoard, B6Rule, BrokenRule, HistoryBoard } from './types.js';
