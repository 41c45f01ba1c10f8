/**
 * A judge's ruling that moves or changes an army, with its reason (1.3: "anything the battle judge
 * says is law"; 3.3.3: the Movement Judge's calls; 5.4.1: troop losses as a punishment). Pure.
 *
 *     RULING Sai Rei: at 12F; days 0 BECAUSE the post of turn 3 was misread
 *     RULING Gix: alive Plague Rats 3000 BECAUSE 5.4.1: strategy for an army he did not control
 *     RULING Husk: remove BECAUSE the player left and the army was disbanded
 */
import type { Army } from './armies/army.js';
import { keyOf, parseSquare, type SquareKey } from './world/square.js';
import type { CommandForm } from '../rules/command-form.js';

export type RulingChange =
  | { readonly kind: 'at'; readonly square: SquareKey }
  | { readonly kind: 'days'; readonly days: number }
  | { readonly kind: 'alive'; readonly creature: string; readonly alive: number }
  | { readonly kind: 'remove' };

export interface Ruling {
  readonly line: number;
  readonly army: string;
  readonly changes: readonly RulingChange[];
  readonly reason: string;
  readonly written: string;
}

/** The ruling line as the manual shows it (docs/reference.md), with an example {@link readRuling} reads. */
export const RULING_COMMAND: CommandForm = { form: 'RULING <army>: <change>; <change> BECAUSE <reason>', example: 'RULING Sai Rei: at 12F; days 0 BECAUSE the post was misread' };

export const RULING_FORM = `${RULING_COMMAND.form}, the changes "at <square>", "days <n>", "alive <creature> <n>" or "remove", e.g. "${RULING_COMMAND.example}"`;

/** A RULING line, or a problem naming what is wrong; null when the line is no ruling. */
export function readRuling(text: string, line: number): { ok: true; ruling: Ruling } | { ok: false; message: string } | null {
  const t = text.trim();
  const m = /^ruling\s+(.+?)\s*:\s*(.+?)\s+because\s+(.+)$/i.exec(t);
  if (!/^ruling\b/i.test(t)) return null;
  if (!m) return { ok: false, message: `a ruling names the army, the changes and the reason; the accepted form is ${RULING_FORM}` };
  const changes: RulingChange[] = [];
  for (const part of m[2]!.split(/\s*;\s*/)) {
    let c: RegExpExecArray | null;
    if ((c = /^at\s+(\S+)$/i.exec(part))) {
      const sq = parseSquare(c[1]!);
      if (!sq) return { ok: false, message: `"${c[1]}" is not a square; the accepted form is ${RULING_FORM}` };
      changes.push({ kind: 'at', square: keyOf(sq) });
    } else if ((c = /^days\s+(\d+)$/i.exec(part))) changes.push({ kind: 'days', days: Number(c[1]) });
    else if ((c = /^alive\s+(.+?)\s+(\d+)$/i.exec(part))) changes.push({ kind: 'alive', creature: c[1]!, alive: Number(c[2]) });
    else if (/^remove$/i.test(part)) changes.push({ kind: 'remove' });
    else return { ok: false, message: `"${part}" is not a change; the accepted form is ${RULING_FORM}` };
  }
  return { ok: true, ruling: { line, army: m[1]!, changes, reason: m[3]!.trim(), written: t } };
}

/** The ruling applied to the armies, with what changed in words; or the problems. */
export function applyRuling(armies: readonly Army[], r: Ruling): { ok: true; armies: Army[]; army: string; done: string[] } | { ok: false; message: string } {
  const i = armies.findIndex((a) => a.name.trim().toLowerCase() === r.army.trim().toLowerCase());
  if (i < 0) return { ok: false, message: `no army "${r.army}" in this game` };
  let a = armies[i]!;
  const done: string[] = [];
  let removed = false;
  for (const c of r.changes) {
    if (c.kind === 'remove') { removed = true; done.push('removed from the map'); continue; }
    if (c.kind === 'at') {
      const friend = armies.find((o) => o !== armies[i] && o.at === c.square && o.team === a.team);
      if (friend) return { ok: false, message: `${friend.name}, a friendly army, stands on ${c.square}: two friendly armies can never share a square (3.3.1)` };
      done.push(`moved from ${a.at} to ${c.square}`);
      a = { ...a, at: c.square };
    } else if (c.kind === 'days') {
      done.push(`day count ${a.days ?? 0} → ${c.days}`);
      a = { ...a, days: c.days };
    } else {
      const troops = a.troops ?? [];
      const j = troops.findIndex((x) => x.creature.toLowerCase() === c.creature.toLowerCase());
      if (j < 0) return { ok: false, message: `${a.name} has no "${c.creature}"${troops.length ? ` (its creatures: ${troops.map((x) => x.creature).join(', ')})` : ''}` };
      const x = troops[j]!;
      if (c.alive > x.count) return { ok: false, message: `${a.name} was made with ${x.count} ${x.creature}: no more can be alive (2.1)` };
      done.push(`${x.creature} alive ${x.alive} → ${c.alive}`);
      a = { ...a, troops: troops.map((y, k) => (k === j ? { ...y, alive: c.alive } : y)) };
    }
  }
  const out = removed ? armies.filter((_, k) => k !== i) : armies.map((o, k) => (k === i ? a : o));
  return { ok: true, armies: out, army: armies[i]!.name, done };
}
