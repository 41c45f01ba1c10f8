/** Scoring (C.1–C.5, D.IX(4), B.3), pro-rating (C.14), team credit and forfeits (B.8(e)), the counting game (C.15). */
export { POSITIONAL_BONUSES, positionalBonuses } from './positional-bonus.js';
export { SOLO_CENTRES, SOLO_THRESHOLD, scoreGame, scoredCentres, soloOf, type GameOutcome, type PowerScore } from './score-game.js';
export { centresByYear, countBack, outcomeOf, type GameEnding, type GameHistory } from './centres-by-year.js';
export { afterDraw, checkResult, outcomeWithResult, type GameResult } from './game-result.js';
export { prorate, starterOf, validatePeriods, type PlayerShare, type ProRateOptions, type SeatPeriod } from './prorate.js';
export { positionCredit, type PositionCredit } from './team-credit.js';
export { countingGames, type Participation } from './counting-game.js';
export { scoreTournamentGame, type ScoredGame, type ScoredPosition, type TournamentGame } from './score-tournament-game.js';
export { POWERS, type Power } from '../powers.js';
