/**
 * The registration file (`mailjudge tournament register`, B.2, B.5): every bad row refused with its
 * line, all at once, the team sizes with the rest; IANA time zones checked.
 */
import { describe, expect, it } from 'vitest';
import { parseRegistration } from '../../src/cli/registration-file.js';

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const team = (name: string, size: number, zone = 'Europe/Paris') =>
  Array.from({ length: size }, (_, i) => `${name},${name} ${i + 1},${name.toLowerCase()}${i + 1}@example.org,${POWERS[i]},${i === 0 ? 'yes' : ''},${zone}`);
const HEAD = 'team,name,email,power,captain,time_zone';

describe('registration CSV: every problem at once', () => {
  it('a whole file of good rows registers', () => {
    const r = parseRegistration([HEAD, ...team('Rome', 7), ',Olga,olga@example.org,,,America/New_York'].join('\n'), 'csv');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.teams[0]!.players[0]!.timeZone).toBe('Europe/Paris');
  });
  it('a short row, an extra field, Mars/Olympus and a team of six: each named by its line, together', () => {
    const rows = [
      HEAD,
      ...team('Rome', 7),
      ...team('Oslo', 6), // line 9..14: six players
      'Lima,Ana,ana@example.org,FRANCE', // line 15: short (4 fields of 6)
      ',Bo,bo@example.org,,,UTC,surplus', // line 16: an extra field
      ',Cy,cy@example.org,,,Mars/Olympus', // line 17: not a time zone
    ];
    const r = parseRegistration(rows.join('\n'), 'csv');
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems;
    expect(problems).toContain('line 15: 4 fields, but the header has 6 (team,name,email,power,captain,time_zone); leave a field empty with two commas in a row');
    expect(problems).toContain('line 16: 7 fields, but the header has 6 (team,name,email,power,captain,time_zone): "surplus" is extra (quote a field that holds a comma)');
    expect(problems).toContain('line 17: "Mars/Olympus" is not an IANA time zone (e.g. Europe/Paris, America/New_York, UTC)');
    expect(problems.some((p) => /team "Oslo" \(line 9\): team "Oslo" has 6 players; a team has exactly 7/.test(p))).toBe(true);
    expect(problems.some((p) => /team "Lima" has no captain/.test(p))).toBe(true);
  });
  it('an unknown column in the header is refused, not ignored', () => {
    const r = parseRegistration(['team,name,email,power,captain,time_zone,shirt', ...team('Rome', 7).map((l) => `${l},XL`)].join('\n'), 'csv');
    expect(r.ok ? [] : r.problems).toEqual(['line 1: unknown column "shirt" in the header (the columns are team,name,email,power,captain,time_zone,alternate_email)']);
  });
  it('alternate_email (issue 27): the other registered address, read per row; a bad one or the registered address itself named by its line', () => {
    const rows = team('Rome', 7).map((l, i) => `${l},${i === 2 ? 'rome3@home.example' : ''}`);
    const ok = parseRegistration([`${HEAD},alternate_email`, ...rows].join('\n'), 'csv');
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.value.teams[0]!.players.map((p) => p.alternateEmail)).toEqual([undefined, undefined, 'rome3@home.example', undefined, undefined, undefined, undefined]);
    const bad = rows.map((l, i) => (i === 0 ? `${l}not-an-address` : i === 1 ? `${l}ROME2@example.org` : l));
    const r = parseRegistration([`${HEAD},alternate_email`, ...bad].join('\n'), 'csv');
    expect(r.ok ? [] : r.problems).toEqual([
      'line 2: alternate_email "not-an-address" is not an address (ann@home.example); leave it empty for none',
      "line 3: the other address ROME2@example.org is the player's registered address itself; give a different mailbox, or leave it empty",
    ]);
  });
});

describe('registration JSON: every problem at once', () => {
  it('an unknown field, a bad zone and a team of six', () => {
    const players = POWERS.slice(0, 6).map((p, i) => ({ name: `P${i}`, email: `p${i}@example.org`, power: p, timeZone: i === 2 ? 'Mars/Olympus' : 'UTC' }));
    const r = parseRegistration(JSON.stringify({ teams: [{ name: 'Oslo', captain: 'p0@example.org', players }], individuals: [{ name: 'Bo', email: 'bo@example.org', shoe: 42 }] }), 'json');
    expect(r.ok ? [] : r.problems).toEqual(['individuals[0]: Unrecognized key: "shoe"']);
    const r2 = parseRegistration(JSON.stringify({ teams: [{ name: 'Oslo', captain: 'p0@example.org', players }] }), 'json');
    expect(r2.ok ? [] : r2.problems).toEqual([
      'teams[0].players[2].timeZone: "Mars/Olympus" is not an IANA time zone (e.g. Europe/Paris, America/New_York, UTC)',
      'teams[0]: team "Oslo" has 6 players; a team has exactly 7 (one per great power, B.2, B.5)',
    ]);
  });
});
