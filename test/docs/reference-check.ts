/**
 * The checks behind test/docs: does docs/reference.md have an entry for every CLI command and every
 * email command the code knows, and nothing the code does not know; does every relative link of the
 * manual resolve. Pure functions over text and the command tree, so the test can also prove each
 * check fails on a manual that is wrong.
 *
 * The entry formats (what the lead adds for a new command):
 * - CLI: under the heading `## Command line`, a table row whose first cell starts with the backticked
 *   command path, `| \`mailjudge tournament advance <slug> --round <n> [--declined <addresses>]\` | … |`.
 *   Every long option of the command but `--config` (taken by every database command) appears in
 *   the first cell of one of its rows, and no option it does not have.
 * - Email: in the section of the command's table (`## Email: …`), a row whose first cell starts with
 *   the form exactly as the code's table writes it, `| \`PROCESS <PHASE>\` | … |`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One command of the program: its path (`['tournament', 'assign']`), whether it has subcommands, its long options. */
export interface CliCommand {
  readonly path: readonly string[];
  readonly leaf: boolean;
  readonly options: readonly string[];
}

/** A commander command as far as the walk needs it (commander's own `Command` fits). */
export interface CommandNode {
  name(): string;
  readonly commands: readonly CommandNode[];
  readonly options: readonly { readonly long?: string | undefined; readonly hidden?: boolean }[];
}

/** Every command and subcommand under `root`, walking `commands` recursively. */
export function walkCommands(root: CommandNode, path: readonly string[] = []): CliCommand[] {
  const out: CliCommand[] = [];
  for (const c of root.commands) {
    const p = [...path, c.name()];
    out.push({ path: p, leaf: c.commands.length === 0, options: c.options.filter((o) => !o.hidden && o.long).map((o) => o.long!) });
    out.push(...walkCommands(c, p));
  }
  return out;
}

/** The lines of the section under `## <heading>` (to the next `## ` heading or the end). */
export function section(doc: string, heading: string): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^## /.test(l));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The first cell of a table row (`| a | b |` → `a`); undefined for a line that is not a row. */
function firstCell(line: string): string | undefined {
  const m = /^\|\s*(.*?)\s*(?<!\\)\|/.exec(line);
  return m ? m[1] : undefined;
}

/** The first backticked text of a row's first cell, a `\|` (a pipe in a table cell, as GitHub needs it) read as `|`. */
function firstCode(line: string): string | undefined {
  const cell = firstCell(line);
  const m = cell === undefined ? null : /^`([^`]+)`/.exec(cell);
  return m ? m[1]!.replace(/\\\|/g, '|') : undefined;
}

const CLI_HEADING = 'Command line';
const COMMON_OPTIONS = new Set(['--config', '--help']);

/** The CLI rows: the command path each names (its leading lower-case words) and the options in its first cell. */
function cliRows(doc: string): { line: string; path: string[]; options: string[] }[] {
  const out: { line: string; path: string[]; options: string[] }[] = [];
  for (const line of section(doc, CLI_HEADING)) {
    const code = firstCode(line);
    if (!code || !code.startsWith('mailjudge ')) continue;
    const words = code.split(/\s+/).slice(1);
    const path: string[] = [];
    for (const w of words) { if (/^[a-z][a-z0-9-]*$/.test(w)) path.push(w); else break; }
    const cell = firstCell(line) ?? '';
    out.push({ line, path, options: [...new Set(cell.match(/--[a-z][a-z0-9-]*/g) ?? [])] });
  }
  return out;
}

/** Problems with the CLI part of the reference: a command without an entry, an option missing, an entry for a command or option that does not exist. */
export function cliProblems(doc: string, commands: readonly CliCommand[]): string[] {
  const problems: string[] = [];
  const rows = cliRows(doc);
  const byPath = new Map(commands.map((c) => [c.path.join(' '), c]));
  for (const c of commands) {
    if (!c.leaf) continue;
    const key = c.path.join(' ');
    const mine = rows.filter((r) => r.path.join(' ') === key);
    if (mine.length === 0) { problems.push(`no entry for \`mailjudge ${key}\` under "## ${CLI_HEADING}"`); continue; }
    const shown = new Set(mine.flatMap((r) => r.options));
    for (const o of c.options) if (!COMMON_OPTIONS.has(o) && !shown.has(o)) problems.push(`\`mailjudge ${key}\`: option ${o} is not in its entry`);
  }
  for (const r of rows) {
    const key = r.path.join(' ');
    const c = byPath.get(key);
    if (!c) { problems.push(`entry for \`mailjudge ${key}\`, which is no command: ${r.line.slice(0, 120)}`); continue; }
    for (const o of r.options) if (!c.options.includes(o)) problems.push(`\`mailjudge ${key}\` has no option ${o}, but its entry shows it`);
  }
  return problems;
}

/** Problems with one email section: a form of the code without its row, a row whose form the code does not know. */
export function emailProblems(doc: string, heading: string, forms: readonly string[]): string[] {
  const lines = section(doc, heading);
  if (lines.length === 0) return [`no section "## ${heading}"`];
  const problems: string[] = [];
  const rows = lines.map(firstCode).filter((c): c is string => c !== undefined);
  for (const f of forms) if (!rows.includes(f)) problems.push(`"## ${heading}": no row for \`${f}\``);
  for (const r of rows) if (!forms.includes(r)) problems.push(`"## ${heading}": a row for \`${r}\`, which the code does not read`);
  return problems;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings (a repeated heading gets `-1`, `-2`, as on GitHub). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const s = slug(m[1]!);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  return out;
}

/** Every relative link of `file` (markdown links and images) that does not resolve: a missing file, or an anchor no heading has. */
export function brokenLinks(root: string, file: string, text: string, files: { exists: (path: string) => boolean; read: (path: string) => string } = { exists: existsSync, read: (p) => readFileSync(p, 'utf8') }): string[] {
  const problems: string[] = [];
  const body = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const m of body.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : join(dirname(file), path);
    const where = `${relative(root, file)}: (${target})`;
    if (!files.exists(resolved)) { problems.push(`${where} names a file that does not exist`); continue; }
    if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && !anchors(files.read(resolved)).has(anchor)) {
      problems.push(`${where}: no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}
