/** Verifiable dice (commit–reveal): the one source of chance for the Coalition game and the tournament. */
export { parseNotation, type Notation, MAX_DICE, MAX_SIDES } from './notation.js';
export { commitment, die, roll, throwDice, verify, DiceStream, type Roll, type RecordedRoll, type VerifyInput, type VerifyResult } from './seeded.js';
