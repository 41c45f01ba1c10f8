/**
 * The game description `mailjudge game create` reads: a JSON file, or a CSV file of players plus
 * command-line options. Pure: {@link parseGameSpec} returns the validated spec or every problem,
 * each naming where it is (a JSON path, a CSV line, an option) and what is accepted.
 *
 * JSON: `{ "id": "wm-r1-b7", "address": "wm-r1-b7@judge.example.org", "gm": {"name", "email"},
 * "rules": "wm", "endYear": 1907, "policies": {...}, "tournament": "wm2004", "round": 1,
 * "board": "Board 7", "deadline": "2024-05-01T12:00Z", "players": [{ "power": "FRANCE", "name": "…",
 * "email": "…", "timeZone": "Europe/Paris", "alternateEmail": "…" }] }`. CSV:
 * `power,name,email,time_zone,alternate_email` (a header row is optional; with one, columns may come
 * in any order and `time_zone` and `alternate_email` may be left out). Options given
 * on the command line take precedence over the file.
 */
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { POWERS, type Power } from '../diplomacy/index.js';
import { DEFAULT_POLICIES, type GamePolicies } from '../db/games.js';
import type { RuleProfile } from '../db/schema.js';
import { parseCsv } from './csv.js';

/** One player of the game. */
export interface PlayerSpec {
  readonly power: Power;
  readonly name: string;
  readonly email: string;
  /** IANA zone name (default `UTC`). */
  readonly timeZone: string;
  /** Issue 27: the other registered address, where a bounce of mail to `email` is told. */
  readonly alternateEmail?: string;
  /** Where the player was given (`players[2]`, `line 3`), for messages. */
  readonly where: string;
}

/** A validated game description. */
export interface GameSpec {
  readonly id: string;
  readonly address: string;
  readonly gm: { readonly email: string; readonly name: string | undefined };
  readonly rules: RuleProfile;
  readonly endYear: number | null;
  readonly policies: GamePolicies;
  /** Tournament slug. */
  readonly tournament: string | undefined;
  readonly round: number | undefined;
  /** Board name (default: the id). */
  readonly board: string;
  /** The first deadline (S1901M); with all seven powers assigned, the game starts at once. */
  readonly deadline: Date | undefined;
  /**
   * D.VII(4)(a): how every player consented to a first turn under 3 days (`--consent-recorded`,
   * JSON `consentRecorded`); without it such a deadline is refused.
   */
  readonly consent?: string | undefined;
  readonly players: readonly PlayerSpec[];
}

/** Command-line options of `game create` (strings as commander gives them). */
export interface GameSpecOptions {
  readonly id?: string;
  readonly address?: string;
  readonly gmEmail?: string;
  readonly gmName?: string;
  readonly rules?: string;
  readonly endYear?: string;
  readonly tournament?: string;
  readonly round?: string;
  readonly board?: string;
  readonly deadline?: string;
  /** `--consent-recorded [note]`: `true` without a note. */
  readonly consentRecorded?: string | true;
  readonly lateOrders?: string;
  readonly revisedSets?: string;
  readonly press?: string;
  readonly identity?: string;
  readonly playerAddresses?: string;
}

export type ParseGameSpecResult = { readonly ok: true; readonly spec: GameSpec } | { readonly ok: false; readonly problems: string[] };

const EMAIL = /^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$|^[^@\s<>,;]+@localhost$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

const msg = {
  id: 'must be lower-case letters, digits and dashes, starting with a letter or digit, at most 63 characters (e.g. wm-r1-b7)',
  email: 'must be an email address such as ann@example.org',
  rules: 'must be wm or datc2000',
  endYear: 'must be a year from 1901 (the tournament plays to 1909, 1912 or 1915, B.3)',
  round: 'must be a round number from 1',
  lateOrders: 'must be refuse or accept-until-adjudication (D.VII(3))',
  revisedSets: 'must be replace or merge (D.III(3))',
  press: 'must be standard, A, B or C (D.X(1))',
  identity: 'must be dmarc-or-secret, dmarc, secret or address',
  playerAddresses: 'must be shared or private',
  deadline: 'must be an ISO 8601 instant with its zone, in GMT preferably (D.VII(4)(b)), e.g. 2024-05-01T12:00Z',
  text: 'must be a non-empty text',
  power: `must be one of ${POWERS.join(', ')}`,
  timeZone: 'must be an IANA time zone name such as Europe/Paris, America/New_York or UTC',
};

function isInstant(s: string): boolean {
  const t = DateTime.fromISO(s.trim(), { setZone: true });
  // Whole seconds at most: deadlines are enforced and announced to the second (D.VII(4)(b)).
  return /(Z|[+-]\d\d:?\d\d)$/i.test(s.trim()) && t.isValid && t.millisecond === 0;
}

const Id = z.string({ error: msg.id }).regex(SLUG, { error: msg.id });
const Email = z.string({ error: msg.email }).trim().regex(EMAIL, { error: msg.email });
const Text = z.string({ error: msg.text }).trim().min(1, { error: msg.text });
const Rules = z.enum(['wm', 'datc2000'], { error: msg.rules });
const EndYear = z.number({ error: msg.endYear }).int({ error: msg.endYear }).min(1901, { error: msg.endYear }).max(2100, { error: msg.endYear });
const Round = z.number({ error: msg.round }).int({ error: msg.round }).min(1, { error: msg.round });
const LateOrders = z.enum(['refuse', 'accept-until-adjudication'], { error: msg.lateOrders });
const RevisedSets = z.enum(['replace', 'merge'], { error: msg.revisedSets });
const Press = z.enum(['standard', 'A', 'B', 'C'], { error: msg.press });
const PlayerAddresses = z.enum(['shared', 'private'], { error: msg.playerAddresses });
const Identity = z.enum(['dmarc-or-secret', 'dmarc', 'secret', 'address'], { error: msg.identity });
const Deadline = z.string({ error: msg.deadline }).refine(isInstant, { error: msg.deadline });
const PowerName = z
  .string({ error: msg.power })
  .transform((s) => s.trim().toUpperCase())
  .refine((s): s is Power => (POWERS as readonly string[]).includes(s), { error: msg.power });
const TimeZone = z
  .string({ error: msg.timeZone })
  .transform((s) => s.trim() || 'UTC')
  .refine((s) => IANAZone.isValidZone(s), { error: msg.timeZone });

const PlayerJson = z.strictObject({ power: PowerName, name: Text, email: Email, timeZone: TimeZone.optional(), alternateEmail: Email.optional() });
const GameJson = z.strictObject(
  {
    id: Id.optional(),
    address: Email.optional(),
    gm: z.strictObject({ name: Text.optional(), email: Email }, { error: 'must be an object such as {"name": "Gail", "email": "gail@example.org"}' }).optional(),
    rules: Rules.optional(),
    endYear: EndYear.nullable().optional(),
    policies: z
      .strictObject(
        { lateOrders: LateOrders.optional(), revisedSets: RevisedSets.optional(), press: Press.optional(), identity: Identity.optional(), playerAddresses: PlayerAddresses.optional() },
        { error: 'must be an object with lateOrders, revisedSets, press, identity, playerAddresses' },
      )
      .optional(),
    tournament: Id.optional(),
    round: Round.optional(),
    board: Text.optional(),
    deadline: Deadline.optional(),
    consentRecorded: Text.optional(),
    players: z.array(z.unknown(), { error: 'must be a list of {"power", "name", "email", "timeZone"}' }).optional(),
  },
  { error: 'must be a JSON object (see mailjudge game create --help)' },
);
type GameJson = z.infer<typeof GameJson>;

/** Read the top-level JSON field by field, so that one bad field neither hides nor voids the others. */
function readGameJson(json: unknown, source: string, p: Problems): GameJson {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    p.list.push(`${source}: must be a JSON object (see mailjudge game create --help)`);
    p.fields.add('(file)');
    return {};
  }
  const raw = json as Record<string, unknown>;
  const shape = GameJson.shape;
  const out: Record<string, unknown> = {};
  const unknown = Object.keys(raw).filter((k) => !(k in shape));
  if (unknown.length > 0) {
    p.list.push(`${source}: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}; the keys are ${Object.keys(shape).join(', ')}`);
  }
  for (const [key, schema] of Object.entries(shape) as [string, z.ZodType][]) {
    const r = schema.safeParse(raw[key]);
    if (r.success) {
      if (r.data !== undefined) out[key] = r.data;
    } else {
      p.list.push(...issuesOf(r.error, (path) => `${source} ${jsonPath([key, ...path])}`));
      p.fields.add(key);
    }
  }
  return out as GameJson;
}

function issuesOf(error: z.ZodError, where: (path: readonly PropertyKey[]) => string): string[] {
  return error.issues.map((i) => {
    if (i.code === 'unrecognized_keys') return `${where(i.path)}: unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}`;
    return `${where(i.path)}: ${i.message}`;
  });
}

function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)), '') || '(file)';
}

/** Problems found so far, and the fields they concern (so a bad field is not also reported missing). */
interface Problems {
  readonly list: string[];
  readonly fields: Set<string>;
}

/** Validate one option value; `undefined` if absent or bad (then a problem is recorded against `field`). */
function option<T>(value: string | undefined, flag: string, field: string, schema: z.ZodType<T>, problems: Problems, asNumber = false): T | undefined {
  if (value === undefined) return undefined;
  const r = schema.safeParse(asNumber && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
  if (r.success) return r.data;
  problems.list.push(`${flag} "${value}": ${r.error.issues[0]?.message}`);
  problems.fields.add(field);
  return undefined;
}

function readPlayersJson(list: readonly unknown[], source: string, problems: string[]): PlayerSpec[] {
  const players: PlayerSpec[] = [];
  list.forEach((p, i) => {
    const r = PlayerJson.safeParse(p);
    if (!r.success) problems.push(...issuesOf(r.error, (path) => `${source} ${jsonPath(['players', i, ...path])}`));
    else players.push({ power: r.data.power as Power, name: r.data.name, email: r.data.email, timeZone: r.data.timeZone ?? 'UTC', ...(r.data.alternateEmail ? { alternateEmail: r.data.alternateEmail } : {}), where: `${source} players[${i}]` });
  });
  return players;
}

const CSV_COLUMNS = ['power', 'name', 'email', 'time_zone', 'alternate_email'] as const;
const CSV_ALIASES: Readonly<Record<string, (typeof CSV_COLUMNS)[number]>> = {
  power: 'power',
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  time_zone: 'time_zone',
  timezone: 'time_zone',
  'time zone': 'time_zone',
  tz: 'time_zone',
  alternate_email: 'alternate_email',
  'alternate email': 'alternate_email',
};

function readPlayersCsv(text: string, source: string, problems: string[]): PlayerSpec[] {
  const csv = parseCsv(text);
  problems.push(...csv.problems.map((m) => `${source} ${m}`));
  let rows = csv.rows;
  let columns: readonly ((typeof CSV_COLUMNS)[number] | undefined)[] = CSV_COLUMNS;
  const first = rows[0];
  if (first && first.fields[0]?.toLowerCase() === 'power') {
    columns = first.fields.map((f) => CSV_ALIASES[f.toLowerCase()]);
    first.fields.forEach((f, i) => {
      if (!columns[i]) problems.push(`${source} line ${first.line}: unknown column "${f}"; the columns are ${CSV_COLUMNS.join(', ')}`);
    });
    for (const need of ['power', 'name', 'email'] as const) {
      if (!columns.includes(need)) problems.push(`${source} line ${first.line}: the header has no "${need}" column; the columns are ${CSV_COLUMNS.join(', ')}`);
    }
    rows = rows.slice(1);
  }
  const players: PlayerSpec[] = [];
  for (const row of rows) {
    if (row.fields.length > columns.length) {
      problems.push(`${source} line ${row.line}: ${row.fields.length} fields, expected at most ${columns.length} (${columns.filter(Boolean).join(',')}); quote a field that contains a comma`);
      continue;
    }
    const value = (c: (typeof CSV_COLUMNS)[number]) => row.fields[columns.indexOf(c)];
    const alternate = value('alternate_email') ?? '';
    const fields = { power: value('power') ?? '', name: value('name') ?? '', email: value('email') ?? '', timeZone: value('time_zone') ?? '', ...(alternate.trim() ? { alternateEmail: alternate } : {}) };
    const r = PlayerJson.safeParse(fields);
    const column = (key: PropertyKey) => (key === 'timeZone' ? 'time_zone' : key === 'alternateEmail' ? 'alternate_email' : String(key));
    if (!r.success) problems.push(...issuesOf(r.error, ([key]) => `${source} line ${row.line} ${column(key ?? '')} "${fields[key as keyof typeof fields] ?? ''}"`));
    else players.push({ power: r.data.power as Power, name: r.data.name, email: r.data.email, timeZone: r.data.timeZone ?? 'UTC', ...(r.data.alternateEmail ? { alternateEmail: r.data.alternateEmail } : {}), where: `${source} line ${row.line}` });
  }
  return players;
}

function checkPlayers(players: readonly PlayerSpec[], gmEmail: string | undefined, problems: string[]): void {
  const byPower = new Map<Power, PlayerSpec>();
  const byEmail = new Map<string, PlayerSpec>();
  for (const p of players) {
    const samePower = byPower.get(p.power);
    if (samePower) problems.push(`${p.where}: ${p.power} is also given to ${samePower.email} (${samePower.where}); each power has one player`);
    else byPower.set(p.power, p);
    const key = p.email.toLowerCase();
    const sameEmail = byEmail.get(key);
    if (sameEmail) problems.push(`${p.where}: ${p.email} also plays ${sameEmail.power} (${sameEmail.where}); a person plays one power per board`);
    else byEmail.set(key, p);
    if (gmEmail && key === gmEmail.toLowerCase()) problems.push(`${p.where}: ${p.email} is the GM of this game and cannot also play in it`);
    if (p.alternateEmail && p.alternateEmail.toLowerCase() === key) problems.push(`${p.where}: the other address ${p.alternateEmail} is the player's registered address itself; give a different mailbox, or leave it out`);
  }
}

/**
 * Validate a game description: `text` is the file (`json`, or `csv` of players), `options` the
 * command-line values (they win over the file), `source` the file's name for messages. Returns the
 * spec or every problem. Pure.
 */
export function parseGameSpec(text: string, format: 'json' | 'csv', options: GameSpecOptions, source = 'the file'): ParseGameSpecResult {
  const p: Problems = { list: [], fields: new Set() };
  let file: GameJson = {};
  let players: PlayerSpec[] = [];
  if (format === 'json') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return { ok: false, problems: [`${source}: not valid JSON (${(e as Error).message}); fix the syntax`] };
    }
    file = readGameJson(json, source, p);
    const before = p.list.length;
    if (file.players) players = readPlayersJson(file.players, source, p.list);
    if (p.list.length > before) p.fields.add('players');
  } else {
    players = readPlayersCsv(text, source, p.list);
    if (p.list.length > 0) p.fields.add('players');
  }

  const id = option(options.id, '--id', 'id', Id, p) ?? file.id;
  const address = option(options.address, '--address', 'address', Email, p) ?? file.address;
  const gmEmail = option(options.gmEmail, '--gm-email', 'gm', Email, p) ?? file.gm?.email;
  const gmName = option(options.gmName, '--gm-name', 'gm', Text, p) ?? file.gm?.name;
  const rules = option(options.rules, '--rules', 'rules', Rules, p) ?? file.rules ?? 'wm';
  const endYear = option(options.endYear, '--end-year', 'endYear', EndYear, p, true) ?? file.endYear ?? null;
  const tournament = option(options.tournament, '--tournament', 'tournament', Id, p) ?? file.tournament;
  const round = option(options.round, '--round', 'round', Round, p, true) ?? file.round;
  const board = option(options.board, '--board', 'board', Text, p) ?? file.board;
  const deadline = option(options.deadline, '--deadline', 'deadline', Deadline, p) ?? file.deadline;
  const consent = options.consentRecorded === true ? 'consent of every player, recorded by the GM' : options.consentRecorded?.trim() || file.consentRecorded;
  const policies: GamePolicies = {
    lateOrders: option(options.lateOrders, '--late-orders', 'policies', LateOrders, p) ?? file.policies?.lateOrders ?? DEFAULT_POLICIES.lateOrders,
    revisedSets: option(options.revisedSets, '--revised-sets', 'policies', RevisedSets, p) ?? file.policies?.revisedSets ?? DEFAULT_POLICIES.revisedSets,
    pressRule: option(options.press, '--press', 'policies', Press, p) ?? file.policies?.press ?? DEFAULT_POLICIES.pressRule,
    identity: option(options.identity, '--identity', 'policies', Identity, p) ?? file.policies?.identity ?? DEFAULT_POLICIES.identity,
    playerAddresses: option(options.playerAddresses, '--player-addresses', 'policies', PlayerAddresses, p) ?? file.policies?.playerAddresses ?? DEFAULT_POLICIES.playerAddresses!,
  };

  const fix = (key: string, flag: string) => (format === 'json' ? `add "${key}" to the file or pass ${flag}` : `pass ${flag}`);
  const missing = (field: string, value: unknown, message: string) => {
    if (value === undefined && !p.fields.has(field) && !p.fields.has('(file)')) p.list.push(message);
  };
  missing('id', id, `the game id is missing: ${fix('id', '--id wm-r1-b7')}`);
  missing('address', address, `the game's email address is missing: ${fix('address', '--address wm-r1-b7@judge.example.org')}`);
  missing('gm', gmEmail, `the GM is missing: ${format === 'json' ? 'add "gm": {"name": …, "email": …} to the file or pass --gm-email' : 'pass --gm-email'}`);
  if (round !== undefined && tournament === undefined) p.list.push(`round ${round} needs a tournament: ${fix('tournament', '--tournament <slug>')}`);
  if (players.length === 0 && !p.fields.has('players') && !p.fields.has('(file)')) {
    p.list.push(format === 'json' ? 'no players: add "players": [{"power", "name", "email", "timeZone"}, …]' : 'no players: the CSV file has no rows of power,name,email,time_zone');
  }
  checkPlayers(players, gmEmail, p.list);

  if (p.list.length > 0) return { ok: false, problems: p.list };
  return {
    ok: true,
    spec: {
      id: id!,
      address: address!,
      gm: { email: gmEmail!, name: gmName },
      rules,
      endYear,
      policies,
      tournament,
      round,
      board: board ?? id!,
      deadline: deadline === undefined ? undefined : DateTime.fromISO(deadline.trim(), { setZone: true }).toJSDate(),
      ...(consent !== undefined ? { consent } : {}),
      players: [...players].sort((a, b) => POWERS.indexOf(a.power) - POWERS.indexOf(b.power)),
    },
  };
}
