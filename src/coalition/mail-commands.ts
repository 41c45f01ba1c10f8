/**
 * What a Coalition player's message holds besides movement orders: control-list requests (5.2.2),
 * authority transfers (5.2.2.1), STATUS and HELP. Command lines are taken out (blanked, so the
 * posts parser's line numbers stay those of the message) and the rest is left to the posts parser.
 */
import type { CommandForm } from '../rules/command-form.js';

export type CoalitionCommand =
  | { readonly kind: 'control'; readonly line: number; readonly army: string; readonly to: string | null; readonly written: string }
  | { readonly kind: 'authority'; readonly line: number; readonly to: string; readonly written: string }
  /** 5.2.3: the contingency section of the control list: `CONTINGENCY Sai Rei IS Darkhand5` (or `NONE`). */
  | { readonly kind: 'contingency'; readonly line: number; readonly player: string; readonly contingency: string | null; readonly written: string }
  /** 3.2.4.2: the creatures of a transfer: `TRANSFER 500 Llanowar Elves, 200 Wall of Wood FROM Proxy1 TO Ann`. */
  | { readonly kind: 'transferTroops'; readonly line: number; readonly from: string; readonly to: string; readonly troops: readonly { creature: string; count: number }[]; readonly written: string }
  /** 2.3.2: a new troop makeup at a base: `TROOPS Sai Rei: 5000 Kris Mage red 1/1; 2500 Grizzly Bears green 2/2`. */
  | { readonly kind: 'troops'; readonly line: number; readonly army: string; readonly makeup: string; readonly written: string }
  /** 6.3.2: the Mercenary Judge's After Lock Edit: `EDIT Raider1: 24G > 26G; engage Sai Rei`, or `NO EDIT`. */
  | { readonly kind: 'edit'; readonly line: number; readonly army: string; readonly order: string; readonly written: string }
  | { readonly kind: 'noEdit'; readonly line: number; readonly written: string }
  /** 6.3.2 Disband: the Mercenary Judge's Raider takes this movement turn to leave the map: `DISBAND Raider1`. */
  | { readonly kind: 'disband'; readonly line: number; readonly army: string; readonly written: string }
  /** 6.3.2: the Mercenary Judge places a spawned Raider: `PLACE Raider T3 AT 24G`. */
  | { readonly kind: 'place'; readonly line: number; readonly army: string; readonly square: string; readonly written: string }
  | { readonly kind: 'status'; readonly line: number }
  | { readonly kind: 'help'; readonly line: number };

const CONTROL = /^\s*control\s+(.+?)\s+(?:to|->|=>)\s+(.+?)\s*\.?\s*$/i;
const CONTINGENCY = /^\s*contingency\s+(?:for\s+)?(.+?)\s*(?:\bis\b|\bto\b|->|=>|:)\s*(.+?)\s*\.?\s*$/i;
const TRANSFER_TROOPS = /^\s*transfer\s+(\d+\s+.+?)\s+from\s+(.+?)\s+to\s+(.+?)\s*\.?\s*$/i;
const TROOPS = /^\s*troops\s+(?:for\s+)?(.+?)\s*:\s*(.*?)\s*\.?\s*$/i;
const PLACE = /^\s*place\s+(.+?)\s+at\s+(\S+?)\s*\.?\s*$/i;
const EDIT = /^\s*edit\s+([^:]+?)\s*:\s*(.+?)\s*$/i;
const AUTHORITY = /^\s*authority\s+(?:to\s+)?(.+?)\s*\.?\s*$/i;

/** The commands in `text` and the text left for the posts parser (command lines blanked). */
export function readCoalitionCommands(text: string): { commands: CoalitionCommand[]; rest: string } {
  const commands: CoalitionCommand[] = [];
  const lines = text.split(/\r?\n/);
  const rest = lines.map((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    let m: RegExpExecArray | null;
    if (/^status\.?$/i.test(t)) commands.push({ kind: 'status', line });
    else if (/^help\.?$/i.test(t)) commands.push({ kind: 'help', line });
    else if ((m = /^\s*disband\s+(.+?)\s*\.?\s*$/i.exec(t))) commands.push({ kind: 'disband', line, army: m[1]!.trim(), written: t });
    else if ((m = PLACE.exec(t))) commands.push({ kind: 'place', line, army: m[1]!.trim(), square: m[2]!, written: t });
    else if (/^no\s+edit\.?$/i.test(t)) commands.push({ kind: 'noEdit', line, written: t });
    else if ((m = EDIT.exec(t))) commands.push({ kind: 'edit', line, army: m[1]!.trim(), order: `${m[1]!.trim()}: ${m[2]!}`, written: t });
    else if ((m = TROOPS.exec(t))) commands.push({ kind: 'troops', line, army: m[1]!.trim(), makeup: m[2]!, written: t });
    else if ((m = TRANSFER_TROOPS.exec(t)) && m[1]!.split(',').every((x) => /^\s*\d+\s+\S/.test(x))) {
      const troops = m[1]!.split(',').map((x) => /^\s*(\d+)\s+(.+?)\s*$/.exec(x)!).map((x) => ({ creature: x[2]!, count: Number(x[1]) }));
      commands.push({ kind: 'transferTroops', line, from: m[2]!.trim(), to: m[3]!.trim(), troops, written: t });
    } else if ((m = CONTINGENCY.exec(t))) commands.push({ kind: 'contingency', line, player: m[1]!.trim(), contingency: /^(nobody|no one|none)$/i.test(m[2]!) ? null : m[2]!.trim(), written: t });
    else if ((m = CONTROL.exec(t))) commands.push({ kind: 'control', line, army: m[1]!.trim(), to: /^(nobody|no one|none)$/i.test(m[2]!) ? null : m[2]!.trim(), written: t });
    else if ((m = AUTHORITY.exec(t))) commands.push({ kind: 'authority', line, to: m[1]!.trim(), written: t });
    else return raw;
    return '';
  });
  return { commands, rest: rest.join('\n') };
}

/**
 * The Coalition players' and the Mercenary Judge's command lines as the manual shows them
 * (docs/reference.md, "Email: Coalition players and the Mercenary Judge"), each with an example
 * {@link readCoalitionCommands} reads as that kind (test/docs/command-reference.test.ts).
 */
export const COALITION_COMMAND_FORMS: { readonly [K in CoalitionCommand['kind']]: readonly CommandForm[] } = {
  control: [{ form: 'CONTROL <army> TO <player|NOBODY>', example: 'CONTROL Sai Rei TO Darkhand5' }],
  authority: [{ form: 'AUTHORITY TO <player>', example: 'AUTHORITY TO Darkhand5' }],
  contingency: [{ form: 'CONTINGENCY <player> IS <player|NONE>', example: 'CONTINGENCY Sai Rei IS Darkhand5' }],
  transferTroops: [{ form: 'TRANSFER <n> <creature>, ... FROM <army> TO <army>', example: 'TRANSFER 1000 Llanowar Elves, 200 Wall of Wood FROM Proxy1 TO Ann' }],
  troops: [{ form: 'TROOPS <army>: <n> <creature> <colour> <power>/<toughness>; ...', example: 'TROOPS Sai Rei: 5000 Kris Mage red 1/1; 2500 Grizzly Bears green 2/2' }],
  edit: [{ form: 'EDIT <raider>: <move>; engage <army>', example: 'EDIT Raider1: 22H > 21H; engage Proxy1' }],
  noEdit: [{ form: 'NO EDIT', example: 'NO EDIT' }],
  disband: [{ form: 'DISBAND <raider>', example: 'DISBAND Raider1' }],
  place: [{ form: 'PLACE <raider> AT <square>', example: 'PLACE Raider T3 AT 24G' }],
  status: [{ form: 'STATUS', example: 'STATUS' }],
  help: [{ form: 'HELP', example: 'HELP' }],
};
