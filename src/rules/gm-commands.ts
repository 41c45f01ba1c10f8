/**
 * The GM's email commands (from the GM's registered address; the CLI does the same): njudge's
 * `PROCESS S1901M` (adjudicate now, guarded by the phase name), `STATUS` (who has ordered, never the
 * orders) and `HELP`. Pure: reads lines, returns commands and the lines it could not read.
 */
export type GmCommand = { kind: 'process'; phase: string } | { kind: 'status' } | { kind: 'help' };

export interface GmCommandsRead {
  readonly commands: GmCommand[];
  /** Lines that look like commands but are not one (line number, text). */
  readonly unknown: { line: number; text: string }[];
}

const COMMAND_WORD = /^(process|status|help|extend|rollback|replace)\b/i;

/** Read the GM's commands from a message body (quoted text already cut). */
export function readGmCommands(lines: readonly { line: number; text: string }[]): GmCommandsRead {
  const commands: GmCommand[] = [];
  const unknown: { line: number; text: string }[] = [];
  for (const { line, text } of lines) {
    const t = text.trim();
    if (!t) continue;
    const process = /^process\s+([SFW]\d{4}[MRA])$/i.exec(t);
    if (process) commands.push({ kind: 'process', phase: process[1]!.toUpperCase() });
    else if (/^status$/i.test(t)) commands.push({ kind: 'status' });
    else if (/^help$/i.test(t)) commands.push({ kind: 'help' });
    else if (COMMAND_WORD.test(t)) unknown.push({ line, text: t });
  }
  return { commands, unknown };
}
