/**
 * docs/reference.md has an entry for every command the code knows, and none it does not: the CLI's
 * commands walked from the commander program itself (src/cli/program.ts), the email commands from
 * the tables beside their parsers, each table's example read by its own parser first (so a table
 * cannot drift from what the parser reads). Every relative link of README.md and docs/*.md resolves.
 * The entry formats are in reference-check.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { PLAYER_LINE_FORMS, readBodyMark, readPressHeader, readRequest, readSetDeclaration, readSubjectMark, readVote, type PlayerLineKind } from '../../src/diplomacy/sheet/commands.js';
import { createProvinceLookup, OFFICIAL_ABBREVIATIONS } from '../../src/diplomacy/sheet/index.js';
import { STANDARD_MAP } from '../../src/diplomacy/index.js';
import { GM_COMMAND_FORMS, readGmCommands } from '../../src/diplomacy/conduct/gm-commands.js';
import { COALITION_COMMAND_FORMS, readCoalitionCommands } from '../../src/coalition/mail-commands.js';
import { RULING_COMMAND, STRATEGY_HEADER_FORM, VERDICT_FORMS, readJudgeText, readRuling, readStrategyHeader } from '../../src/coalition/index.js';
import type { CommandForm } from '../../src/rules/command-form.js';
import { ADVANCE_CORRECTION_FORM, readAdvanceCorrection } from '../../src/service/tournament/advance-mail.js';
import { ROOT } from '../helpers/cli.js';
import { anchors, brokenLinks, cliProblems, emailProblems, walkCommands, type CliCommand } from './reference-check.js';

const read = (p: string) => readFileSync(p, 'utf8');
const REFERENCE = join(ROOT, 'docs', 'reference.md');
const reference = read(REFERENCE);
const commands = walkCommands(buildProgram());
const forms = (table: { readonly [k: string]: readonly CommandForm[] }) => [...new Set(Object.values(table).flat().map((f) => f.form))];

/** The Battle Judge's forms as VERDICT_FORMS writes them: `VERDICT <square>, e.g. "VERDICT 8F", then its lines`. */
const judgeForms: CommandForm[] = Object.values(VERDICT_FORMS).map((v) => {
  const m = /^(.*?), e\.g\. "(.*?)"/.exec(v);
  if (!m) throw new Error(`VERDICT_FORMS entry without "FORM, e.g. \\"EXAMPLE\\"": ${v}`);
  return { form: m[1]!, example: m[2]! };
});

const EMAIL_SECTIONS: readonly { heading: string; forms: string[] }[] = [
  { heading: 'Email: Diplomacy players', forms: forms(PLAYER_LINE_FORMS) },
  { heading: 'Email: GMs and TDs', forms: [...forms(GM_COMMAND_FORMS), ADVANCE_CORRECTION_FORM.form] },
  { heading: 'Email: Coalition players and the Mercenary Judge', forms: [...forms(COALITION_COMMAND_FORMS), STRATEGY_HEADER_FORM.form] },
  { heading: 'Email: Coalition judges', forms: [...judgeForms.map((f) => f.form), RULING_COMMAND.form] },
];

describe('the tables of email commands are what their parsers read', () => {
  const lookup = createProvinceLookup(STANDARD_MAP, OFFICIAL_ABBREVIATIONS);
  /** What each reader of a player's line makes of the example, as a PlayerLineKind. */
  const playerKinds = (line: string): (PlayerLineKind | undefined)[] => {
    const vote = readVote(line);
    const press = readPressHeader(line, 'FRANCE');
    return [readRequest(line, lookup)?.kind, vote && 'kind' in vote ? vote.kind : undefined, press && 'kind' in press ? press.kind : undefined, readBodyMark(line) ?? readSubjectMark(line), readSetDeclaration(line)];
  };
  it.each(Object.entries(PLAYER_LINE_FORMS).flatMap(([kind, fs]) => fs.map((f) => [kind, f.example] as const)))('player %s: %s', (kind, example) => {
    expect(playerKinds(example).filter((k) => k !== undefined)).toEqual([kind]);
  });
  it('TD advance correction: its example', () => {
    const r = readAdvanceCorrection(ADVANCE_CORRECTION_FORM.example);
    expect(r.problems).toEqual([]);
    expect(r.round).toBe(1);
  });
  it.each(Object.entries(GM_COMMAND_FORMS).flatMap(([kind, fs]) => fs.map((f) => [kind, f.example] as const)))('GM/TD %s: %s', (kind, example) => {
    const r = readGmCommands([{ line: 1, text: example }]);
    expect(r.commands.map((c) => c.kind)).toEqual([kind]);
    expect(r.commands[0]).not.toHaveProperty('problems', expect.arrayContaining([expect.anything()]));
  });
  it.each(Object.entries(COALITION_COMMAND_FORMS).flatMap(([kind, fs]) => fs.map((f) => [kind, f.example] as const)))('Coalition %s: %s', (kind, example) => {
    expect(readCoalitionCommands(example).commands.map((c) => c.kind)).toEqual([kind]);
  });
  it('the strategy header, the ruling and every verdict line', () => {
    expect(readStrategyHeader(`${STRATEGY_HEADER_FORM.example}\nall in`).army).toBe('Sai Rei');
    expect(readRuling(RULING_COMMAND.example, 1)).toMatchObject({ ok: true });
    for (const f of judgeForms) {
      const top = /^(VERDICT|WEATHER|DIGEST)\b/.test(f.example);
      const r = readJudgeText(top ? f.example : `VERDICT 8F\n${f.example}`);
      expect(r.problems, f.example).toEqual([]);
      expect(r.verdicts.length + r.weather.length + r.digests.length, f.example).toBe(1);
    }
  });
});

describe('docs/reference.md has an entry for every command, and none for a command that does not exist', () => {
  it('walks a real program', () => {
    // Sanity: the walk reaches subcommands (tournament assign, dice verify) and their options.
    expect(commands.length).toBeGreaterThan(50);
    expect(commands.find((c) => c.path.join(' ') === 'tournament assign')?.options).toContain('--commit');
  });
  it('every CLI command and subcommand, with every option', () => {
    expect(cliProblems(reference, commands)).toEqual([]);
  });
  it.each(EMAIL_SECTIONS.map((s) => [s.heading, s.forms] as const))('%s', (heading, f) => {
    expect(f.length).toBeGreaterThan(1);
    expect(emailProblems(reference, heading, f)).toEqual([]);
  });
});

describe('the checks fail on a wrong manual', () => {
  const tree: CliCommand[] = [
    { path: ['tournament'], leaf: false, options: [] },
    { path: ['tournament', 'advance'], leaf: true, options: ['--round', '--json', '--config'] },
    { path: ['migrate'], leaf: true, options: ['--config'] },
  ];
  const doc = (rows: string) => `# x\n\n## Command line\n\n| command | what |\n|---|---|\n${rows}\n\n## Other\n\n| \`mailjudge gone\` | x |\n`;
  it('a command without an entry, an option left out, an entry for nothing, an option that does not exist', () => {
    expect(cliProblems(doc('| `mailjudge migrate` | m |\n| `mailjudge tournament advance <slug> --round <n> [--json]` | a |'), tree)).toEqual([]);
    expect(cliProblems(doc('| `mailjudge migrate` | m |'), tree)).toEqual(['no entry for `mailjudge tournament advance` under "## Command line"']);
    expect(cliProblems(doc('| `mailjudge migrate` | m |\n| `mailjudge tournament advance <slug> --round <n>` | a |'), tree)).toEqual(['`mailjudge tournament advance`: option --json is not in its entry']);
    expect(cliProblems(doc('| `mailjudge migrate --dry-run` | m |\n| `mailjudge tournament advance --round 1 --json` | a |\n| `mailjudge tournament score` | s |'), tree)).toEqual([
      '`mailjudge migrate` has no option --dry-run, but its entry shows it',
      'entry for `mailjudge tournament score`, which is no command: | `mailjudge tournament score` | s |',
    ]);
  });
  it('an email form without its row, a row the code does not read', () => {
    const d = '## Email: GMs and TDs\n\n| write | does |\n|---|---|\n| `PROCESS <PHASE>` | now |\n| `PAUSE` | ? |\n';
    expect(emailProblems(d, 'Email: GMs and TDs', ['PROCESS <PHASE>', 'STATUS'])).toEqual([
      '"## Email: GMs and TDs": no row for `STATUS`',
      '"## Email: GMs and TDs": a row for `PAUSE`, which the code does not read',
    ]);
    expect(emailProblems(d, 'Email: players', ['STATUS'])).toEqual(['no section "## Email: players"']);
  });
  it('the real reference, with one CLI row and one email row taken out, is caught', () => {
    const lines = reference.split('\n');
    const cli = lines.findIndex((l) => l.startsWith('| `mailjudge tournament advance'));
    const email = lines.findIndex((l) => l.startsWith('| `REPLACE <POWER> BACK`'));
    expect(cli).toBeGreaterThan(0);
    expect(email).toBeGreaterThan(0);
    const cut = lines.filter((_, i) => i !== cli && i !== email).join('\n');
    expect(cliProblems(cut, commands)).toContain('no entry for `mailjudge tournament advance` under "## Command line"');
    expect(emailProblems(cut, 'Email: GMs and TDs', [...forms(GM_COMMAND_FORMS), ADVANCE_CORRECTION_FORM.form])).toEqual(['"## Email: GMs and TDs": no row for `REPLACE <POWER> BACK`']);
  });
  it('a link to a missing file or a missing heading', () => {
    const files: Record<string, string> = { [join(ROOT, 'docs', 'a.md')]: '# Title\n\n## Two words\n' };
    const text = '[ok](a.md) [ok](a.md#two-words) [bad](nope.md) [bad anchor](a.md#three) [web](https://example.org) `[code](x.md)`';
    expect(brokenLinks(ROOT, join(ROOT, 'docs', 'reference.md'), text, { exists: (p) => p in files, read: (p) => files[p]! }).map((p) => p.replace(/^.*?: /, ''))).toEqual([
      '(nope.md) names a file that does not exist',
      '(a.md#three): no heading with the anchor #three',
    ]);
    expect([...anchors('# A `b` c\n## Mail: the GM\n## Mail: the GM\n')]).toEqual(['a-b-c', 'mail-the-gm', 'mail-the-gm-1']);
  });
});

describe('the manual itself', () => {
  const pages = [join(ROOT, 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];
  it.each(pages.map((p) => [p.slice(ROOT.length + 1), p] as const))('every relative link of %s resolves', (_name, page) => {
    expect(brokenLinks(ROOT, page, read(page))).toEqual([]);
  });
  it("the README's two commands are the ones CI and package.json run", () => {
    const readme = read(join(ROOT, 'README.md'));
    expect(readme).toContain('| run every test | `npm test` |');
    expect(readme).toMatch(/\| run the judge .*\| `npm start` \|/);
    expect(read(join(ROOT, '.ci', 'run'))).toMatch(/^npm test$/m);
    const scripts = (JSON.parse(read(join(ROOT, 'package.json'))) as { scripts: Record<string, string> }).scripts;
    expect(scripts.test).toBeDefined();
    expect(scripts.start).toContain('start');
  });
});
