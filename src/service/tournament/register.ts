/**
 * Registration (B.2, B.5): whole teams with their captain and the power each player takes in round 1;
 * individuals grouped at random (the tournament's dice) into teams of seven with a captain drawn by
 * the dice, their round-1 powers dealt by the dice too; the remainder the official reserve list, in
 * registration order (B.8(d)).
 */
import { appendAudit } from '../../db/audit-log.js';
import { adoptAlternateEmail, findOrInsertPerson } from '../../db/people.js';
import type { Trx } from '../../db/schema.js';
import { findTeams, findTournamentMembers, insertTeam, insertTournamentMember, type Tournament } from '../../db/tournaments.js';
import { DiceStream, commitment } from '../../dice/index.js';
import { POWERS, type Power } from '../../tournament/powers.js';
import { TEAM_SIZE, groupIndividuals } from '../../tournament/teams/index.js';
import type { CommandResult } from '../command-result.js';
import { problems } from '../command-result.js';
import { ensureDiceSeed } from './dice-seed.js';

export interface Registrant {
  readonly name: string;
  readonly email: string;
  readonly timeZone?: string;
  /** Issue 27: the other registered address, where a bounce of mail to `email` is told. */
  readonly alternateEmail?: string;
  /** B.5: the team's choice for round 1. */
  readonly power?: Power;
  /** Where it came from, for messages: `line 4`, `teams[0].players[2]`. */
  readonly where: string;
}

export interface RegistrationTeam {
  readonly name: string;
  /** The captain's address: one of the players, or a non-playing captain given in `captainName`. */
  readonly captain: string;
  readonly captainName?: string;
  readonly players: readonly Registrant[];
  readonly where: string;
}

export interface Registration {
  readonly teams: readonly RegistrationTeam[];
  readonly individuals: readonly Registrant[];
  /** Issue 26 item 11: the tournament's TD, when the file names one (named as `tournament td` does). */
  readonly td?: { readonly email: string; readonly name?: string };
}

/** Check a registration against B.2 and B.5 (every problem at once). */
export function checkRegistration(r: Registration): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  const see = (email: string, where: string) => {
    const k = email.toLowerCase();
    if (seen.has(k)) out.push(`${where}: ${email} is registered already (${seen.get(k)}); each player registers once (B.2)`);
    else seen.set(k, where);
  };
  const names = new Set<string>();
  for (const t of r.teams) {
    if (names.has(t.name.toLowerCase())) out.push(`${t.where}: team name "${t.name}" is used twice`);
    names.add(t.name.toLowerCase());
    if (t.players.length !== TEAM_SIZE) out.push(`${t.where}: team "${t.name}" has ${t.players.length} players; a team has exactly ${TEAM_SIZE} (one per great power, B.2, B.5)`);
    const powers = t.players.map((p) => p.power).filter((p): p is Power => p !== undefined);
    if (powers.length !== t.players.length) out.push(`${t.where}: team "${t.name}": give each player the power the team chose for round 1 (B.5): one of ${POWERS.join(', ')}`);
    else if (new Set(powers).size !== powers.length) out.push(`${t.where}: team "${t.name}" gives one power to two players (${powers.filter((p, i) => powers.indexOf(p) !== i).join(', ')}); each of the seven powers once (B.5)`);
    for (const p of t.players) see(p.email, p.where);
    const captainPlays = t.players.some((p) => p.email.toLowerCase() === t.captain.toLowerCase());
    if (!captainPlays && !t.captainName) out.push(`${t.where}: captain ${t.captain} is not one of the team's players; give the captain's name too (a non-playing captain)`);
  }
  for (const p of r.individuals) see(p.email, p.where);
  for (const p of [...r.teams.flatMap((t) => t.players), ...r.individuals]) {
    if (p.alternateEmail !== undefined && p.alternateEmail.toLowerCase() === p.email.toLowerCase()) out.push(`${p.where}: the other address ${p.alternateEmail} is the player's registered address itself; give a different mailbox, or leave it empty`);
  }
  return out;
}

/**
 * Register everything in one transaction; refuses the whole file, nothing imported, with every problem
 * at once: `earlier` (the file's own rows), B.2/B.5, and a team or player registered already.
 */
export async function registerTournament(trx: Trx, t: Tournament, r: Registration, actor: string, earlier: readonly string[] = []): Promise<CommandResult> {
  const list = [...earlier, ...checkRegistration(r)];
  const existingTeams = new Set((await findTeams(trx, t.id)).map((x) => x.name.toLowerCase()));
  for (const team of r.teams) if (existingTeams.has(team.name.toLowerCase())) list.push(`${team.where}: team "${team.name}" is registered already in ${t.slug}`);
  const members = await findTournamentMembers(trx, t.id);
  const memberIds = new Set(members.filter((m) => m.role === 'player' || m.role === 'reserve').map((m) => m.personId));
  if (list.length > 0) return problems(list);

  const seed = await ensureDiceSeed(trx, t, actor);
  const lines: string[] = [];
  const json: { teams: { name: string; captain: string; players: { name: string; email: string; power: Power }[] }[]; reserves: string[] } = { teams: [], reserves: [] };
  const already: string[] = [];
  const notes: string[] = [];
  const person = async (p: { name: string; email: string; timeZone?: string; alternateEmail?: string }) => {
    const { person } = await findOrInsertPerson(trx, { name: p.name, email: p.email, ...(p.timeZone ? { timeZone: p.timeZone } : {}) });
    const kept = await adoptAlternateEmail(trx, person, p.alternateEmail);
    if (kept) notes.push(kept);
    if (memberIds.has(person.id)) already.push(`${p.email} is already a player or reserve of ${t.slug}`);
    return person;
  };
  for (const team of r.teams) {
    const players = [];
    for (const p of team.players) players.push({ reg: p, person: await person(p) });
    const captain = players.find((p) => p.reg.email.toLowerCase() === team.captain.toLowerCase())?.person ?? (await findOrInsertPerson(trx, { name: team.captainName!, email: team.captain })).person;
    const row = await insertTeam(trx, { tournamentId: t.id, name: team.name, captainPersonId: captain.id });
    for (const p of players) await insertTournamentMember(trx, { tournamentId: t.id, personId: p.person.id, role: 'player', teamId: row.id, round1Power: p.reg.power! });
    await insertTournamentMember(trx, { tournamentId: t.id, personId: captain.id, role: 'captain', teamId: row.id });
    json.teams.push({ name: team.name, captain: captain.email, players: players.map((p) => ({ name: p.person.name, email: p.person.email, power: p.reg.power! })) });
    lines.push(`Team ${team.name} (captain ${captain.name}): ${players.map((p) => `${p.person.name} ${p.reg.power}`).join(', ')}`);
  }
  if (r.individuals.length > 0) {
    // B.2: random teams of seven from the individuals, by the tournament's dice (recorded below).
    const dice = new DiceStream(seed, `registration-${existingTeams.size + r.teams.length}`);
    const byEmail = new Map(r.individuals.map((p) => [p.email.toLowerCase(), p]));
    const prefix = `${t.slug}-random`;
    let offset = [...existingTeams].filter((n) => n.startsWith(prefix)).length;
    const grouping = groupIndividuals(r.individuals.map((p) => p.email.toLowerCase()), dice, 'g');
    for (const g of grouping.teams) {
      const name = `${prefix}-${++offset}`;
      const powers = dice.shuffle(POWERS, `B.5 round-1 powers of ${name}`);
      const people = [];
      for (const email of g.members) people.push(await person(byEmail.get(email)!));
      const captain = people[g.members.indexOf(g.captain)]!;
      const row = await insertTeam(trx, { tournamentId: t.id, name, captainPersonId: captain.id });
      for (const [i, p] of people.entries()) await insertTournamentMember(trx, { tournamentId: t.id, personId: p.id, role: 'player', teamId: row.id, round1Power: powers[i]! });
      await insertTournamentMember(trx, { tournamentId: t.id, personId: captain.id, role: 'captain', teamId: row.id });
      json.teams.push({ name, captain: captain.email, players: people.map((p, i) => ({ name: p.name, email: p.email, power: powers[i]! })) });
      lines.push(`Team ${name}, formed at random (captain ${captain.name}, drawn by the dice): ${people.map((p, i) => `${p.name} ${powers[i]}`).join(', ')}`);
    }
    const reserveRank = members.filter((m) => m.role === 'reserve').length;
    for (const [i, email] of grouping.reserves.entries()) {
      const p = await person(byEmail.get(email)!);
      await insertTournamentMember(trx, { tournamentId: t.id, personId: p.id, role: 'reserve', rank: reserveRank + i + 1 });
      json.reserves.push(p.email);
    }
    if (grouping.reserves.length > 0) lines.push(`Reserve list (B.2: the ${grouping.reserves.length} individual${grouping.reserves.length > 1 ? 's' : ''} beyond a multiple of seven, in registration order): ${grouping.reserves.join(', ')}`);
    await appendAudit(trx, { actor, action: 'tournament.dice', detail: { tournament: t.slug, commitment: commitment(seed), rolls: dice.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, notation: x.notation, total: x.total })) } });
  }
  if (already.length > 0) throw new RegistrationConflict(already);
  await appendAudit(trx, { actor, action: 'tournament.register', detail: json });
  return { ok: true, text: [`Registered in ${t.slug}: ${json.teams.length} team(s), ${json.reserves.length} reserve(s).`, ...lines, ...notes].join('\n'), json };
}

/** Thrown inside the transaction so nothing of a file with an already-registered player is kept. */
export class RegistrationConflict extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}
