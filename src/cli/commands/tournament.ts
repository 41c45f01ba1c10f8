/**
 * `mailjudge tournament create <slug> --name <name>` and `mailjudge tournament show <slug>`.
 */
import { appendAudit } from '../../db/audit-log.js';
import { findTournamentGames } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { findRounds, findTeams, findTournamentBySlug, findTournamentMembers, insertTournament } from '../../db/tournaments.js';
import { problems, type CommandResult } from '../../service/command-result.js';
import { nameTournamentDirector, type TdNaming } from '../../service/tournament/name-td.js';
import { judgeNow } from '../../config/clock.js';

/** `tournament td <slug> <address> [--name <name>]`: name the TD, replacing the one named before (audited, mailed). */
export async function runTournamentTd(db: Db, slug: string, td: TdNaming, actor: string, ctx: { fromAddress: string; now: Date }): Promise<CommandResult> {
  return db.transaction().execute(async (trx) => {
    const t = await findTournamentBySlug(trx, slug);
    if (!t) return problems([`no tournament "${slug}"; create it with: mailjudge tournament create ${slug} --name "…" --td <address>`]);
    return nameTournamentDirector(trx, t, td, { actor, ...ctx });
  });
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Create a tournament (and its audit entry); problems for a bad or taken slug or an empty name. */
export async function runTournamentCreate(db: Db, input: { slug: string; name: string | undefined; td?: TdNaming }, actor: string, ctx?: { fromAddress: string; now: Date }): Promise<CommandResult> {
  const list: string[] = [];
  if (!SLUG.test(input.slug)) list.push(`slug "${input.slug}": use lower-case letters, digits and dashes, starting with a letter or digit (e.g. wm2004)`);
  const name = input.name?.trim() ?? '';
  if (name === '') list.push('--name: give the tournament\'s name, e.g. --name "World Masters 2004"');
  if (input.td && !ctx) list.push('--td: the judge\'s own address is needed to mail the TD (run it through mailjudge with its configuration)');
  if (list.length > 0) return problems(list);
  try {
    return await createIn(db, input, actor, ctx ?? { fromAddress: '', now: judgeNow() });
  } catch (e) {
    if (e instanceof TdRefused) return e.result;
    throw e;
  }
}

/** A TD naming refused inside the creating transaction: rolls it back whole. */
class TdRefused extends Error {
  constructor(readonly result: CommandResult) {
    super('td refused');
  }
}

function createIn(db: Db, input: { slug: string; name: string | undefined; td?: TdNaming }, actor: string, ctx: { fromAddress: string; now: Date }): Promise<CommandResult> {
  const name = input.name?.trim() ?? '';
  return db.transaction().execute(async (trx) => {
    if (await findTournamentBySlug(trx, input.slug)) return problems([`tournament ${input.slug} exists already; pick another slug`]);
    const t = await insertTournament(trx, { slug: input.slug, name });
    await appendAudit(trx, { actor, action: 'tournament.create', detail: { slug: t.slug, name: t.name } });
    // Issue 26 item 11: the TD named at creation (changeable later with `tournament td`).
    const td = input.td ? await nameTournamentDirector(trx, t, input.td, { actor, ...ctx }) : undefined;
    if (td && !td.ok) throw new TdRefused(td);
    return { ok: true, text: `Created tournament ${t.slug}: ${t.name}.${td?.ok ? `\n${td.text}` : ''}`, json: { tournament: { id: t.id, slug: t.slug, name: t.name, ...(td?.ok ? { td: input.td!.email } : {}) } } };
  });
}

/** Show a tournament: rounds, teams, members by role and games (status and phase). */
export async function runTournamentShow(db: Db, slug: string): Promise<CommandResult> {
  const t = await findTournamentBySlug(db, slug);
  if (!t) return problems([`no tournament "${slug}"; create it with: mailjudge tournament create ${slug} --name "…"`]);
  const [rounds, teams, members, games] = await Promise.all([findRounds(db, t.id), findTeams(db, t.id), findTournamentMembers(db, t.id), findTournamentGames(db, t.id)]);
  const roles: Record<string, number> = {};
  for (const m of members) roles[m.role] = (roles[m.role] ?? 0) + 1;
  const json = {
    tournament: { id: t.id, slug: t.slug, name: t.name, createdAt: t.createdAt.toISOString() },
    rounds: rounds.map((r) => ({ number: r.number, endYear: r.endYear, games: games.filter((g) => g.roundNumber === r.number).length })),
    teams: teams.map((tm) => ({ name: tm.name, captainPersonId: tm.captainPersonId })),
    members: roles,
    games: games.map((g) => ({ id: g.id, round: g.roundNumber, board: g.boardName, status: g.status, phase: g.currentPhase, address: g.address })),
  };
  const lines = [`Tournament ${t.slug}: ${t.name}`];
  lines.push(`Rounds: ${rounds.length === 0 ? 'none yet' : rounds.map((r) => `${r.number}${r.endYear ? ` (to ${r.endYear})` : ''}`).join(', ')}`);
  lines.push(`Teams: ${teams.length === 0 ? 'none yet' : teams.map((tm) => tm.name).join(', ')}`);
  lines.push(`Members: ${members.length === 0 ? 'none yet' : Object.entries(roles).map(([r, n]) => `${n} ${r}${n > 1 ? 's' : ''}`).join(', ')}`);
  if (games.length === 0) lines.push('Games: none yet');
  else {
    lines.push(`Games (${games.length}):`);
    for (const g of games) lines.push(`  ${g.id.padEnd(16)} round ${g.roundNumber ?? '-'}  ${g.boardName.padEnd(12)} ${g.status.padEnd(8)} ${g.currentPhase}`);
  }
  return { ok: true, text: lines.join('\n'), json };
}
