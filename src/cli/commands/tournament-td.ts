/**
 * The tournament director's database commands (issue 13): `tournament register`, `standings`,
 * `advance`, `assign <slug>` (dry run, then `--commit`) and `trophies`. The arithmetic is the pure
 * core's (src/tournament/); the scores come from the games' own records (src/service/tournament/).
 */
import { appendAudit } from '../../db/audit-log.js';
import { DEFAULT_POLICIES, findTournamentGames } from '../../db/games.js';
import { findPeople } from '../../db/people.js';
import { findPositionHistory } from '../../db/positions.js';
import type { Db, Trx } from '../../db/schema.js';
import { ensureRound, findRoundAdvancements, findTournamentBySlug, findTournamentMembers, insertRoundAdvancements, type Tournament } from '../../db/tournaments.js';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { commitment } from '../../dice/index.js';
import { problems, type CommandResult } from '../../service/command-result.js';
import { ensureDiceSeed } from '../../service/tournament/dice-seed.js';
import { correctAdvancement, type AdvancementCorrectionArgs } from '../../service/tournament/correct-advancement.js';
import { RegistrationConflict, registerTournament, type Registration } from '../../service/tournament/register.js';
import { nameTournamentDirector } from '../../service/tournament/name-td.js';
import { computeStandings, endYearOf, stagesOf, type Standings } from '../../service/tournament/standings.js';
import { rollPurpose, standingsCsv, standingsJson, standingsText, trophiesText } from '../../service/tournament/standings-report.js';
import { replaceDecliners } from '../../tournament/advance/index.js';
import { assignBoards, type AssignInput, type HistoryBoard } from '../../tournament/assign/index.js';
import type { GameSpec } from '../game-spec.js';
import { createGame } from './game-create.js';

async function tournamentOr(db: Db, slug: string): Promise<Tournament | CommandResult> {
  const t = await findTournamentBySlug(db, slug);
  return t ?? problems([`no tournament "${slug}"; create it with: mailjudge tournament create ${slug} --name "…"`]);
}
const isResult = (x: unknown): x is CommandResult => typeof x === 'object' && x !== null && 'ok' in x;

/** Standings of the tournament up to `round`, in a transaction that makes the dice seed on first need. */
export async function loadStandings(db: Db, t: Tournament, actor: string, now: Date, round?: number): Promise<Standings> {
  const seed = await db.transaction().execute((trx) => ensureDiceSeed(trx, t, actor));
  return computeStandings(db, t, seed, now, round);
}

/** `tournament register <slug> --from <file>`. */
export async function runTournamentRegister(db: Db, slug: string, registration: Registration, actor: string, ctx?: { fromAddress: string; now: Date }, earlier: readonly string[] = []): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t.ok || earlier.length === 0 ? t : problems([...earlier, ...t.problems]);
  if (registration.td && !ctx) return problems([...earlier, 'td: the judge\'s own address is needed to mail the TD (run it through mailjudge with its configuration)']);
  try {
    return await db.transaction().execute(async (trx) => {
      const r = await registerTournament(trx, t, registration, actor, earlier);
      if (!r.ok || !registration.td) return r;
      // Issue 26 item 11: the file names the TD (audited and mailed as `tournament td` does).
      const td = await nameTournamentDirector(trx, t, registration.td, { actor, ...ctx! });
      if (!td.ok) throw new RegistrationConflict(td.problems);
      return { ...r, text: `${r.text}\n${td.text}` };
    });
  } catch (e) {
    if (e instanceof RegistrationConflict) return problems(e.problems);
    throw e;
  }
}

/** `tournament standings <slug> [--round N] [--csv|--json]`. */
export async function runTournamentStandings(db: Db, slug: string, o: { round?: number; format: 'text' | 'csv' | 'json' }, actor: string, now: Date): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  const s = await loadStandings(db, t, actor, now, o.round);
  const r = o.round === undefined ? s.rounds[s.rounds.length - 1] : s.rounds.find((x) => x.round === o.round);
  if (!r) return problems([o.round === undefined ? `${slug} has no games yet: nothing to rank (create round 1 with: mailjudge tournament assign ${slug} --round 1 --commit …)` : `${slug} has no games in round ${o.round}`]);
  const text = o.format === 'csv' ? standingsCsv(s, r) : standingsText(s, r);
  return { ok: true, text, json: standingsJson(s, r) };
}

/** `tournament trophies <slug>` (C.11–C.13). */
export async function runTournamentTrophies(db: Db, slug: string, actor: string, now: Date): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  const s = await loadStandings(db, t, actor, now);
  const name = (id: string) => s.people.names.get(id) ?? id;
  const final = s.rounds.find((r) => r.stage === 'final');
  const json = {
    tournament: slug,
    individual: final?.ranking.entries[0] ? { winner: name(final.ranking.entries[0].id), provisional: !final.records.closed, ties: final.ranking.ties } : null,
    team: s.teamRanking ? { winner: s.teamProvisional ? null : s.teamRanking.entries[0]?.id ?? null, leading: s.teamRanking.entries[0]?.id ?? null, provisional: s.teamProvisional !== null, why: s.teamProvisional, ranking: s.teamRanking.entries.map((e) => ({ place: e.place, team: e.id })), ties: s.teamRanking.ties } : null,
    countriesProvisional: s.countriesProvisional,
    countries: s.countries ? Object.fromEntries(POWERS.map((p) => {
      const best = s.countries![p].entries[0];
      return [p, best ? { player: name(best.item.player), score: best.item.score, game: best.item.game, round: best.item.round } : null];
    })) : null,
    rolls: s.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, total: x.total })),
    commitment: s.commitment,
  };
  return { ok: true, text: trophiesText(s), json };
}

/**
 * `tournament advance <slug> --round N --correct --in a@x --out b@y --reason "…" [--rule "…"]`: the TD
 * changes who goes on after a ruling (A.3(v), A.6); audited and mailed (correct-advancement.ts).
 */
export async function runTournamentAdvanceCorrect(db: Db, slug: string, a: AdvancementCorrectionArgs, actor: string, ctx: { now: Date; fromAddress: string; decidedBy?: string }): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  const s = await loadStandings(db, t, actor, ctx.now, a.round);
  return db.transaction().execute(async (trx) => {
    const r = await correctAdvancement(trx, t, s, a, { actor, now: ctx.now, fromAddress: ctx.fromAddress, ...(ctx.decidedBy ? { decidedBy: ctx.decidedBy } : {}) });
    if (!r.ok) throw new CorrectionRefused(r.problems);
    return r;
  }).catch((e: unknown) => {
    if (e instanceof CorrectionRefused) return problems(e.problems);
    throw e;
  });
}

class CorrectionRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** `tournament advance <slug> --round N [--declined a@x,b@y]` (C.7–C.10): record who goes on, with the dice in the audit log. */
export async function runTournamentAdvance(db: Db, slug: string, o: { round: number; declined: readonly string[] }, actor: string, now: Date): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  const s = await loadStandings(db, t, actor, now, o.round);
  const r = s.rounds.find((x) => x.round === o.round);
  if (!r) return problems([`${slug} has no games in round ${o.round}: nothing to advance from`]);
  if (r.stage === 'final') return problems([`round ${o.round} is the final: nobody advances from it; see mailjudge tournament trophies ${slug}`]);
  const running = r.records.boards.filter((b) => !b.closed);
  if (running.length > 0) return problems([`round ${o.round} is not over: ${running.map((b) => `${b.id} (${b.phase})`).join(', ')} still running; advancement is decided when every game is finished or at its end year (B.3)`]);
  const name = (id: string) => s.people.names.get(id) ?? id;
  const byEmail = new Map([...s.people.emails].map(([id, e]) => [e.toLowerCase(), id]));
  const declinedIds: string[] = [];
  const list: string[] = [];
  for (const e of o.declined) {
    const id = byEmail.get(e.toLowerCase());
    if (!id) list.push(`--declined ${e}: not a player of ${slug}`);
    else if (!r.advancing.includes(id)) list.push(`--declined ${e}: ${name(id)} did not qualify from round ${o.round}`);
    else declinedIds.push(id);
  }
  if (declinedIds.length > 0 && r.stage !== 'semi-final') list.push('--declined: only a finalist may decline (C.10); for earlier rounds name a replacement as B.8 says');
  if (list.length > 0) return problems(list);
  const place = new Map(r.ranking.entries.map((e) => [e.id, e.place]));
  const rows: { personId: number; place: number; status: 'qualified' | 'declined' | 'replacement' }[] = r.advancing.map((id) => ({ personId: Number(id), place: place.get(id)!, status: declinedIds.includes(id) ? 'declined' : 'qualified' }));
  const lineUp = r.semi && declinedIds.length > 0 ? replaceDecliners(r.semi, declinedIds) : undefined;
  for (const x of lineUp?.replacements ?? []) rows.push({ personId: Number(x.by), place: place.get(x.by)!, status: 'replacement' });
  const going = rows.filter((x) => x.status !== 'declined').map((x) => String(x.personId));
  const stored = await db.transaction().execute(async (trx) => {
    const fresh = await insertRoundAdvancements(trx, t.id, o.round, rows);
    if (!fresh) return false;
    await appendAudit(trx, {
      actor,
      action: 'tournament.advance',
      detail: {
        tournament: slug, round: o.round, rule: r.rule, commitment: s.commitment,
        advancing: going.map(name), declined: declinedIds.map(name), replacements: (lineUp?.replacements ?? []).map((x) => ({ declined: name(x.declined), by: name(x.by), ties: x.ranking.ties })),
        ties: r.ranking.ties,
        // C.7(f): every d100 rolled, recomputable from the seed once revealed (mailjudge dice verify).
        rolls: r.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, notation: x.notation, dice: x.dice, total: x.total })),
      },
    });
    return true;
  });
  if (!stored) {
    const recorded = await findRoundAdvancements(db, t.id, o.round);
    return problems([`the advancement from round ${o.round} was recorded already (${recorded.filter((x) => x.status !== 'declined').length} players); it is never rewritten. After a ruling, correct it: mailjudge tournament advance ${slug} --round ${o.round} --correct --in <address> --out <address> --reason "…" (A.3(v), A.6)`]);
  }
  const text = [
    `Advancement from round ${o.round} (${r.rule}) recorded: ${going.length} player(s) go on.`,
    ...going.map((id, i) => `  ${String(i + 1).padStart(3)}. ${name(id)}${s.people.teamOf(id) ? ` (${s.people.teamOf(id)})` : ''}`),
    ...(lineUp?.replacements ?? []).map((x) => `  C.10: ${name(x.by)} replaces ${name(x.declined)}, who declined`),
    ...(r.ranking.ties.length > 0 ? ['Ties broken:', ...r.ranking.ties.map((x) => `  ${x.ids.map(name).join(', ')}: ${x.rule} ${x.criterion}`)] : []),
    ...(r.rolls.length > 0 ? ['Dice (recorded in the audit log):', ...r.rolls.map((x) => `  ${rollPurpose(x.purpose, name)}: ${x.total} (nonce ${x.nonce})`)] : []),
  ].join('\n');
  return { ok: true, text, json: { tournament: slug, round: o.round, rule: r.rule, advancing: going.map((id) => ({ name: name(id), email: s.people.emails.get(id) })), replacements: lineUp?.replacements.map((x) => ({ declined: name(x.declined), by: name(x.by) })) ?? [], rolls: r.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, total: x.total })) } };
}

export interface AssignDbOptions {
  readonly round: number;
  readonly commit: boolean;
  readonly gmEmail?: string;
  readonly domain?: string;
  readonly deadline?: Date;
  /** The year whose Fall ends the games, when it is not B.3's for the stage (a rehearsal's short round, issue 30). */
  readonly endYear?: number;
  /**
   * `verify`: recompute the round's seating from the tournament's seed and the round's input and
   * compare it with the games created for it; `input`: print that input as the pure `mailjudge
   * tournament assign` reads it (the seed included: the TD's view, or anyone's once it is revealed).
   */
  readonly check?: 'verify' | 'input';
}

/** `tournament assign <slug> --round N [--commit --gm-email … --domain … --deadline …]` (B.5, B.6). */
export async function runTournamentAssignDb(db: Db, slug: string, o: AssignDbOptions, actor: string, now: Date, fromAddress: string): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  const seed = await db.transaction().execute((trx) => ensureDiceSeed(trx, t, actor));
  const s = await computeStandings(db, t, seed, now, o.round - 1);
  const stage = stagesOf(Math.max(1, s.people.teams.length))[o.round - 1];
  if (!stage) return problems([`--round ${o.round}: ${slug} has ${stagesOf(s.people.teams.length).length} rounds (B.1, B.4: with ${s.people.teams.length} teams)`]);
  const games = await findTournamentGames(db, t.id);
  if (!o.check && games.some((g) => g.roundNumber === o.round)) return problems([`round ${o.round} of ${slug} has its games already (${games.filter((g) => g.roundNumber === o.round).map((g) => g.id).join(', ')})`]);
  const members = await findTournamentMembers(db, t.id);
  let players: { id: string; team: string | null; power?: Power }[];
  if (o.round === 1) {
    players = members.filter((m) => m.role === 'player').map((m) => ({ id: String(m.personId), team: s.people.teamOf(String(m.personId)), ...(m.round1Power ? { power: m.round1Power } : {}) }));
  } else {
    const going = (await findRoundAdvancements(db, t.id, o.round - 1)).filter((x) => x.status !== 'declined');
    if (going.length === 0) return problems([`nobody has advanced from round ${o.round - 1} yet: run mailjudge tournament advance ${slug} --round ${o.round - 1} first`]);
    players = going.map((x) => ({ id: String(x.personId), team: s.people.teamOf(String(x.personId)) }));
  }
  if (players.length === 0 || players.length % 7 !== 0) return problems([`round ${o.round} has ${players.length} players to seat; boards need a multiple of 7 (register whole teams, B.2)`]);
  // Every earlier board's starting seats (B.6 (c), (d) look back over the whole tournament).
  const history: HistoryBoard[] = [];
  for (const g of games) {
    if (g.roundNumber === null || g.roundNumber >= o.round) continue;
    const rows = await findPositionHistory(db, g.id);
    const seats: Partial<Record<Power, string>> = {};
    for (const row of rows) if (row.kind === 'original') seats[row.power] = String(row.personId);
    history.push({ round: g.roundNumber, board: g.id, seats });
  }
  // B.9 needs no check here: the round has no games yet (refused above) and assignBoards seats each
  // player on exactly one board, so nobody is permanent in more than one game of the round on creation.
  // The limit is enforced when replacements are recorded (src/service/tournament/b9-limit.ts).
  const input: AssignInput = { round: o.round, teamRound: stage.startsWith('team'), seed: `${seed}:assign-round-${o.round}`, players, history };
  if (o.check === 'input') return { ok: true, text: JSON.stringify(input), json: input };
  const out = assignBoards(input);
  if (o.check === 'verify') return verifySeating(db, slug, o.round, out, games.filter((g) => g.roundNumber === o.round));
  const names = await findPeople(db, players.map((p) => Number(p.id)));
  const name = (id: string) => names.get(Number(id))?.name ?? id;
  const gameId = (board: string) => `${slug}-${board}`.slice(0, 63);
  const endYear = o.endYear ?? endYearOf(stage);
  const lines = [
    `${o.commit ? 'Round' : 'Dry run: round'} ${o.round} of ${slug} (${stage}${stage.startsWith('team') ? '' : ''}, to ${endYear}${endYear !== endYearOf(stage) ? `, not B.3's ${endYearOf(stage)}` : ''}): ${out.boards.length} board(s)${o.round === 1 ? ', powers as each team chose them (B.5)' : ', powers drawn by the dice (B.5)'}`,
  ];
  for (const b of out.boards) lines.push(`  ${gameId(b.board)}: ${POWERS.map((p) => `${p} ${name(b.seats[p])}`).join(', ')}`);
  lines.push(out.broken.length === 0 ? 'B.6: every constraint (a)–(e) holds.' : `B.6 constraints broken (${out.broken.length}); the search gives way on the least important first (e, then c, a, d, b):`);
  for (const x of out.broken) lines.push(`  ${x.rule} on ${gameId(x.board)}: ${x.players.map(name).join(', ')}${x.teams ? ` (teams ${x.teams.join(', ')})` : ''}${x.power ? ` (${x.power})` : ''}`);
  lines.push(`Dice commitment (SHA-256 of the round's seed): ${out.commitment}`);
  const json = { tournament: slug, round: o.round, committed: o.commit, boards: out.boards.map((b) => ({ game: gameId(b.board), seats: Object.fromEntries(POWERS.map((p) => [p, { name: name(b.seats[p]), email: names.get(Number(b.seats[p]))?.email }])) })), broken: out.broken, commitment: out.commitment };
  if (!o.commit) {
    lines.push('Nothing created. Create the games with --commit --gm-email <gm> --domain <mail domain> --deadline <S1901M deadline>.');
    return { ok: true, text: lines.join('\n'), json };
  }
  const missing = [!o.gmEmail && '--gm-email <the GM\'s address>', !o.domain && '--domain <the games\' mail domain, e.g. judge.example.org>', !o.deadline && '--deadline <the S1901M deadline, ISO 8601 with zone>'].filter(Boolean);
  if (missing.length > 0) return problems([`--commit needs ${missing.join(', ')}`]);
  const failed = await db.transaction().execute(async (trx: Trx) => {
    await ensureRound(trx, { tournamentId: t.id, number: o.round, endYear });
    for (const b of out.boards) {
      const id = gameId(b.board);
      const spec: GameSpec = {
        id, address: `${id}@${o.domain}`, gm: { email: o.gmEmail!, name: undefined }, rules: 'wm', endYear, policies: DEFAULT_POLICIES,
        tournament: slug, round: o.round, board: b.board, deadline: o.deadline,
        players: POWERS.map((p) => { const who = names.get(Number(b.seats[p]))!; return { power: p, name: who.name, email: who.email, timeZone: who.timeZone, where: b.board }; }),
      };
      const r = await createGame(trx, spec, actor, now, fromAddress);
      if (!r.ok) throw new AssignCommitError(r.problems.map((x) => `${id}: ${x}`));
    }
    await appendAudit(trx, { actor, action: 'tournament.assign', detail: { tournament: slug, round: o.round, boards: out.boards, broken: out.broken, commitment: out.commitment, seedCommitment: commitment(seed) } });
    return undefined;
  }).catch((e: unknown) => {
    if (e instanceof AssignCommitError) return e;
    throw e;
  });
  if (failed) return problems(failed.problems);
  lines.push(`Created ${out.boards.length} game(s); each player and GM is sent the game-start mail by the running judge.`);
  return { ok: true, text: lines.join('\n'), json };
}

/** The round's games against the seating recomputed from the seed: each starting seat (B.5) compared. */
async function verifySeating(db: Db, slug: string, round: number, out: ReturnType<typeof assignBoards>, games: readonly { id: string; boardName: string }[]): Promise<CommandResult> {
  if (games.length === 0) return problems([`round ${round} of ${slug} has no games to verify; the dry run shows what the seed gives: mailjudge tournament assign ${slug} --round ${round}`]);
  const gameId = (board: string) => `${slug}-${board}`.slice(0, 63);
  const differences: string[] = [];
  const byId = new Map(games.map((g) => [g.id, g]));
  for (const b of out.boards) {
    const g = byId.get(gameId(b.board));
    if (!g) { differences.push(`${gameId(b.board)}: the seed seats a board that has no game`); continue; }
    byId.delete(g.id);
    const seats = new Map((await findPositionHistory(db, g.id)).filter((r) => r.kind === 'original').map((r) => [r.power, String(r.personId)]));
    for (const p of POWERS) if (seats.get(p) !== b.seats[p]) differences.push(`${g.id} ${p}: the game started with person ${seats.get(p) ?? 'nobody'}, the seed seats person ${b.seats[p]}`);
  }
  for (const g of byId.values()) differences.push(`${g.id}: a game of round ${round} that the seed does not seat`);
  const head = `Round ${round} of ${slug}: ${games.length} game(s) against the seating recomputed from the seed (commitment ${out.commitment})`;
  return differences.length === 0
    ? { ok: true, text: `${head}: identical, every starting seat as the dice gave it.`, json: { tournament: slug, round, identical: true, commitment: out.commitment, differences } }
    : { ok: false, problems: [`${head}: ${differences.length} difference(s)`, ...differences] };
}

class AssignCommitError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * `tournament reveal-seed <slug>`: the tournament's dice seed, published once the TD decides (after
 * the event, or to settle a dispute): with it `mailjudge dice verify` recomputes every audited roll.
 * The reveal is audit-logged; the commitment printed before every table must match.
 */
export async function runTournamentRevealSeed(db: Db, slug: string, actor: string): Promise<CommandResult> {
  const t = await tournamentOr(db, slug);
  if (isResult(t)) return t;
  return db.transaction().execute(async (trx) => {
    const seed = await ensureDiceSeed(trx, t, actor);
    await appendAudit(trx, { actor, action: 'tournament.dice-reveal', detail: { tournament: slug, commitment: commitment(seed) } });
    const rolls = await trx.selectFrom('audit_log').select(['detail']).where('action', 'in', ['tournament.advance', 'tournament.dice']).orderBy('id').execute();
    const recorded = rolls.flatMap((r) => ((r.detail as { tournament?: string; rolls?: { nonce: string; notation: string; dice?: number[]; total?: number }[] }).tournament === slug ? (r.detail as { rolls?: { nonce: string; notation: string; dice?: number[]; total?: number }[] }).rolls ?? [] : []));
    const verify = { seed, commitment: commitment(seed), rolls: recorded.map((x) => ({ nonce: x.nonce, notation: x.notation, ...(x.dice ? { dice: x.dice } : {}), ...(x.total !== undefined ? { total: x.total } : {}) })) };
    return {
      ok: true,
      text: [`Dice seed of ${slug}: ${seed}`, `Commitment (SHA-256): ${commitment(seed)}`, `${recorded.length} audited roll(s); check them with: mailjudge tournament reveal-seed ${slug} --json | mailjudge dice verify`].join('\n'),
      json: verify,
    };
  });
}
