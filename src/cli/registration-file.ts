/**
 * The registration file of `mailjudge tournament register` (B.2, B.5). Pure: every problem named
 * with its line or JSON path and the accepted form.
 *
 * JSON: `{ "teams": [ { "name": "Blue", "captain": "ann@example.org", "captainName": "(only for a
 * non-playing captain)", "players": [ { "name": "Ann", "email": "ann@example.org", "power":
 * "FRANCE", "timeZone": "Europe/Paris" }, … seven ] } ], "individuals": [ { "name", "email" } ] }`.
 * CSV (header required): `team,name,email,power,captain,time_zone,alternate_email`; an empty `team`
 * registers an individual (grouped at random, B.2); `captain` is `yes` on the captain's row of each
 * team; `time_zone` and `alternate_email` (issue 27: the other registered address, where a bounce of
 * mail to `email` is told) may be left out or empty. JSON players take `alternateEmail`.
 */
import { z } from 'zod';
import { POWERS, type Power } from '../diplomacy/index.js';
import { isValidZone } from '../rules/calendar/zone-time.js';
import { checkRegistration, type Registrant, type Registration, type RegistrationTeam } from '../service/tournament/register.js';
import { parseCsv } from './csv.js';

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const power = (s: string | undefined): Power | undefined => {
  const p = s?.trim().toUpperCase();
  return p && (POWERS as readonly string[]).includes(p) ? (p as Power) : undefined;
};
/** The CSV columns, in the order the help gives them. */
export const CSV_COLUMNS = ['team', 'name', 'email', 'power', 'captain', 'time_zone', 'alternate_email'] as const;
const zoneProblem = (zone: string, where: string) => `${where}: "${zone}" is not an IANA time zone (e.g. Europe/Paris, America/New_York, UTC)`;

const Person = z.object({
  name: z.string().trim().min(1, 'give the name'), email: z.string().trim().regex(EMAIL, 'an address like ann@example.org'), timeZone: z.string().optional(), power: z.string().optional(),
  // Issue 27: the other registered address, told when mail to `email` bounces (it never sends orders).
  alternateEmail: z.string().trim().regex(EMAIL, 'another address like ann@home.example, or leave it out').optional(),
}).strict();
const File = z.object({
  teams: z.array(z.object({ name: z.string().trim().min(1, 'give the team\'s name'), captain: z.string().trim().regex(EMAIL, 'the captain\'s address'), captainName: z.string().optional(), players: z.array(Person) }).strict()).default([]),
  individuals: z.array(Person).default([]),
  // Issue 26 item 11: the tournament's TD (optional), named as `tournament td` does.
  td: z.object({ name: z.string().trim().optional(), email: z.string().trim().regex(EMAIL, 'the TD\'s address') }).optional(),
}).strict();

/**
 * Read a registration file: every problem at once (each bad row or field with its line or JSON
 * path, and B.2/B.5 on the teams as given, a team of six included), or the registration.
 */
export function parseRegistration(text: string, format: 'json' | 'csv'): { ok: true; value: Registration } | { ok: false; problems: string[] } {
  const read = readRegistration(text, format);
  if (read.registration === undefined) return { ok: false, problems: read.problems };
  const problems = [...read.problems, ...checkRegistration(read.registration)];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: read.registration };
}

type Read = { registration?: Registration; problems: string[] };

/**
 * The file's rows and their own problems (bad fields, short or long rows), with the registration as
 * read whenever the file could be read at all, so that B.2/B.5 and the database's checks can be
 * reported with them (`registerTournament`'s `earlier`).
 */
export function readRegistration(text: string, format: 'json' | 'csv'): Read {
  return format === 'json' ? fromJson(text) : fromCsv(text);
}

function fromJson(text: string): Read {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { problems: [`not JSON (${(e as Error).message}); expected { "teams": [ { "name", "captain", "players": [ { "name", "email", "power", "timeZone" } ] } ], "individuals": [ { "name", "email", "timeZone" } ] }`] };
  }
  const r = File.safeParse(data);
  if (!r.success) return { problems: r.error.issues.map((i) => `${i.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '') || '(top)'}: ${i.message}`) };
  const problems: string[] = [];
  const person = (p: z.infer<typeof Person>, where: string, team: boolean): Registrant => {
    const pw = power(p.power);
    if (p.power !== undefined && !pw) problems.push(`${where}.power: "${p.power}" is not a power (one of ${POWERS.join(', ')})`);
    if (!team && p.power !== undefined) problems.push(`${where}.power: an individual's round-1 power is dealt by the dice (B.5); leave it out`);
    if (p.timeZone !== undefined && !isValidZone(p.timeZone.trim())) problems.push(zoneProblem(p.timeZone, `${where}.timeZone`));
    return { name: p.name, email: p.email, ...(p.timeZone ? { timeZone: p.timeZone.trim() } : {}), ...(p.alternateEmail ? { alternateEmail: p.alternateEmail } : {}), ...(pw ? { power: pw } : {}), where };
  };
  const teams: RegistrationTeam[] = r.data.teams.map((t, ti) => ({
    name: t.name, captain: t.captain, ...(t.captainName ? { captainName: t.captainName } : {}), where: `teams[${ti}]`,
    players: t.players.map((p, pi) => person(p, `teams[${ti}].players[${pi}]`, true)),
  }));
  const individuals = r.data.individuals.map((p, i) => person(p, `individuals[${i}]`, false));
  const td = r.data.td ? { td: { email: r.data.td.email, ...(r.data.td.name ? { name: r.data.td.name } : {}) } } : {};
  return { registration: { teams, individuals, ...td }, problems };
}

function fromCsv(text: string): Read {
  const { rows, problems } = parseCsv(text);
  const head = rows[0]?.fields.map((f) => f.toLowerCase()) ?? [];
  const col = (n: string) => head.indexOf(n);
  const form = CSV_COLUMNS.join(',');
  if (rows.length === 0) return { problems: [...problems, `the file is empty: write the header ${form}, then one row per player`] };
  for (const need of ['team', 'name', 'email']) if (col(need) < 0) problems.push(`line ${rows[0]!.line}: the header must name the columns ${form} (missing "${need}")`);
  for (const h of head) if (!(CSV_COLUMNS as readonly string[]).includes(h)) problems.push(`line ${rows[0]!.line}: unknown column "${h}" in the header (the columns are ${form})`);
  head.forEach((h, i) => { if (head.indexOf(h) !== i) problems.push(`line ${rows[0]!.line}: column "${h}" is named twice`); });
  if (problems.length > 0) return { problems };
  const teams = new Map<string, { name: string; captain?: string; players: Registrant[]; where: string }>();
  const individuals: Registrant[] = [];
  for (const row of rows.slice(1)) {
    const where = `line ${row.line}`;
    // Every row has the header's fields: a short row lost a field, a long one has one too many.
    if (row.fields.length < head.length) problems.push(`${where}: ${row.fields.length} field${row.fields.length === 1 ? '' : 's'}, but the header has ${head.length} (${head.join(',')}); leave a field empty with two commas in a row`);
    if (row.fields.length > head.length) problems.push(`${where}: ${row.fields.length} fields, but the header has ${head.length} (${head.join(',')}): "${row.fields.slice(head.length).join(',')}" is extra (quote a field that holds a comma)`);
    const f = (n: string) => (col(n) >= 0 ? row.fields[col(n)] ?? '' : '');
    const email = f('email');
    if (!EMAIL.test(email)) problems.push(`${where}: "${email}" is not an address (ann@example.org)`);
    if (f('name') === '') problems.push(`${where}: give the player's name`);
    const pw = power(f('power'));
    if (f('power') !== '' && !pw) problems.push(`${where}: "${f('power')}" is not a power (one of ${POWERS.join(', ')})`);
    const zone = f('time_zone');
    if (zone !== '' && !isValidZone(zone)) problems.push(zoneProblem(zone, where));
    const alternate = f('alternate_email');
    if (alternate !== '' && !EMAIL.test(alternate)) problems.push(`${where}: alternate_email "${alternate}" is not an address (ann@home.example); leave it empty for none`);
    const p: Registrant = { name: f('name'), email, ...(zone ? { timeZone: zone } : {}), ...(alternate ? { alternateEmail: alternate } : {}), ...(pw ? { power: pw } : {}), where };
    const team = f('team');
    const captain = f('captain');
    if (captain !== '' && !/^(yes|y|true|1|captain|no|n|false|0)$/i.test(captain)) problems.push(`${where}: captain "${captain}": write yes on the captain's row (or leave it empty)`);
    if (team === '') {
      if (pw) problems.push(`${where}: an individual's round-1 power is dealt by the dice (B.5); leave power empty or give the team`);
      individuals.push(p);
      continue;
    }
    const t = teams.get(team.toLowerCase()) ?? { name: team, players: [], where };
    t.players.push(p);
    if (/^(yes|y|true|1|captain)$/i.test(captain)) {
      if (t.captain) problems.push(`${where}: team "${team}" has a captain already (${t.captain})`);
      t.captain = email;
    }
    teams.set(team.toLowerCase(), t);
  }
  for (const t of teams.values()) if (!t.captain) problems.push(`${t.where}: team "${t.name}" has no captain: write yes in the captain column of one player`);
  return {
    registration: { teams: [...teams.values()].map((t) => ({ name: t.name, captain: t.captain ?? '', captainName: t.captain ? undefined : '(none)', players: t.players, where: `team "${t.name}" (${t.where})` })).map(({ captainName, ...t }) => (captainName ? { ...t, captainName } : t)), individuals },
    problems,
  };
}
