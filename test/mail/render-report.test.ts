/** Rendered emails are part of the contract: a representative game with every kind of outcome. */
import { describe, expect, it } from 'vitest';
import { adjudicate, parseOrder, type Power } from '../../src/diplomacy/index.js';
import { buildReportContext } from '../../src/mail/outbound/report-context.js';
import { renderMail } from '../../src/mail/outbound/render.js';
import { position } from '../helpers/position.js';

const game = { id: 'wm-r1-b7', board: 'Board 7', address: 'wm-r1-b7@judge.example.org' };

describe('adjudication-report.hbs', () => {
  it('a Fall turn with moves, bounces, a cut support, a dislodgement, a convoy and an illegal order', () => {
    const state = position('F1901M', {
      ENGLAND: ['F NTH', 'A YOR', 'F ENG'],
      FRANCE: ['A BUR', 'A PAR', 'F MAO'],
      GERMANY: ['A MUN', 'A RUH', 'F HOL'],
    });
    const written: [Power, string][] = [
      ['ENGLAND', 'A Yor - Bel'], ['ENGLAND', 'F NTH C A YOR - BEL'], ['ENGLAND', 'F Eng - Pic'],
      ['FRANCE', 'A BUR - MUN'], ['FRANCE', 'A PAR S A BUR - MUN'], ['FRANCE', 'A Par - Mos'], ['FRANCE', 'F MAO - BRE'],
      ['GERMANY', 'A RUH - BUR'], ['GERMANY', 'F HOL S A YOR - BEL'],
    ];
    const orders = written.map(([power, text]) => ({ power, order: (parseOrder(text) as { ok: true; order: never }).order }));
    const out = adjudicate(state, orders);
    const input = {
      game, phase: state.phase, results: out.results, writtenLines: written.map((w) => w[1]), after: out.state, next: out.next,
      nmr: ['AUSTRIA', 'ITALY', 'RUSSIA', 'TURKEY'] as Power[], deadline: new Date('2026-03-09T18:00:00Z'),
    };
    const mail = renderMail('adjudication-report', buildReportContext(input, 'America/New_York'));
    expect(mail.subject).toBe('[wm-r1-b7] Fall 1901 Movement (F1901M) results');
    expect(mail.text).toMatchSnapshot();
  });
});
