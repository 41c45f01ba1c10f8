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
import type { CommandForm } from '../../rules/command-form.js';
export type GmCommand =
  /** `override`: the GM's reason for setting D.VII(2) aside (`''` when OVERRIDE came without one). */
  | { kind: 'process'; phase: string; override?: string }
  | { kind: 'status' }
  | { kind: 'help' }
  /** Issue 31: `WEB`, a one-time sign-in link to the read-only web view (the TD's sees everything). */
  | { kind: 'web' }
  /** D.VII(4)(a), D.VII(5): the GM's own extension (`EXTEND 24`), or an answer to a player's request (`EXTEND ITALY [12]`, `REFUSE EXTENSION ITALY`). */
  | { kind: 'extend'; hours?: number; power?: string; refuse: boolean }
  /** Set the deadline (`DEADLINE 2030-05-10T18:00Z`); below the minimum only with `CONSENT` (D.VII(4)(a)). */
  | { kind: 'deadline'; at: string; consent: boolean }
  /** D.VII(2): a player's weekly unavailable window (`ABSENCE ENGLAND FRI 17:00 TO MON 09:00 [America/New_York]`), or `ABSENCE ENGLAND CLEAR`. */
  | { kind: 'absence'; power: string; from?: { day: Weekday; time: string }; to?: { day: Weekday; time: string }; zone?: string; clear: boolean }
  /** B.7, B.8: `REPLACE ITALY rita@example.org Rita Rossi [UNTIL F1903M]`, or `REPLACE ITALY BACK` (the temporary replacement ends). */
  | { kind: 'replace'; power: string; email?: string; name?: string; untilPhase?: string; endTemporary: boolean }
  /**
   * D.VIII(1): `ROLLBACK S1902M <why>` — from the GM a request the TD must approve by the TD's own
   * mail; from the TD the rollback itself. `tdApproval`: an approval the GM quotes (`TD-APPROVAL
   * <who, when, why>`, the earlier form), passed to the TD with the request.
   */
  | { kind: 'rollback'; phase: string; reason: string; tdApproval?: string }
  /** D.VIII(1), the TD's answer: `APPROVE ROLLBACK S1902M <note>` / `REFUSE ROLLBACK S1902M <why>`. */
  | { kind: 'rollback-answer'; phase: string; approve: boolean; note: string }
  /**
   * `mailjudge calendar`: `CALENDAR` shows the game's turn lengths, reminders and digests;
   * `CALENDAR MOVEMENT 72 RETREAT 24 ADJUSTMENT 24 REMINDERS 48,24 DIGESTS 24,2 DIGEST-TIMES 08:00`
   * (any of them, any order; `NONE` for a list) changes them (D.VII(4)(a)). `problems`: the parts
   * that could not be read, each with the accepted form (nothing is changed then).
   */
  | { kind: 'calendar'; settings: CalendarSettingsAsked; problems: string[] }
  /** `mailjudge holiday list`: `HOLIDAYS` lists the TD's holidays that apply to this game (D.VII(5)). */
  | { kind: 'holidays' }
  /**
   * `mailjudge holiday create`: `HOLIDAY <name> FROM <instant> TO <instant> [MAX <hours>]` — the TD's
   * decree (D.VII(5) "The TD may decree ..."): done from the TD's address, refused from the GM's.
   */
  | { kind: 'holiday'; name: string; from?: string; to?: string; maxHours?: number; problems: string[] }
  /**
   * D.IX(5): the GM's answer to a house-rule proposal — `AGREE D.VII(3)`, `DISAGREE #4`, or `AGREE`
   * alone when only one is open (`mailjudge proposal agree`).
   */
  | { kind: 'agree'; agrees: boolean; proposalId?: number; rule?: string };

/** What a `CALENDAR` line asks to change (absent: unchanged). */
export interface CalendarSettingsAsked {
  readonly movementHours?: number;
  readonly retreatHours?: number;
  readonly adjustmentHours?: number;
  readonly reminders?: number[];
  readonly digests?: number[];
  readonly digestTimes?: string[];
}

export type Weekday = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
const DAY = '(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?';
const TIME = '([01]?\\d|2[0-3]):([0-5]\\d)';
const ABSENCE = new RegExp(`^absence\\s+(\\w+)\\s+${DAY}\\s+${TIME}\\s+(?:to|-)\\s+${DAY}\\s+${TIME}(?:\\s+([A-Za-z_]+(?:/[A-Za-z_+-]+)+|UTC))?$`, 'i');
const weekday = (d: string) => (d.charAt(0).toUpperCase() + d.slice(1, 3).toLowerCase()) as Weekday;
const hhmm = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;

export interface GmCommandsRead {
  readonly commands: GmCommand[];
  /** Lines that look like commands but are not one (line number, text). */
  readonly unknown: { line: number; text: string }[];
}

const POWER = `(${POWERS.join('|')})`;
const EXTEND_POWER = new RegExp(`^extend\\s+${POWER}(\\s+\\d{1,3}\\s*(h|hours?)?)?$`, 'i');
const REFUSE_POWER = new RegExp(`^refuse\\s+extension\\s+${POWER}$`, 'i');
const COMMAND_WORD = /^(process|status|help|extend|refuse|deadline|rollback|replace|absence|calendar|holidays?|agree|disagree|approve)\b/i;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(Z|[+-]\d\d:?\d\d)$/i;
const CALENDAR_FORM = 'CALENDAR [MOVEMENT <hours>] [RETREAT <hours>] [ADJUSTMENT <hours>] [REMINDERS 48,24,6|NONE] [DIGESTS 24,2|NONE] [DIGEST-TIMES 08:00,20:00|NONE]';

/** The `CALENDAR` line's settings, every part that cannot be read named with its accepted form. Pure. */
export function readCalendarSettings(rest: string): { settings: CalendarSettingsAsked; problems: string[] } {
  const words = rest.trim().split(/\s+/).filter((w) => w !== '');
  const settings: { -readonly [K in keyof CalendarSettingsAsked]: CalendarSettingsAsked[K] } = {};
  const problems: string[] = [];
  const hours = (key: string, v: string | undefined, max: number): number | undefined => {
    const n = Number(v);
    if (v !== undefined && /^\d+$/.test(v) && n >= 1 && n <= max) return n;
    problems.push(`${key} ${v ?? ''}`.trim() + `: give a whole number of hours from 1 to ${max}, e.g. ${key} 72`);
    return undefined;
  };
  const leads = (key: string, v: string | undefined): number[] | undefined => {
    if (v !== undefined && /^none$/i.test(v)) return [];
    const parts = (v ?? '').split(',');
    const out = parts.map(Number);
    if (v === undefined || parts.some((p) => !/^\d+$/.test(p)) || out.some((n) => n < 1 || n > 336)) {
      problems.push(`${key} ${v ?? ''}`.trim() + `: give hours before the deadline separated by commas, e.g. ${key} 48,24,6 (or NONE)`);
      return undefined;
    }
    return [...new Set(out)].sort((a, b) => b - a);
  };
  for (let i = 0; i < words.length; i += 2) {
    const key = words[i]!.toUpperCase();
    const v = words[i + 1];
    if (/^MOVEMENTS?$/.test(key)) { const h = hours('MOVEMENT', v, 24 * 28); if (h) settings.movementHours = h; }
    else if (/^RETREATS?$/.test(key)) { const h = hours('RETREAT', v, 24 * 28); if (h) settings.retreatHours = h; }
    else if (/^ADJUSTMENTS?$/.test(key)) { const h = hours('ADJUSTMENT', v, 24 * 28); if (h) settings.adjustmentHours = h; }
    else if (key === 'REMINDERS') { const l = leads('REMINDERS', v); if (l) settings.reminders = l; }
    else if (key === 'DIGESTS') { const l = leads('DIGESTS', v); if (l) settings.digests = l; }
    else if (key === 'DIGEST-TIMES') {
      const parts = (v ?? '').split(',');
      if (v !== undefined && /^none$/i.test(v)) settings.digestTimes = [];
      else if (v !== undefined && parts.every((p) => /^([01]\d|2[0-3]):[0-5]\d$/.test(p))) settings.digestTimes = [...new Set(parts)].sort();
      else problems.push(`DIGEST-TIMES ${v ?? ''}`.trim() + ': give times of day in your zone as HH:MM, e.g. DIGEST-TIMES 08:00,20:00 (or NONE)');
    } else {
      problems.push(`"${words[i]}" is not a calendar setting: write ${CALENDAR_FORM}`);
      i -= 1; // read the next word as a key
    }
  }
  return { settings, problems };
}

/** A `HOLIDAY` line read; problems name the part that is wrong. Pure. */
function readHoliday(t: string): Extract<GmCommand, { kind: 'holiday' }> {
  const form = 'HOLIDAY <name> FROM 2030-12-24T00:00Z TO 2030-12-27T00:00Z [MAX 72]';
  const m = /^holiday\s+(.+?)\s+from\s+(\S+)\s+to\s+(\S+)(?:\s+max\s+(\S+))?$/i.exec(t);
  if (!m) return { kind: 'holiday', name: t.replace(/^holiday\s*/i, '').split(/\s+from\s+/i)[0]!, problems: [`write ${form}`] };
  const problems: string[] = [];
  const name = m[1]!.replace(/^"(.*)"$/, '$1').trim();
  for (const [key, v] of [['FROM', m[2]!], ['TO', m[3]!]] as const) {
    if (!INSTANT.test(v) || Number.isNaN(new Date(v).getTime())) problems.push(`${key} ${v}: give an instant with its zone, e.g. 2030-12-24T00:00Z`);
  }
  const max = m[4] === undefined ? undefined : Number(m[4]);
  if (max !== undefined && (!Number.isInteger(max) || max < 1 || max > 24 * 28)) problems.push(`MAX ${m[4]}: give a whole number of hours from 1 to ${24 * 28}`);
  return { kind: 'holiday', name, from: m[2]!.toUpperCase(), to: m[3]!.toUpperCase(), ...(max !== undefined && problems.length === 0 ? { maxHours: max } : {}), problems };
}
const isPower = (w: string) => (POWERS as readonly string[]).includes(w.toUpperCase());

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
    else if (/^web$/i.test(t)) commands.push({ kind: 'web' });
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
    else if (ABSENCE.test(t) && isPower(ABSENCE.exec(t)![1]!)) {
      const m = ABSENCE.exec(t)!;
      commands.push({ kind: 'absence', power: m[1]!.toUpperCase(), from: { day: weekday(m[2]!), time: hhmm(m[3]!, m[4]!) }, to: { day: weekday(m[5]!), time: hhmm(m[6]!, m[7]!) }, ...(m[8] ? { zone: m[8] } : {}), clear: false });
    } else if (/^absence\s+\w+\s+clear$/i.test(t) && isPower(t.split(/\s+/)[1]!)) {
      commands.push({ kind: 'absence', power: t.split(/\s+/)[1]!.toUpperCase(), clear: true });
    } else if (/^replace\s+\w+\s+back$/i.test(t) && isPower(t.split(/\s+/)[1]!)) {
      commands.push({ kind: 'replace', power: t.split(/\s+/)[1]!.toUpperCase(), endTemporary: true });
    } else if (/^replace\s+(\w+)\s+([^@\s]+@[^@\s]+)\s+(.+?)(?:\s+until\s+([SFW]\d{4}[MRA]))?$/i.test(t) && isPower(t.split(/\s+/)[1]!)) {
      const m = /^replace\s+(\w+)\s+([^@\s]+@[^@\s]+)\s+(.+?)(?:\s+until\s+([SFW]\d{4}[MRA]))?$/i.exec(t)!;
      commands.push({ kind: 'replace', power: m[1]!.toUpperCase(), email: m[2]!, name: m[3]!.trim(), ...(m[4] ? { untilPhase: m[4].toUpperCase() } : {}), endTemporary: false });
    } else if (/^rollback\s+([SFW]\d{4}[MRA])\b\s*[:-]?\s*(td[- ]approval\b:?\s*)?(.*)$/i.test(t) && !subject) {
      const m = /^rollback\s+([SFW]\d{4}[MRA])\b\s*[:-]?\s*(td[- ]approval\b:?\s*)?(.*)$/i.exec(t)!;
      const rest = (m[3] ?? '').trim();
      commands.push({ kind: 'rollback', phase: m[1]!.toUpperCase(), reason: m[2] ? '' : rest, ...(m[2] && rest ? { tdApproval: rest } : {}) });
    } else if (/^(approve|refuse)\s+rollback\s+([SFW]\d{4}[MRA])\b\s*:?\s*(.*)$/i.test(t)) {
      const m = /^(approve|refuse)\s+rollback\s+([SFW]\d{4}[MRA])\b\s*:?\s*(.*)$/i.exec(t)!;
      commands.push({ kind: 'rollback-answer', phase: m[2]!.toUpperCase(), approve: m[1]!.toLowerCase() === 'approve', note: m[3]!.trim() });
    }
    else if (/^calendar(\s+.*)?$/i.test(t) && !(subject && readCalendarSettings(t.slice('calendar'.length)).problems.length > 0)) {
      const r = readCalendarSettings(t.slice('calendar'.length));
      commands.push({ kind: 'calendar', settings: r.settings, problems: r.problems });
    } else if (/^holidays$/i.test(t)) commands.push({ kind: 'holidays' });
    else if (/^holiday\s+\S/i.test(t) && !subject) commands.push(readHoliday(t));
    else if (/^(agree|disagree)(?:\s+(?:to\s+)?(?:(?:the\s+)?house[- ]rule\s+|proposal\s+)?(?:#?(\d{1,9})|(D\.[IVX]+\(\d+\))))?$/i.test(t)) {
      const m = /^(agree|disagree)(?:\s+(?:to\s+)?(?:(?:the\s+)?house[- ]rule\s+|proposal\s+)?(?:#?(\d{1,9})|(D\.[IVX]+\(\d+\))))?$/i.exec(t)!;
      commands.push({ kind: 'agree', agrees: m[1]!.toLowerCase() === 'agree', ...(m[2] ? { proposalId: Number(m[2]) } : {}), ...(m[3] ? { rule: m[3].toUpperCase().replace(/^D\./, 'D.') } : {}) });
    }
    else if (COMMAND_WORD.test(t) && !subject) unknown.push({ line, text: t });
  }
  return { commands, unknown };
}

/**
 * The GM's and the TD's email commands as the manual shows them (docs/reference.md, "Email: GMs and
 * TDs"), each with an example {@link readGmCommands} reads as that kind (test/docs/command-reference.test.ts).
 */
export const GM_COMMAND_FORMS: { readonly [K in GmCommand['kind']]: readonly CommandForm[] } = {
  process: [
    { form: 'PROCESS <PHASE>', example: 'PROCESS S1901M' },
    { form: 'PROCESS <PHASE> OVERRIDE <why>', example: 'PROCESS F1901M OVERRIDE TD ruling 12 May' },
  ],
  status: [{ form: 'STATUS', example: 'STATUS' }],
  help: [{ form: 'HELP', example: 'HELP' }],
  web: [{ form: 'WEB', example: 'WEB' }],
  extend: [
    { form: 'EXTEND <hours>', example: 'EXTEND 24' },
    { form: 'EXTEND <POWER> [<hours>]', example: 'EXTEND ITALY 12' },
    { form: 'REFUSE EXTENSION <POWER>', example: 'REFUSE EXTENSION ITALY' },
  ],
  deadline: [{ form: 'DEADLINE <instant> [CONSENT]', example: 'DEADLINE 2030-05-10T18:00Z CONSENT' }],
  absence: [
    { form: 'ABSENCE <POWER> <day> <HH:MM> TO <day> <HH:MM> [<zone>]', example: 'ABSENCE ENGLAND FRI 17:00 TO MON 09:00 America/New_York' },
    { form: 'ABSENCE <POWER> CLEAR', example: 'ABSENCE ENGLAND CLEAR' },
  ],
  replace: [
    { form: 'REPLACE <POWER> <address> <name> [UNTIL <PHASE>]', example: 'REPLACE ITALY rita@example.org Rita Rossi UNTIL F1903M' },
    { form: 'REPLACE <POWER> BACK', example: 'REPLACE ITALY BACK' },
  ],
  rollback: [{ form: 'ROLLBACK <PHASE> <why>', example: 'ROLLBACK S1902M the Fall retreat was misread' }],
  'rollback-answer': [
    { form: 'APPROVE ROLLBACK <PHASE> <note>', example: 'APPROVE ROLLBACK S1902M agreed by phone' },
    { form: 'REFUSE ROLLBACK <PHASE> <why>', example: 'REFUSE ROLLBACK S1902M the order was clear' },
  ],
  calendar: [
    { form: 'CALENDAR', example: 'CALENDAR' },
    { form: CALENDAR_FORM, example: 'CALENDAR MOVEMENT 72 REMINDERS 48,24 DIGEST-TIMES 08:00' },
  ],
  holidays: [{ form: 'HOLIDAYS', example: 'HOLIDAYS' }],
  holiday: [{ form: 'HOLIDAY <name> FROM <instant> TO <instant> [MAX <hours>]', example: 'HOLIDAY Christmas 2030 FROM 2030-12-24T00:00Z TO 2030-12-27T00:00Z MAX 72' }],
  agree: [
    { form: 'AGREE [<rule> | #<proposal>]', example: 'AGREE D.VII(3)' },
    { form: 'DISAGREE [<rule> | #<proposal>]', example: 'DISAGREE #4' },
  ],
};
