/**
 * A tournament's standings from its games' records: each round scored (C.1–C.5, C.14, B.8(e),
 * C.15), ranked by the rule that decides who goes on (C.6–C.10), the winners and trophies
 * (C.11–C.13), every tie reported with the criterion that broke it. The d100 tie-breaks roll the
 * tournament's verifiable dice (one stream per round, so the same records always give the same rolls).
 *
 * The stages follow B.4: with 42 teams or more, rounds 1 and 2 are team rounds, round 3 the
 * semi-final, round 4 the final; with fewer, round 2 becomes the semi-final and round 3 is the final.
 */
import { DiceStream, commitment, type RecordedRoll } from '../../dice/index.js';
import type { Db } from '../../db/schema.js';
import { findTournamentGames } from '../../db/games.js';
import { findPeople } from '../../db/people.js';
import { findPositionHistory } from '../../db/positions.js';
import { findRounds, findTeams, findTournamentMembers, type Tournament } from '../../db/tournaments.js';
import {
  advanceFromRound1, advanceFromRound2, countryResultsOf, placesOf, qualifyFromSemiFinal, rankCountries, rankFinal, rankRound1Teams, rankTeams, scoreRound,
  type CountryResult, type Round1Advancement, type Round1TeamRanking, type Round2Advancement, type ScoredRound, type SemiFinalQualifiers, type TeamTotals,
} from '../../tournament/advance/index.js';
import type { RoundResult } from '../../tournament/advance/index.js';
import type { Ranking } from '../../tournament/rank/rank-with-tie-breaks.js';
import type { Power } from '../../tournament/powers.js';
import { SEMI_FINAL_BOARDS, secondRoundBoards } from '../../tournament/structure/second-round-boards.js';
import { loadRoundRecords, type RoundRecords } from './round-records.js';

export type Stage = 'team-round-1' | 'team-round-2' | 'semi-final' | 'final';

/** B.3, B.4: what each round is, by the number of teams. */
export function stagesOf(teams: number): Stage[] {
  return teams >= 42 ? ['team-round-1', 'team-round-2', 'semi-final', 'final'] : ['team-round-1', 'semi-final', 'final'];
}

/** B.3: the year whose Fall ends a round of this stage. */
export function endYearOf(stage: Stage): number {
  return stage === 'final' ? 1915 : stage === 'semi-final' ? 1912 : 1909;
}

/** Who is who in the tournament: names by player id, teams by player id. */
export interface TournamentPeople {
  readonly names: ReadonlyMap<string, string>;
  readonly emails: ReadonlyMap<string, string>;
  readonly teamOf: (player: string) => string | null;
  readonly teams: readonly string[];
  /** Player ids of every member who plays (players, captains, reserves). */
  readonly players: readonly string[];
}

export async function loadTournamentPeople(db: Db, tournamentId: number): Promise<TournamentPeople> {
  const [teams, members, games] = await Promise.all([findTeams(db, tournamentId), findTournamentMembers(db, tournamentId), findTournamentGames(db, tournamentId)]);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const teamByPlayer = new Map<string, string>();
  for (const m of members) if (m.teamId !== null && (m.role === 'player' || m.role === 'captain')) teamByPlayer.set(String(m.personId), teamName.get(m.teamId)!);
  // Everyone who held a position, members or not (a replacement from outside the tournament): the
  // standings name them, never by an internal id.
  const holders = (await Promise.all(games.map((g) => findPositionHistory(db, g.id)))).flat().map((p) => p.personId);
  const ids = [...new Set([...members.map((m) => m.personId), ...holders])];
  const people = await findPeople(db, ids);
  return {
    names: new Map([...people].map(([id, p]) => [String(id), p.name])),
    emails: new Map([...people].map(([id, p]) => [String(id), p.email])),
    teamOf: (p) => teamByPlayer.get(p) ?? null,
    teams: teams.map((t) => t.name),
    players: [...new Set(members.filter((m) => m.role === 'player' || m.role === 'reserve' || m.role === 'captain').map((m) => String(m.personId)))],
  };
}

export interface RoundStanding {
  readonly round: number;
  readonly stage: Stage;
  readonly records: RoundRecords;
  readonly scored: ScoredRound;
  /** Team round 1: the C.6 team ranking and credits. */
  readonly teams?: Round1TeamRanking;
  /** Team round 2: the C.12 team standings after two rounds. */
  readonly teamStandings?: Ranking<TeamTotals>;
  /** The ranking that decides who goes on (C.7, C.8, C.9 across the boards, C.11 in the final). */
  readonly ranking: Ranking<RoundResult & { credits?: number; round1Score?: number }>;
  /** The rule of that ranking: `C.7`. */
  readonly rule: string;
  /** Who goes on (the first `places`, or each semi-final board's winner); empty after the final. */
  readonly advancing: readonly string[];
  readonly semi?: SemiFinalQualifiers;
  /** Every d100 rolled for this round's rankings (C.6(b) through C.7(f)), in order. */
  readonly rolls: readonly RecordedRoll[];
}

export interface Standings {
  readonly tournament: Tournament;
  readonly people: TournamentPeople;
  readonly stages: readonly Stage[];
  readonly rounds: readonly RoundStanding[];
  /** C.13 on the team rounds' games, when there are any. */
  readonly countries: Record<Power, Ranking<CountryResult>> | null;
  /** C.12 team winner ranking (after the team rounds). */
  readonly teamRanking: Ranking<TeamTotals> | null;
  /** Every d100 rolled, in order. */
  readonly rolls: readonly RecordedRoll[];
  readonly commitment: string;
  /** Why the team ranking (C.12) is not final yet (a round it depends on not played or not over), or null when it is. */
  readonly teamProvisional: string | null;
  /** Why the best countries (C.13, rounds 1 and 2) are not final yet, or null when they are. */
  readonly countriesProvisional: string | null;
}

/** Why a result that depends on `rounds` is not final yet: one of them not played or still running; null when all are over. */
export function provisionalBecause(rounds: readonly RoundStanding[], needed: readonly number[]): string | null {
  const why: string[] = [];
  for (const n of needed) {
    const r = rounds.find((x) => x.round === n);
    if (!r) why.push(`round ${n} has not been played yet`);
    else if (!r.records.closed) why.push(`round ${n} is still running (${r.records.boards.filter((b) => !b.closed).length} of ${r.records.boards.length} games)`);
  }
  return why.length > 0 ? why.join('; ') : null;
}

/** Score and rank every round that has games, up to `upTo` (default: all). */
export async function computeStandings(db: Db, t: Tournament, seed: string, now: Date, upTo?: number): Promise<Standings> {
  const people = await loadTournamentPeople(db, t.id);
  const stages = stagesOf(Math.max(1, people.teams.length));
  const roundRows = await findRounds(db, t.id);
  const rounds: RoundStanding[] = [];
  const rolls: RecordedRoll[] = [];
  const countryResults: CountryResult[] = [];
  let r1: { teams: Round1TeamRanking; adv: Round1Advancement; scored: ScoredRound } | undefined;
  let r2: { adv: Round2Advancement; scored: ScoredRound; teams: Ranking<TeamTotals> } | undefined;
  let semi: SemiFinalQualifiers | undefined;
  let teamRanking: Ranking<TeamTotals> | null = null;
  for (const row of roundRows) {
    if (upTo !== undefined && row.number > upTo) break;
    const stage = stages[row.number - 1];
    if (!stage) continue;
    const records = await loadRoundRecords(db, { tournamentId: t.id, round: row.number, roundEndYear: row.endYear ?? endYearOf(stage), now, teamOf: people.teamOf });
    if (records.games.length === 0) continue;
    const scored = scoreRound(records.games, people.teamOf);
    const dice = new DiceStream(seed, `round-${row.number}`);
    const results = [...scored.results.values()];
    if (stage === 'team-round-1') {
      const teams = rankRound1Teams(scored.teams.map((x) => ({ team: x.team, members: x.members, scores: x.scores })), results, scored.powerTotals, dice);
      const r2Boards = secondRoundBoards(Math.max(1, people.teams.length)).round2Boards;
      const adv = advanceFromRound1({ results, credits: teams.credits, teamRanking: teams.ranking, powerTotals: scored.powerTotals, places: 7 * r2Boards, dice });
      r1 = { teams, adv, scored };
      countryResults.push(...countryResultsOf(1, records.games, scored));
      rounds.push({ round: row.number, stage, records, scored, teams, ranking: adv.ranking, rule: 'C.7', advancing: adv.advancing, rolls: dice.rolls });
    } else if (stage === 'team-round-2') {
      const t1 = new Map((r1?.scored.teams ?? []).map((x) => [x.team, x]));
      const t2 = new Map(scored.teams.map((x) => [x.team, x]));
      const r1Place = r1 ? placesOf(r1.teams.ranking) : new Map<string, number>();
      const advancedBy = (team: string) => (r1?.adv.advancing ?? []).filter((p) => people.teamOf(p) === team).length;
      const teams = rankTeams(people.teams.map((team) => ({ team, round1: t1.get(team)?.scores ?? [], round2: t2.get(team)?.scores ?? [], advanced: advancedBy(team), round1Place: r1Place.get(team) ?? Infinity })));
      teamRanking = teams;
      const adv = advanceFromRound2({
        results,
        round1Score: new Map([...(r1?.scored.results ?? new Map<string, RoundResult>())].map(([p, x]) => [p, x.score])),
        powerTotals: scored.powerTotals,
        teamPlace: placesOf(teams),
        round1Place: r1 ? placesOf(r1.adv.ranking) : new Map(),
        places: 7 * SEMI_FINAL_BOARDS,
      });
      r2 = { adv, scored, teams };
      countryResults.push(...countryResultsOf(2, records.games, scored));
      rounds.push({ round: row.number, stage, records, scored, teamStandings: teams, ranking: adv.ranking, rule: 'C.8', advancing: adv.advancing, rolls: dice.rolls });
    } else if (stage === 'semi-final') {
      // C.9(c) ranks by the C.8 ranking; with fewer than 42 teams (no round 2 team round, B.4) by C.7's.
      const earlier = stages.includes('team-round-2') ? 'C.8' : 'C.7';
      const ranked = earlier === 'C.8' ? r2?.adv.ranking : r1?.adv.ranking;
      semi = qualifyFromSemiFinal({ results, powerTotals: scored.powerTotals, earlierPlace: ranked ? placesOf(ranked) : new Map<string, number>(), earlier });
      // C.13: "the first two rounds" — with fewer than 42 teams round 2 is the semi-final, and counts.
      if (row.number === 2) countryResults.push(...countryResultsOf(2, records.games, scored));
      rounds.push({ round: row.number, stage, records, scored, ranking: semi.overall, rule: 'C.9', advancing: semi.qualifiers, semi, rolls: dice.rolls });
    } else {
      const final = rankFinal(results, semi ? placesOf(semi.overall) : new Map());
      rounds.push({ round: row.number, stage, records, scored, ranking: final, rule: 'C.11', advancing: [], rolls: dice.rolls });
    }
    rolls.push(...dice.rolls);
  }
  if (teamRanking === null && r1) {
    // Fewer than 42 teams: the team competition is round 1 alone (B.4); C.12 still ranks it.
    const r1Place = placesOf(r1.teams.ranking);
    teamRanking = rankTeams(people.teams.map((team) => ({
      team, round1: r1!.scored.teams.find((x) => x.team === team)?.scores ?? [], round2: [], advanced: r1!.adv.advancing.filter((p) => people.teamOf(p) === team).length, round1Place: r1Place.get(team) ?? Infinity,
    })));
  }
  let countries: Record<Power, Ranking<CountryResult>> | null = null;
  if (countryResults.length > 0) {
    const dice = new DiceStream(seed, 'trophies');
    countries = rankCountries(countryResults, dice);
    rolls.push(...dice.rolls);
  }
  // C.12: the team competition is the team rounds (B.4: round 1 alone with fewer than 42 teams); C.13: rounds 1 and 2.
  const teamRounds = stages.flatMap((st, i) => (st.startsWith('team-round') ? [i + 1] : []));
  const teamProvisional = upTo !== undefined && upTo < Math.max(...teamRounds) ? `ranked up to round ${upTo} only` : provisionalBecause(rounds, teamRounds);
  const countriesProvisional = upTo !== undefined && upTo < 2 ? `ranked up to round ${upTo} only` : provisionalBecause(rounds, stages.length >= 2 ? [1, 2] : [1]);
  return { tournament: t, people, stages, rounds, countries, teamRanking, rolls, commitment: commitment(seed), teamProvisional, countriesProvisional };
}

