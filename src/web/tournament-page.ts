/**
 * The tournament page (issue 31): each round's boards with their phase, deadline (GMT and the
 * viewer's zone) and who has a Final set in; the live standings of the latest round, provisional
 * while a board still runs (scored on the current centre counts, B.3), each tie with the criterion
 * that broke it (C.7 …); the team table; and for a signed-in player where they stand.
 */
import { findOrderSetStatus } from '../db/order-sets.js';
import { findPhase } from '../db/phases.js';
import type { Db } from '../db/schema.js';
import { findTournamentGames } from '../db/games.js';
import type { Tournament } from '../db/tournaments.js';
import type { WebGrant } from '../db/web-access.js';
import { POWERS } from '../diplomacy/index.js';
import { formatDeadline } from '../mail/outbound/report-context.js';
import { latestStandings } from '../service/tournament/standings-mail.js';
import { showScore, standingRows, teamLines, tieLines, whereYouStand } from '../service/tournament/standings-report.js';
import { playerId } from '../service/tournament/round-records.js';
import { mayViewGame } from './access.js';

export async function tournamentPage(db: Db, t: Tournament, g: WebGrant, zone: string | undefined, now: Date): Promise<object> {
  const games = await findTournamentGames(db, t.id);
  const rounds = new Map<number, object[]>();
  for (const game of games) {
    const phase = game.kind === 'diplomacy' ? await findPhase(db, game.id, game.currentPhase) : undefined;
    const open = phase && !phase.adjudicatedAt ? phase : undefined;
    const sets = open ? await findOrderSetStatus(db, game.id, open.name) : [];
    const owners = open ? POWERS.filter((p) => open.stateBefore.units.some((u) => u.power === p) || open.stateBefore.dislodged.some((u) => u.power === p)) : [];
    const final = sets.filter((s) => s.final).map((s) => s.power);
    const list = rounds.get(game.roundNumber ?? 0) ?? [];
    list.push({
      id: game.id, board: game.boardName, status: game.status, phase: game.currentPhase, link: mayViewGame(g, game) === undefined,
      deadline: open ? formatDeadline(open.deadline, zone) : undefined,
      final: open ? `${final.length} of ${owners.length}` : undefined, finalPowers: final.join(', '),
    });
    rounds.set(game.roundNumber ?? 0, list);
  }
  const latest = await db.transaction().execute((trx) => latestStandings(trx, t.id, now));
  let standings: object | undefined;
  if (latest) {
    const { s, r } = latest;
    const name = (id: string) => s.people.names.get(id) ?? id;
    const running = r.records.boards.filter((b) => !b.closed).length;
    const ties = [...tieLines(r.ranking, name)];
    if (r.semi) for (const [game, board] of r.semi.boards) ties.push(...tieLines(board, name).map((l) => `${l} (board ${game})`));
    const me = g.personId !== null && g.personId !== undefined ? playerId(g.personId) : undefined;
    standings = {
      round: r.round, rule: r.rule, stage: r.stage,
      provisional: running > 0 ? `provisional: ${running} of ${r.records.boards.length} board${r.records.boards.length > 1 ? 's' : ''} still running, scored on the current centre counts (B.3)` : undefined,
      credits: r.stage === 'team-round-1', half: r.stage === 'team-round-2',
      rows: standingRows(s, r).map((x) => ({
        ...x, bonus: showScore(x.bonus), score: showScore(x.score), total: showScore(x.total), round1Half: x.round1Half === null ? null : showScore(x.round1Half), mine: x.player === me,
      })),
      ties: ties.map((l) => l.trim()),
      teams: r.teams ? r.teams.ranking.entries.map((e) => ({ place: e.place, team: e.id, total: showScore(e.item.scores.reduce((a, b) => a + b, 0)), credits: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1][e.place - 1] ?? 0 })) : undefined,
      teamTies: r.teams ? tieLines(r.teams.ranking, (id) => id).map((l) => l.trim()) : [],
      teamStandings: r.teamStandings ? teamLines(r.teamStandings, `Teams after round 2 (C.12)${r.records.closed ? '' : ', provisional'}:`) : undefined,
      whereIStand: me && g.role === 'player' ? whereYouStand(s, r, me) ?? 'You are not ranked in this round.' : undefined,
      commitment: s.commitment,
    };
  }
  return {
    tournament: { slug: t.slug, name: t.name },
    rounds: [...rounds.entries()].sort((a, b) => a[0] - b[0]).map(([n, boards]) => ({ n, boards })),
    standings,
  };
}
