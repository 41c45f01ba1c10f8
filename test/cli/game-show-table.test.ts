/**
 * `game show`'s table of powers (issue 16): a long name and address no longer run the Player column
 * into the SCs column. Pure: the table is built by `powerTable`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { powerTable, type PowerRow } from '../../src/cli/commands/game-show.js';

const row = (power: string, player: string, centers = 3): PowerRow => ({ power, player, centers, orders: 'final', units: ['A VIE', 'A BUD', 'F TRI'] });

/** Where each column starts on the header line. */
const starts = (header: string) => ['Player', 'SCs', 'Orders', 'Units'].map((h) => header.indexOf(h));

describe('game show: the table of powers', () => {
  it('keeps SCs in its own column when a name and address are long', () => {
    const long = 'Maximilian Alexander von Habsburg-Lothringen <maximilian.von.habsburg-lothringen@very-long-domain.example.org> [stand-in Another Long Name]';
    const [header, ...lines] = powerTable([row('AUSTRIA', long, 5), row('ENGLAND', 'Ed <ed@example.org>')]);
    const [, sc, orders] = starts(header!);
    expect(lines[0]!.slice(sc!, sc! + 3).trim()).toBe('5');
    expect(lines[0]![sc! - 1]).toBe(' ');
    expect(lines[0]![sc! - 2]).toBe(' ');
    expect(lines[0]!.slice(orders!, orders! + 5)).toBe('final');
    expect(lines[1]!.slice(sc!, sc! + 3).trim()).toBe('3');
  });

  it('every cell starts at its header, with at least two spaces before it, whatever the lengths', () => {
    const text = fc.string({ minLength: 0, maxLength: 120 }).map((s) => s.replace(/[\s]/g, 'x'));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.integer({ min: 0, max: 34 })), { minLength: 1, maxLength: 7 }), (players) => {
        const rows = players.map(([p, c], i) => row(['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'][i]!, p === '' ? '(vacant)' : p, c));
        const [header, ...lines] = powerTable(rows);
        const [player, sc, orders, units] = starts(header!);
        lines.forEach((line, i) => {
          expect(line.slice(player!, sc!).trimEnd()).toBe(rows[i]!.player);
          expect(line.slice(sc! - 2, sc!)).toBe('  ');
          expect(line.slice(sc!, orders!).trimEnd()).toBe(String(rows[i]!.centers));
          expect(line.slice(orders!, units!).trimEnd()).toBe('final');
          expect(line.slice(units!)).toBe('A VIE, A BUD, F TRI');
        });
      }),
    );
  });
});
