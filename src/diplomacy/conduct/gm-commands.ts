/**
 * The GM's email commands (from the GM's registered address; the CLI does the same): njudge's
 * `PROCESS S1901M` (adjudicate now, guarded by the phase name; bound by D.VII(2) unless the GM writes
 * `PROCESS S1901M OVERRIDE <why>`), `STATUS` (who has ordered, never the orders), `EXTEND`,
 * `REFUSE EXTENSION`, `DEADLINE` and `HELP`. Pure: reads lines, returns commands and the lines it
 * could not read. The subject line is a title as much as a command: it counts when it is a whole
 * command (`PROCESS S1901M`), and is otherwise not read (a subject "deadline" or "Re: GM digest" is
 * no unknown command).
 */
import { POWERS } from '../index.js';
export type GmCommand =
  /** `override`: the GM's reason for setting D.VII(2) aside (`''` when OVERRIDE came without one). */
  | { kind: 'process'; phase: string; override?: string }
  | { kind: 'status' }
  | { kind: 'help' }
  /** D.VII(4)(a), D.VII(5): the GM's own extension (`EXTEND 24`), or an answer to a player's request (`EXTEND ITALY [12]`, `REFUSE EXTENSION ITALY`). */
  | { kind: 'extend'; hours?: number; power?: string; refuse: boolean }
  /** Set the deadline (`DEADLINE 2030-05-10T18:00Z`); below the minimum only with `CONSENT` (D.VII(4)(a)). */
  | { kind: 'deadline'; at: string; consent: boolean };

export interface GmCommandsRead {
  readonly commands: GmCommand[];
  /** Lines that look like commands but are not one (line number, text). */
  readonly unknown: { line: number; text: string }[];
}

const POWER = `(${POWERS.join('|')})`;
const EXTEND_POWER = new RegExp(`^extend\\s+${POWER}(\\s+\\d{1,3}\\s*(h|hours?)?)?$`, 'i');
const REFUSE_POWER = new RegExp(`^refuse\\s+extension\\s+${POWER}$`, 'i');
const COMMAND_WORD = /^(process|status|help|extend|refuse|deadline|rollback|replace)\b/i;

/**
 * Read the GM's commands from a message body (quoted text already cut); a line marked `subject` is
 * read only as a whole command.
 */
export function readGmCommands(lines: readonly { line: number; text: string; subject?: boolean }[]): GmCommandsRead {
  const commands: GmCommand[] = [];
  const unknown: { line: number; text: string }[] = [];
  for (const { line, text, subject } of lines) {
    const t = text.trim();
    if (!t) continue;
    const process = /^process\s+([SFW]\d{4}[MRA])(?:\s+override\b:?\s*(.*))?$/i.exec(t);
    if (process) commands.push({ kind: 'process', phase: process[1]!.toUpperCase(), ...(process[2] !== undefined ? { override: process[2].trim() } : {}) });
    else if (/^status$/i.test(t)) commands.push({ kind: 'status' });
    else if (/^help$/i.test(t)) commands.push({ kind: 'help' });
    else if (/^extend\s+\d{1,3}\s*(h|hours?)?$/i.test(t)) commands.push({ kind: 'extend', hours: Number(/\d+/.exec(t)![0]), refuse: false });
    else if (EXTEND_POWER.test(t)) {
      const m = /^extend\s+(\w+)(?:\s+(\d+))?/i.exec(t)!;
      commands.push({ kind: 'extend', power: m[1]!.toUpperCase(), ...(m[2] ? { hours: Number(m[2]) } : {}), refuse: false });
    } else if (REFUSE_POWER.test(t)) {
      commands.push({ kind: 'extend', power: /(\w+)$/.exec(t)![1]!.toUpperCase(), refuse: true });
    } else if (/^deadline\s+\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(Z|[+-]\d\d:?\d\d)(\s+consent)?$/i.test(t)) {
      const m = /^deadline\s+(\S+)(\s+consent)?$/i.exec(t)!;
      commands.push({ kind: 'deadline', at: m[1]!.toUpperCase(), consent: Boolean(m[2]) });
    }
    else if (COMMAND_WORD.test(t) && !subject) unknown.push({ line, text: t });
  }
  return { commands, unknown };
}
