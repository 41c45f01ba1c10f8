/**
 * Tournaments, their rounds (B.1, B.3), teams (B.2) and members (players, reserves ranked for
 * B.8(d), captains, GMs, the TD).
 */
import { sql } from 'kysely';
import type { Power } from '../diplomacy/index.js';
import type { Db, Trx, MemberRole, RoundRow, TeamRow, TournamentMemberRow, TournamentRow } from './schema.js';

/** A tournament. */
export interface Tournament {
  readonly id: number;
  /** `wm2004`: the handle the CLI uses. */
  readonly slug: string;
  readonly name: string;
  readonly createdAt: Date;
}

/** A round of a tournament. */
export interface Round {
  readonly tournamentId: number;
  readonly number: number;
  /** B.3: 1909 for the team rounds, 1912 for the semi-final, 1915 for the final. */
  readonly endYear: number | null;
}

/** A team (B.2). */
export interface Team {
  readonly id: number;
  readonly tournamentId: number;
  readonly name: string;
  readonly captainPersonId: number | null;
}

/** A person's role in a tournament. */
export interface TournamentMember {
  readonly id: number;
  readonly tournamentId: number;
  readonly personId: number;
  readonly teamId: number | null;
  readonly role: MemberRole;
  /** B.8(d): reserves' order of call, 1 first. */
  readonly rank: number | null;
  /** B.5: the power the team chose for this player in round 1. */
  readonly round1Power: Power | null;
}

/** Map a row to a {@link Tournament}. */
export function tournamentFromRow(row: TournamentRow): Tournament {
  return { id: row.id, slug: row.slug, name: row.name, createdAt: row.created_at };
}

function roundFromRow(row: RoundRow): Round {
  return { tournamentId: row.tournament_id, number: row.number, endYear: row.end_year };
}

function teamFromRow(row: TeamRow): Team {
  return { id: row.id, tournamentId: row.tournament_id, name: row.name, captainPersonId: row.captain_person_id };
}

function memberFromRow(row: TournamentMemberRow): TournamentMember {
  return { id: row.id, tournamentId: row.tournament_id, personId: row.person_id, teamId: row.team_id, role: row.role, rank: row.rank, round1Power: row.round1_power };
}

/** Insert a tournament; throws the database error (23505) when the slug is taken. */
export async function insertTournament(db: Db, t: { slug: string; name: string }): Promise<Tournament> {
  const row = await db.insertInto('tournaments').values({ slug: t.slug, name: t.name }).returningAll().executeTakeFirstOrThrow();
  return tournamentFromRow(row);
}

/** The tournament with this slug, or `undefined`. */
export async function findTournamentBySlug(db: Db, slug: string): Promise<Tournament | undefined> {
  const row = await db.selectFrom('tournaments').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && tournamentFromRow(row);
}

/** The tournament with this id, or `undefined`. */
export async function findTournament(db: Db, id: number): Promise<Tournament | undefined> {
  const row = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && tournamentFromRow(row);
}

/** The round, inserted if it does not exist yet (an existing round keeps its end year). */
export async function ensureRound(db: Db, r: { tournamentId: number; number: number; endYear?: number | null }): Promise<Round> {
  await db
    .insertInto('rounds')
    .values({ tournament_id: r.tournamentId, number: r.number, end_year: r.endYear ?? null })
    .onConflict((oc) => oc.columns(['tournament_id', 'number']).doNothing())
    .execute();
  const row = await db
    .selectFrom('rounds')
    .selectAll()
    .where('tournament_id', '=', r.tournamentId)
    .where('number', '=', r.number)
    .executeTakeFirstOrThrow();
  return roundFromRow(row);
}

/** The rounds of a tournament, in order. */
export async function findRounds(db: Db, tournamentId: number): Promise<Round[]> {
  const rows = await db.selectFrom('rounds').selectAll().where('tournament_id', '=', tournamentId).orderBy('number').execute();
  return rows.map(roundFromRow);
}

/** Insert a team; throws the database error (23505) when the name is taken in the tournament. */
export async function insertTeam(db: Db, t: { tournamentId: number; name: string; captainPersonId?: number | null }): Promise<Team> {
  const row = await db
    .insertInto('teams')
    .values({ tournament_id: t.tournamentId, name: t.name, captain_person_id: t.captainPersonId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return teamFromRow(row);
}

/** The teams of a tournament, by name. */
export async function findTeams(db: Db, tournamentId: number): Promise<Team[]> {
  const rows = await db.selectFrom('teams').selectAll().where('tournament_id', '=', tournamentId).orderBy('name').execute();
  return rows.map(teamFromRow);
}

/** Give a person a role in a tournament (a team, for players and captains; a rank, for reserves). */
export async function insertTournamentMember(
  db: Db,
  m: { tournamentId: number; personId: number; role: MemberRole; teamId?: number | null; rank?: number | null; round1Power?: Power | null },
): Promise<TournamentMember> {
  const row = await db
    .insertInto('tournament_members')
    .values({ tournament_id: m.tournamentId, person_id: m.personId, role: m.role, team_id: m.teamId ?? null, rank: m.rank ?? null, round1_power: m.round1Power ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return memberFromRow(row);
}

/** The members of a tournament; reserves come in rank order (B.8(d)). */
export async function findTournamentMembers(db: Db, tournamentId: number): Promise<TournamentMember[]> {
  const rows = await db
    .selectFrom('tournament_members')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('role')
    .orderBy('rank')
    .orderBy('id')
    .execute();
  return rows.map(memberFromRow);
}

/** The tournament's dice seed, or `undefined` before it is first needed. */
export async function findDiceSeed(db: Db, tournamentId: number): Promise<string | undefined> {
  const row = await db.selectFrom('tournaments').select('dice_seed').where('id', '=', tournamentId).executeTakeFirst();
  return row?.dice_seed ?? undefined;
}

/** Set the dice seed unless one is set already; the seed in force afterwards. */
export async function setDiceSeedOnce(db: Db, tournamentId: number, seed: string): Promise<string> {
  await db.updateTable('tournaments').set({ dice_seed: seed }).where('id', '=', tournamentId).where('dice_seed', 'is', null).execute();
  return (await findDiceSeed(db, tournamentId))!;
}

/** Set the end year of a round (B.3). */
export async function setRoundEndYear(db: Db, tournamentId: number, number: number, endYear: number): Promise<void> {
  await db.updateTable('rounds').set({ end_year: endYear }).where('tournament_id', '=', tournamentId).where('number', '=', number).execute();
}

/** Who goes on from a round (C.7–C.10). */
export interface RoundAdvancement {
  readonly personId: number;
  readonly place: number;
  /** `corrected`: put in by a correction after a ruling (A.3(v), A.6; round_advancement_corrections). */
  readonly status: 'qualified' | 'declined' | 'replacement' | 'corrected';
}

/** A correction of a round's advancement after a ruling (A.3(v), A.6). */
export interface AdvancementCorrection {
  readonly id: number;
  readonly round: number;
  readonly personId: number;
  readonly change: 'in' | 'out';
  readonly place: number | null;
  readonly reason: string;
  readonly rule: string;
  readonly decidedBy: string;
  readonly decidedAt: Date;
}

/** Record a round's advancement; false (nothing written) when it was recorded already. */
export async function insertRoundAdvancements(db: Db, tournamentId: number, round: number, rows: readonly (RoundAdvancement & { status: 'qualified' | 'declined' | 'replacement' })[]): Promise<boolean> {
  const existing = await findRecordedAdvancements(db, tournamentId, round);
  if (existing.length > 0 || rows.length === 0) return false;
  await db
    .insertInto('round_advancements')
    .values(rows.map((r) => ({ tournament_id: tournamentId, round_number: round, person_id: r.personId, place: r.place, status: r.status })))
    .execute();
  return true;
}

/** The advancement from a round as `tournament advance` recorded it, by place (corrections not applied). */
export async function findRecordedAdvancements(db: Db, tournamentId: number, round: number): Promise<RoundAdvancement[]> {
  const rows = await db
    .selectFrom('round_advancements')
    .select(['person_id', 'place', 'status'])
    .where('tournament_id', '=', tournamentId)
    .where('round_number', '=', round)
    .orderBy('place')
    .execute();
  return rows.map((r) => ({ personId: r.person_id, place: r.place, status: r.status }));
}

/** The corrections of a round's advancement, in the order they were made. */
export async function findAdvancementCorrections(db: Db, tournamentId: number, round: number): Promise<AdvancementCorrection[]> {
  const rows = await db.selectFrom('round_advancement_corrections').selectAll().where('tournament_id', '=', tournamentId).where('round_number', '=', round).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, round: r.round_number, personId: r.person_id, change: r.change, place: r.place, reason: r.reason, rule: r.rule, decidedBy: r.decided_by, decidedAt: r.decided_at }));
}

/** Record one correction (append-only). */
export async function insertAdvancementCorrection(db: Db, tournamentId: number, c: Omit<AdvancementCorrection, 'id'>): Promise<void> {
  await db.insertInto('round_advancement_corrections').values({
    tournament_id: tournamentId, round_number: c.round, person_id: c.personId, change: c.change, place: c.place, reason: c.reason, rule: c.rule, decided_by: c.decidedBy, decided_at: c.decidedAt,
  }).execute();
}

/** Apply corrections, in order, to a recorded advancement: who goes on now, by place. Pure. */
export function applyCorrections(recorded: readonly RoundAdvancement[], corrections: readonly AdvancementCorrection[]): RoundAdvancement[] {
  const out = [...recorded];
  for (const c of corrections) {
    const at = out.findIndex((r) => r.personId === c.personId && r.status !== 'declined');
    if (c.change === 'out' && at >= 0) out.splice(at, 1);
    if (c.change === 'in' && at < 0) out.push({ personId: c.personId, place: c.place ?? Number.MAX_SAFE_INTEGER, status: 'corrected' });
  }
  return out.sort((a, b) => a.place - b.place);
}

/** Who goes on from a round: the recorded advancement with its corrections applied (A.3(v), A.6), by place. */
export async function findRoundAdvancements(db: Db, tournamentId: number, round: number): Promise<RoundAdvancement[]> {
  return applyCorrections(await findRecordedAdvancements(db, tournamentId, round), await findAdvancementCorrections(db, tournamentId, round));
}

/** The advisory-lock class of a round's closing ('mjrc' in ASCII; the first key of the two-key form). */
const ROUND_CLOSING_LOCK_CLASS = 0x6d6a7263;

/**
 * Serialize the "is the round over?" look of the transactions that end the round's games (B.3): held
 * until the transaction ends, taken after the game is marked finished, so the last to look sees them all.
 */
export async function lockRoundClosing(trx: Trx, tournamentId: number, round: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ROUND_CLOSING_LOCK_CLASS}, hashtext(${`${tournamentId}:${round}`}))`.execute(trx);
}
