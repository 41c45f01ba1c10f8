/**
 * What a database-backed CLI command returns: text for people and JSON for scripts, or every
 * problem with the input (exit code 2). Infrastructure failures are thrown instead (exit code 1).
 */
import { DateTime } from 'luxon';
import { exactFormat } from '../rules/calendar/format-deadline.js';

/** The outcome of one command. */
/** What a command's run gets besides its checked input: who asks, when, and the judge's From address. */
export interface RunContext {
  readonly actor: string;
  readonly now: Date;
  readonly fromAddress: string;
  /** The command came by email (the GM's mail): its archived message is its record (replay_log, 0013). */
  readonly byMail?: boolean;
  /** The judge's clock, for a command run live: its instant is read again under the game's lock (recorded-command.ts). */
  readonly clock?: () => Date;
}

export type CommandResult =
  | {
    readonly ok: true; readonly text: string; readonly json: unknown;
    /**
     * The parts refused while the rest was done (a command over several games: one game's refusal
     * changes nothing of its own and holds back none of the others). Listed after the text, exit code 2;
     * the JSON says so itself (`error`, `problems`).
     */
    readonly refused?: readonly string[];
  }
  | { readonly ok: false; readonly problems: string[] };

/** A bad-input outcome. */
export function problems(list: string[]): CommandResult {
  return { ok: false, problems: list };
}

/**
 * An instant in GMT, as the judge always shows it first (D.VII(4)(b)): `Wed 1 May 2024 12:00 GMT`, with
 * its seconds when it has any (`12:00:30`), as it is enforced.
 */
export function formatGmt(at: Date): string {
  return DateTime.fromJSDate(at, { zone: 'UTC' }).toFormat(exactFormat(at, "ccc d LLL yyyy HH:mm 'GMT'", "ccc d LLL yyyy HH:mm:ss 'GMT'"));
}
