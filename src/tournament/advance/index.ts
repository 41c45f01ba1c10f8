/** Advancement, winners and trophies (C.6–C.13), each tie reported with the criterion that broke it. */
export { placesOf, powerTotals, totalsWithBestRemoved, type RoundResult } from './round-result.js';
export { TEAM_CREDITS, advanceFromRound1, rankRound1Teams, type Round1Advancement, type Round1TeamRanking, type TeamRound1 } from './round1.js';
export { advanceFromRound2, type Round2Advancement } from './round2.js';
export { c9cCriterion, qualifyFromSemiFinal, replaceDecliners, type EarlierRanking, type FinalLineUp, type SemiFinalQualifiers } from './semi-final.js';
export { rankFinal, rankTeams, teamTotal, type TeamTotals } from './winners.js';
export { countryResultId, rankCountries, type CountryResult } from './country-trophies.js';
export { countryResultsOf, scoreRound, type HeldSeat, type RoundGame, type ScoredRound, type TeamRoundTotal } from './score-round.js';
