/**
 * The standings as people read them (a table, each tie with the criterion that broke it), as CSV and
 * as JSON. The same text goes to the TD's terminal and into the STANDINGS mail.
 */
import type { BrokenTie, Ranking } from '../../tournament/rank/rank-with-tie-breaks.js';
import type { RoundResult } from '../../tournament/advance/index.js';
import { POWERS } from '../../tournament/powers.js';
import type { RoundStanding, Stage, Standings } from './standings.js';

/** A score as shown: up to two decimals, no trailing zeros (`41`, `4.5`, `0.89`). */
export function showScore(x: number): string {
  return String(Math.round(x * 100) / 100);
}

const STAGE: Record<Stage, string> = {
  'team-round-1': 'team round 1',
  'team-round-2': 'team round 2',
  'semi-final': 'the semi-final',
  final: 'the final',
};

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function padLeft(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

/** Render rows as aligned columns (numbers right-aligned). */
function table(header: readonly string[], rows: readonly (readonly string[])[], right: ReadonlySet<number>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((c, i) => (right.has(i) ? padLeft(c, widths[i]!) : pad(c, widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

export function tieLines(ranking: { ties: readonly BrokenTie[]; unbroken: readonly { ids: readonly string[]; place: number }[]; rolls: readonly { total: number; purpose: string }[] }, name: (id: string) => string): string[] {
  const out: string[] = [];
  for (const t of ranking.ties) {
    const last = t.place + t.ids.length - 1;
    out.push(`  places ${t.place}–${last}: ${t.ids.map(name).join(', ')} tied; ${t.rule} (${t.criterion}) put them ${t.groups.map((g) => g.map(name).join(' = ')).join(' > ')}`);
  }
  for (const u of ranking.unbroken) out.push(`  place ${u.place}: ${u.ids.map(name).join(', ')} still tied after every criterion: they share the place`);
  return out;
}

export interface StandingRow {
  readonly place: number;
  readonly player: string;
  readonly name: string;
  readonly team: string | null;
  readonly game: string;
  readonly power: string;
  readonly centres: number;
  readonly bonus: number;
  readonly score: number;
  readonly credits: number | null;
  readonly round1Half: number | null;
  readonly total: number;
  readonly advancing: boolean;
}

/** The rows of a round's ranking. */
export function standingRows(s: Standings, r: RoundStanding): StandingRow[] {
  const advancing = new Set(r.advancing);
  return r.ranking.entries.map((e) => {
    const it = e.item as RoundResult & { credits?: number; round1Score?: number };
    const credits = r.stage === 'team-round-1' ? it.credits ?? 0 : null;
    const half = r.stage === 'team-round-2' ? (it.round1Score ?? 0) / 2 : null;
    const total = r.stage === 'final' ? it.centres : it.score + (credits ?? 0) + (half ?? 0);
    return {
      place: e.place, player: e.id, name: s.people.names.get(e.id) ?? e.id, team: it.team, game: it.game, power: it.power,
      centres: it.centres, bonus: it.bonus, score: it.score, credits, round1Half: half, total, advancing: advancing.has(e.id),
    };
  });
}

function roundTitle(s: Standings, r: RoundStanding): string {
  const running = r.records.boards.filter((b) => !b.closed);
  const state = running.length === 0 ? 'final' : `provisional: ${running.length} of ${r.records.boards.length} game${r.records.boards.length > 1 ? 's' : ''} still running, scored on the current centre counts (B.3)`;
  return `${s.tournament.name} (${s.tournament.slug}): round ${r.round}, ${STAGE[r.stage]}, ranked by ${r.rule} — ${state}`;
}

/** The readable standings of one round. */
export function standingsText(s: Standings, r: RoundStanding, limit?: number): string {
  const name = (id: string) => s.people.names.get(id) ?? id;
  const all = standingRows(s, r);
  // Issue 28: the round-close mail shows the top of the table; the whole of it goes as a CSV file.
  const rows = limit !== undefined ? all.slice(0, limit) : all;
  const lines = [roundTitle(s, r), ''];
  const header = ['Place', 'Player', 'Team', 'Game', 'Power', 'Centres', 'Bonus', 'Score'];
  if (r.stage === 'team-round-1') header.push('Credits');
  if (r.stage === 'team-round-2') header.push('Half R1');
  header.push(r.stage === 'final' ? 'Ranked on' : 'Total', '');
  const body = rows.map((x) => {
    const row = [String(x.place), x.name, x.team ?? '-', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score)];
    if (x.credits !== null) row.push(String(x.credits));
    if (x.round1Half !== null) row.push(showScore(x.round1Half));
    row.push(showScore(x.total), x.advancing ? (r.stage === 'semi-final' ? 'to the final' : 'advances') : '');
    return row;
  });
  const right = new Set(header.map((_, i) => i).filter((i) => i === 0 || (i >= 5 && i < header.length - 1)));
  lines.push(...table(header, body, right));
  if (rows.length < all.length) lines.push(`(the first ${rows.length} of ${all.length}; the whole table is in the attached CSV file)`);
  if (r.stage === 'final' && rows[0]) lines.push('', `Winner of the tournament (C.11): ${rows[0].name}`);
  else if (r.stage === 'semi-final' && r.semi) lines.push('', `To the final (C.9, the highest scorer of each board): ${r.semi.qualifiers.map(name).join(', ')}`);
  else lines.push('', `Advancing (${r.advancing.length}): ${r.advancing.map(name).join(', ') || 'none'}`);
  const ties = [...tieLines(r.ranking, name)];
  if (r.semi) for (const [game, board] of r.semi.boards) ties.push(...tieLines(board, name).map((l) => `${l} (board ${game})`));
  lines.push('', ties.length > 0 ? 'Ties broken:' : 'No ties to break.', ...ties);
  if (r.teams) {
    lines.push('', 'Teams after round 1 (C.6; credits 10, 9, … 1 for the top ten):');
    lines.push(...table(['Place', 'Team', 'Total', 'Credits'], r.teams.ranking.entries.map((e) => [String(e.place), e.id, showScore(e.item.scores.reduce((a, b) => a + b, 0)), String([10, 9, 8, 7, 6, 5, 4, 3, 2, 1][e.place - 1] ?? 0)]), new Set([0, 2, 3])).map((l) => `  ${l}`));
    lines.push(...tieLines(r.teams.ranking, (id) => id));
  }
  if (r.teamStandings) lines.push('', ...teamLines(r.teamStandings, `Teams after round 2 (C.12)${r.records.closed ? '' : ', provisional'}:`));
  const rolls = r.rolls;
  if (rolls.length > 0) lines.push('', 'Dice rolled (d100, verifiable):', ...rolls.map((x) => `  ${rollPurpose(x.purpose, name)}: ${x.total} (nonce ${x.nonce})`));
  lines.push('', `Dice commitment (SHA-256 of the tournament's seed): ${s.commitment}`);
  return lines.join('\n');
}

/** A roll's recorded purpose ends with the id of the entry it was rolled for: shown with the player's name. */
export function rollPurpose(purpose: string, name: (id: string) => string): string {
  return purpose.replace(/: (\S+)( \(tied for place \d+\))?$/, (_, id: string, tail: string | undefined) => `: ${name(id)}${tail ?? ''}`);
}

export function teamLines(ranking: Ranking<{ team: string; round1: readonly number[]; round2: readonly number[] }>, title: string): string[] {
  const total = (t: { round1: readonly number[]; round2: readonly number[] }) => [...t.round1, ...t.round2].reduce((a, b) => a + b, 0);
  return [
    title,
    ...table(['Place', 'Team', 'Round 1', 'Round 2', 'Total'], ranking.entries.map((e) => [String(e.place), e.id, showScore(e.item.round1.reduce((a, b) => a + b, 0)), showScore(e.item.round2.reduce((a, b) => a + b, 0)), showScore(total(e.item))]), new Set([0, 2, 3, 4])).map((l) => `  ${l}`),
    ...tieLines(ranking, (id) => id),
  ];
}

function csvCell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One round's ranking as CSV (one line per player, a header first). */
export function standingsCsv(s: Standings, r: RoundStanding): string {
  const tieOf = new Map<string, string>();
  for (const t of r.ranking.ties) for (const id of t.ids) tieOf.set(id, `${t.rule} ${t.criterion}`);
  const head = ['place', 'player', 'email', 'team', 'game', 'power', 'centres', 'bonus', 'score', 'credits', 'round1_half', 'total', 'advancing', 'tie_broken_by'];
  const lines = [head.join(',')];
  for (const x of standingRows(s, r)) {
    lines.push([String(x.place), x.name, s.people.emails.get(x.player) ?? '', x.team ?? '', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score), x.credits === null ? '' : String(x.credits), x.round1Half === null ? '' : showScore(x.round1Half), showScore(x.total), x.advancing ? 'yes' : 'no', tieOf.get(x.player) ?? ''].map(csvCell).join(','));
  }
  return lines.join('\n');
}

/** One round's ranking as JSON data. */
export function standingsJson(s: Standings, r: RoundStanding): unknown {
  const name = (id: string) => s.people.names.get(id) ?? id;
  return {
    tournament: s.tournament.slug,
    round: r.round,
    stage: r.stage,
    rule: r.rule,
    closed: r.records.closed,
    provisional: !r.records.closed,
    games: r.records.boards,
    standings: standingRows(s, r).map((x) => ({ ...x, score: Math.round(x.score * 1e9) / 1e9 })),
    advancing: r.advancing.map(name),
    ties: r.ranking.ties.map((t) => ({ players: t.ids.map(name), place: t.place, rule: t.rule, criterion: t.criterion, groups: t.groups.map((g) => g.map(name)) })),
    unbroken: r.ranking.unbroken.map((u) => ({ players: u.ids.map(name), place: u.place })),
    teams: r.teams ? r.teams.ranking.entries.map((e) => ({ place: e.place, team: e.id, total: e.item.scores.reduce((a, b) => a + b, 0) })) : undefined,
    rolls: r.rolls.map((x) => ({ purpose: x.purpose, nonce: x.nonce, total: x.total })),
    commitment: s.commitment,
  };
}

/** The trophies (C.11–C.13): the individual winner, the team winner, the best countries. */
export function trophiesText(s: Standings): string {
  const name = (id: string) => s.people.names.get(id) ?? id;
  const lines = [`${s.tournament.name} (${s.tournament.slug}): winners and trophies`, ''];
  const final = s.rounds.find((r) => r.stage === 'final');
  lines.push(final && final.ranking.entries[0] ? `Individual winner (C.11): ${name(final.ranking.entries[0].id)}${final.records.closed ? '' : ' (provisional: the final is still running)'}` : 'Individual winner (C.11): the final has not been played yet');
  lines.push(...(final ? tieLines(final.ranking, name) : []));
  if (s.teamRanking && s.teamRanking.entries[0]) {
    const state = s.teamProvisional ? ` (provisional: ${s.teamProvisional})` : '';
    lines.push('', s.teamProvisional ? `Team winner (C.12): not decided yet; leading ${s.teamRanking.entries[0].id}${state}` : `Team winner (C.12): ${s.teamRanking.entries[0].id}`, ...teamLines(s.teamRanking, `Team standings (C.12)${state}:`));
  }
  if (s.countries) {
    lines.push('', `Best country (C.13, rounds 1 and 2)${s.countriesProvisional ? ` — provisional: ${s.countriesProvisional}` : ''}:`);
    for (const p of POWERS) {
      const best = s.countries[p].entries[0];
      lines.push(`  ${pad(p, 8)} ${best ? `${name(best.item.player)}, ${showScore(best.item.score)} in ${best.item.game} (round ${best.item.round})` : 'nobody played it'}`);
      lines.push(...tieLines(s.countries[p], (id) => { const [, player, game] = id.split(':'); return `${name(player!)} (${game})`; }).filter((l) => l.includes('places 1–')).map((l) => `    ${l.trim()}`));
    }
    const rolls = Object.values(s.countries).flatMap((r) => r.rolls);
    if (rolls.length > 0) lines.push('', 'Dice rolled (d100, verifiable):', ...rolls.map((x) => `  ${x.purpose}: ${x.total} (nonce ${x.nonce})`));
  }
  lines.push('', `Dice commitment (SHA-256 of the tournament's seed): ${s.commitment}`);
  return lines.join('\n');
}

/** The whole table of one round as CSV for the round-close mail: no addresses (they are the TD's CSV's), CRLF as RFC 4180. */
export function standingsMailCsv(s: Standings, r: RoundStanding): string {
  const rows = standingRows(s, r);
  const header = ['place', 'player', 'team', 'game', 'power', 'centres', 'bonus', 'score', 'total', 'advances'];
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const body = rows.map((x) => [String(x.place), x.name, x.team ?? '', x.game, x.power, String(x.centres), showScore(x.bonus), showScore(x.score), showScore(x.total), x.advancing ? 'yes' : 'no']);
  return [header, ...body].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** "You are 12th of 297, 45.5 points: you advance (C.7)." for the player `id`, or undefined when not ranked. */
export function whereYouStand(s: Standings, r: RoundStanding, id: string): string | undefined {
  const rows = standingRows(s, r);
  const me = rows.find((x) => x.player === id);
  if (!me) return undefined;
  const tied = rows.filter((x) => x.place === me.place).length > 1;
  const go = r.stage === 'final' ? (me.place === 1 ? ': you win the tournament (C.11)' : '') : me.advancing ? `: you ${r.stage === 'semi-final' ? 'go to the final' : 'advance'} (${r.rule})` : `: you do not advance (${r.rule})`;
  return `You are ${tied ? 'tied ' : ''}${ordinal(me.place)} of ${rows.length}, with ${showScore(me.total)} (${me.game}, ${me.power}, ${me.centres} centres)${go}.`;
}

function ordinal(n: number): string {
  const t = n % 100;
  const suffix = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}
