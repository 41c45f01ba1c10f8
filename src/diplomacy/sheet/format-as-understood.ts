/**
 * The "as understood" text of a sheet: every line the player wrote next to what the judge will
 * adjudicate (D.VIII(4) publishes orders as written), then the problems with their lines, the units
 * still unordered, and the Final/preliminary status. Plain text; used by the acknowledgement email and
 * by `mailjudge check-orders`.
 */
import { MAX_ACK_LINES_SHOWN, MAX_ACK_PROBLEMS_SHOWN } from '../../rules/limits.js';
import type { Power } from '../index.js';
import type { OrderSheet, SheetLine } from './types.js';

const WIDTH = 34;

/** A request's name as a player reads it (issue 28: no internal codes such as `othersOrders`). */
function requestWords(kind: string): string {
  return kind === 'othersOrders' ? "another power's orders" : kind === 'perpetual' ? 'perpetual orders' : kind;
}

function note(l: SheetLine): string {
  switch (l.kind) {
    case 'order': return l.understood ?? '';
    case 'replaced': return `(replaced by a later order) ${l.understood ?? ''}`.trim();
    case 'notUsed': return `(not used) ${l.understood ?? ''}`.trim();
    case 'issue': return '(not understood, see below)';
    case 'press': return l.understood ? `(${l.understood})` : '';
    case 'vote': return `(${l.understood ?? 'vote'})`;
    case 'request': return `(request: ${requestWords(l.understood ?? '')})`;
    case 'mark': return `(marked ${l.understood ?? ''})`;
    case 'declaration': return `(${l.understood ?? 'a set'})`;
    case 'text': return `(set aside: ${l.understood ?? 'conversation'}, not read as an order)`;
  }
}

/** What happens to units left without an order, in the words of the phase (D.III(4), D.V, D.VII(6)(c)). */
function unorderedNote(phaseName: string): string {
  const kind = phaseName.slice(-1);
  return kind === 'R' ? 'Dislodged units without a retreat order (they will be disbanded)' : 'Unordered units (they will hold)';
}

function clip(s: string, n: number): string {
  return s.length <= n ? s.padEnd(n) : `${s.slice(0, n - 1)}…`;
}

/** Format the sheet for `power` as the lines of an acknowledgement (no trailing newline). */
export function formatAsUnderstood(sheet: OrderSheet, power: Power, phaseName: string): string {
  const out: string[] = [];
  if (sheet.isSet) {
    out.push(`Orders for ${power}, ${phaseName}: ${sheet.final ? 'FINAL' : 'PRELIMINARY'}`);
    if (!sheet.final) out.push('  (orders are preliminary until a set is marked "Final" in the subject or the body, D.II(1))');
  } else {
    out.push(`Not an order set for ${power}, ${phaseName}: this message holds no order the judge understood for your own units,`);
    out.push('so it does not replace any set you sent before (D.III(3)).');
    if (sheet.final) out.push('  (a "Final" mark needs the orders with it: send the whole set again marked Final, D.II(1))');
  }
  out.push('');
  // Every line of your own text, and what became of it (press text under its header is not repeated).
  const shown = sheet.lines.filter((l) => !(l.kind === 'press' && !l.understood));
  if (shown.length > 0) {
    out.push(`line  ${'you wrote'.padEnd(WIDTH)}  the judge will adjudicate`);
    for (const l of shown.slice(0, MAX_ACK_LINES_SHOWN)) out.push(`${String(l.line).padStart(4)}  ${clip(l.written.trim(), WIDTH)}  ${note(l)}`.trimEnd());
    // Issue 25 (6): a reply quotes what a person can read, never a copy of a long message.
    const rest = shown.slice(MAX_ACK_LINES_SHOWN);
    if (rest.length > 0) out.push(`  … and ${rest.length} more line${rest.length === 1 ? '' : 's'} (${rest[0]!.line} to ${rest[rest.length - 1]!.line}) not shown here`);
  } else out.push('No orders were found in this message.');
  if (sheet.isSet) {
    out.push('');
    if (sheet.orders.length === 0 && sheet.declaration === 'holdAll' && sheet.unordered.length > 0) {
      // Issue 28: HOLD ALL is shown as the holds it stands for, as the results will publish them.
      out.push(`Orders the judge holds from this set (HOLD ALL: ${sheet.unordered.length}):`);
      for (const u of sheet.unordered) out.push(`  ${u} H`);
    } else {
      out.push(`Orders the judge holds from this set (${sheet.orders.length}):`);
      for (const o of sheet.orders) out.push(`  ${o.text}`);
      if (sheet.orders.length === 0) out.push(`  (none${sheet.declaration === 'holdAll' ? ': every unit holds' : ''})`);
      if (sheet.unordered.length > 0) out.push(`${unorderedNote(phaseName)}: ${sheet.unordered.join(', ')}`);
    }
  }
  if (sheet.issues.length > 0) {
    out.push('');
    out.push('Problems:');
    // Issue 25 (6): the same problem on many lines is said once with its lines, and at most
    // MAX_ACK_PROBLEMS_SHOWN different problems are listed, then a count.
    const groups = new Map<string, { lines: number[]; severity: string; message: string }>();
    for (const i of sheet.issues) {
      const key = `${i.severity}\u0000${i.message}`;
      const g = groups.get(key) ?? { lines: [], severity: i.severity, message: i.message };
      g.lines.push(i.line);
      groups.set(key, g);
    }
    const listed = [...groups.values()];
    for (const g of listed.slice(0, MAX_ACK_PROBLEMS_SHOWN)) {
      const where = g.lines.length === 1 ? `line ${g.lines[0]}` : `lines ${g.lines.slice(0, 5).join(', ')}${g.lines.length > 5 ? ` and ${g.lines.length - 5} more` : ''}`;
      out.push(`  ${where}${g.severity === 'warning' ? ' (warning)' : ''}: ${g.message}`);
    }
    const rest = listed.slice(MAX_ACK_PROBLEMS_SHOWN);
    if (rest.length > 0) {
      const lines = rest.reduce((n, g) => n + g.lines.length, 0);
      out.push(`  … and ${rest.length} more problem${rest.length === 1 ? '' : 's'} on ${lines} line${lines === 1 ? '' : 's'}, not listed here (send fewer lines to see each one)`);
    }
  }
  const extras: string[] = [];
  if (sheet.press.length > 0) extras.push(`${sheet.press.length} press message${sheet.press.length === 1 ? '' : 's'}`);
  if (sheet.votes.length > 0) extras.push(`${sheet.votes.length} vote${sheet.votes.length === 1 ? '' : 's'} or proposal${sheet.votes.length === 1 ? '' : 's'}`);
  if (sheet.requests.length > 0) extras.push(`requests: ${sheet.requests.map((r) => requestWords(r.kind)).join(', ')}`);
  if (extras.length > 0) {
    out.push('');
    out.push(`Also in this message: ${extras.join('; ')}.`);
  }
  return out.join('\n');
}
