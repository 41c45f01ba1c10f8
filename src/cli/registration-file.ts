/**
 * The registration file of `mailjudge tournament register` (B.2, B.5). Pure: every problem named
 * with its line or JSON path and the accepted form.
 *
 * JSON: `{ "teams": [ { "name": "Blue", "captain": "ann@example.org", "captainName": "(only for a
 * non-playing captain)", "players": [ { "name": "Ann", "email": "ann@example.org", "power":
 * "FRANCE", "timeZone": "Europe/Paris" }, … seven ] } ], "individuals": [ { "name", "email" } ] }`.
 * CSV (header required): `team,name,email,power,captain,time_zone`; an empty `team` registers an
 * individual (grouped at random, B.2); `captain` is `yes` on the captain's row of each team.
 */
import { z } from 'zod';
import { POWERS, type Power } from '../diplomacy/index.js';
import type { Registrant, Registration, RegistrationTeam } from '../service/tournament/register.js';
import { parseCsv } from './csv.js';

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const power = (s: string | undefined): Power | undefined => {
  const p = s?.trim().toUpperCase();
  return p && (POWERS as readonly string[]).includes(p) ? (p as Power) : undefined;
};

const Person = z.object({ name: z.string().trim().min(1), email: z.string().trim().regex(EMAIL, 'an address like ann@example.org'), timeZone: z.string().optional(), power: z.string().optional() });
const File = z.object({
  teams: z.array(z.object({ name: z.string().trim().min(1), captain: z.string().trim().regex(EMAIL, 'the captain\'s address'), captainName: z.string().optional(), players: z.array(Person) })).default([]),
  individuals: z.array(Person).default([]),
  // Issue 26 item 11: the tournament's TD (optional), named as `tournament td` does.
  td: z.object({ name: z.string().trim().optional(), email: z.string().trim().regex(EMAIL, 'the TD\'s address') }).optional(),
});

export function parseRegistration(text: string, format: 'json' | 'csv'): { ok: true; value: Registration } | { ok: false; problems: string[] } {
  return format === 'json' ? fromJson(text) : fromCsv(text);
}

function fromJson(text: string): { ok: true; value: Registration } | { ok: false; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`not JSON (${(e as Error).message}); expected { "teams": [ { "name", "captain", "players": [ { "name", "email", "power" } ] } ], "individuals": [ { "name", "email" } ] }`] };
  }
  const r = File.safeParse(data);
  if (!r.success) return { ok: false, problems: r.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`) };
  const problems: string[] = [];
  const teams: RegistrationTeam[] = r.data.teams.map((t, ti) => ({
    name: t.name, captain: t.captain, ...(t.captainName ? { captainName: t.captainName } : {}), where: `teams[${ti}]`,
    players: t.players.map((p, pi) => {
      const pw = power(p.power);
      if (p.power !== undefined && !pw) problems.push(`teams[${ti}].players[${pi}].power: "${p.power}" is not a power (one of ${POWERS.join(', ')})`);
      return { name: p.name, email: p.email, ...(p.timeZone ? { timeZone: p.timeZone } : {}), ...(pw ? { power: pw } : {}), where: `teams[${ti}].players[${pi}]` };
    }),
  }));
  const individuals: Registrant[] = r.data.individuals.map((p, i) => ({ name: p.name, email: p.email, ...(p.timeZone ? { timeZone: p.timeZone } : {}), where: `individuals[${i}]` }));
  const td = r.data.td ? { td: { email: r.data.td.email, ...(r.data.td.name ? { name: r.data.td.name } : {}) } } : {};
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { teams, individuals, ...td } };
}

function fromCsv(text: string): { ok: true; value: Registration } | { ok: false; problems: string[] } {
  const { rows, problems } = parseCsv(text);
  const head = rows[0]?.fields.map((f) => f.toLowerCase()) ?? [];
  const col = (n: string) => head.indexOf(n);
  for (const need of ['team', 'name', 'email']) if (col(need) < 0) problems.push(`line 1: the header must name the columns team,name,email,power,captain,time_zone (missing "${need}")`);
  if (problems.length > 0) return { ok: false, problems };
  const teams = new Map<string, { name: string; captain?: string; players: Registrant[]; where: string }>();
  const individuals: Registrant[] = [];
  for (const row of rows.slice(1)) {
    const f = (n: string) => (col(n) >= 0 ? row.fields[col(n)] ?? '' : '');
    const where = `line ${row.line}`;
    const email = f('email');
    if (!EMAIL.test(email)) { problems.push(`${where}: "${email}" is not an address (ann@example.org)`); continue; }
    if (f('name') === '') { problems.push(`${where}: give the player's name`); continue; }
    const pw = power(f('power'));
    if (f('power') !== '' && !pw) problems.push(`${where}: "${f('power')}" is not a power (one of ${POWERS.join(', ')})`);
    const p: Registrant = { name: f('name'), email, ...(f('time_zone') ? { timeZone: f('time_zone') } : {}), ...(pw ? { power: pw } : {}), where };
    const team = f('team');
    if (team === '') { individuals.push(p); continue; }
    const t = teams.get(team.toLowerCase()) ?? { name: team, players: [], where };
    t.players.push(p);
    if (/^(yes|y|true|1|captain)$/i.test(f('captain'))) {
      if (t.captain) problems.push(`${where}: team "${team}" has a captain already (${t.captain})`);
      t.captain = email;
    }
    teams.set(team.toLowerCase(), t);
  }
  for (const t of teams.values()) if (!t.captain) problems.push(`${t.where}: team "${t.name}" has no captain: write yes in the captain column of one player`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { teams: [...teams.values()].map((t) => ({ name: t.name, captain: t.captain!, players: t.players, where: `team "${t.name}" (${t.where})` })), individuals } };
}
