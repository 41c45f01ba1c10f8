/** The calendar's emails are part of the contract: each template rendered from a representative context. */
import { describe, expect, it } from 'vitest';
import { when } from '../../src/service/notify.js';
import { adjudicate, parseOrder, type Power } from '../../src/diplomacy/index.js';
import { buildReportContext } from '../../src/mail/outbound/report-context.js';
import { renderMail } from '../../src/mail/outbound/render.js';
import { digestFor } from '../../src/diplomacy/calendar/index.js';
import { position } from '../helpers/position.js';

const game = { id: 'wm-r1-b7', board: 'Board 7', address: 'wm-r1-b7@judge.example.org' };
const NY = 'America/New_York';
const deadline = new Date('2030-03-08T18:00:00Z');
const render = (template: string, context: object) => {
  const m = renderMail(template, { game, ...context });
  return `Subject: ${m.subject}\n${m.text}`;
};

describe('calendar emails', () => {
  it('nmr-notice: to the player, the captain and the TD', () => {
    const base = { phase: 'S1902M', power: 'TURKEY', playerName: 'Tarik', contactBy: when(new Date('2030-03-12T18:00:00Z'), 'Europe/Istanbul'), mayOrderRetreats: true, next: 'S1902R', nextDeadline: when(new Date('2030-03-09T18:00:00Z'), 'Europe/Istanbul'), consequence: 'all units hold (D.VII(6)(c))' };
    expect(render('nmr-notice', { ...base, toPlayer: true })).toMatchSnapshot();
    expect(render('nmr-notice', { ...base, toCaptain: true })).toMatchSnapshot();
    expect(render('nmr-notice', { ...base, toTd: true, contactBy: when(new Date('2030-03-12T18:00:00Z'), 'UTC'), nextDeadline: when(new Date('2030-03-09T18:00:00Z'), 'UTC') })).toMatchSnapshot();
  });

  it('nmr-withheld', () => {
    expect(render('nmr-withheld', { phase: 'S1901M', missing: [{ power: 'ITALY', player: 'Ivo' }, { power: 'RUSSIA', player: 'Rada' }], deadline: when(deadline, 'UTC'), noTd: true })).toMatchSnapshot();
  });

  it('replacement-request: every step of B.8', () => {
    const base = { power: 'ITALY', cause: 'NMR in S1902M and no contact with the GM in time, rule D.VII(6)(a)', phase: 'F1902M' };
    expect(render('replacement-request', { ...base, captainDefault: true, toCaptain: true })).toMatchSnapshot();
    expect(render('replacement-request', { ...base, askCaptain: true, until: when(deadline, NY) })).toMatchSnapshot();
    expect(render('replacement-request', { ...base, askReserves: true, toReserve: true, gmEmail: 'gm@example.org', until: when(deadline, 'UTC') })).toMatchSnapshot();
    expect(render('replacement-request', { ...base, civilDisorder: true })).toMatchSnapshot();
  });

  it('reminder: missing and preliminary', () => {
    expect(render('reminder', { phase: 'F1901M', power: 'FRANCE', preliminary: false, deadline: when(deadline, 'Europe/Paris'), timeLeft: '6 hours 0 minutes' })).toMatchSnapshot();
    expect(render('reminder', { phase: 'F1901M', power: 'FRANCE', preliminary: true, deadline: when(deadline, 'UTC'), timeLeft: '1 day 0 hours' })).toMatchSnapshot();
  });

  it("gm-digest: statuses, requests, absences, refusals and alarms, in the GM's zone", () => {
    const digest = digestFor({
      phase: { season: 'F', year: 1901, kind: 'M' },
      now: new Date('2030-03-07T18:00:00Z'),
      nextDeadline: deadline,
      zone: NY,
      powers: [
        { power: 'AUSTRIA', status: 'final', lastSetAt: new Date('2030-03-06T10:00:00Z') },
        { power: 'ENGLAND', status: 'preliminary', lastSetAt: new Date('2030-03-07T09:30:00Z'), absences: [{ from: new Date('2030-03-08T00:00:00Z'), to: new Date('2030-03-08T12:00:00Z') }] },
        { power: 'ITALY', status: 'missing', extensionRequests: [{ at: new Date('2030-03-05T08:00:00Z'), hours: 48, pending: true }] },
        { power: 'TURKEY', status: 'missing', cd: true },
      ],
      votesPending: 1,
      refused: [
        { at: new Date('2030-03-06T11:00:00Z'), kind: 'press', pressKind: 'gray', from: 'author@example.org', reason: 'gray press is not accepted in this game' },
        { at: new Date('2030-03-06T12:00:00Z'), kind: 'orders', from: 'late@example.org', reason: 'late: after the deadline' },
      ],
      alarms: [{ at: new Date('2030-03-06T13:00:00Z'), from: 'forger@evil.example', claimedPower: 'FRANCE', detail: 'identity: dmarc-fail' }],
    });
    const text = render('gm-digest', { digest });
    expect(text).not.toContain('author@example.org'); // D.X(2)
    expect(text).toMatchSnapshot();
  });

  it('deadline-changed, proposal-notice, vote-result', () => {
    expect(render('deadline-changed', { phase: 'S1901M', reason: '24-hour extension for AUSTRIA (D.VII(5))', before: when(new Date('2030-03-07T18:00:00Z'), NY), deadline: when(deadline, NY), later: true })).toMatchSnapshot();
    expect(render('proposal-notice', { what: 'a draw between Austria, England and France', phase: 'S1901M', deadline: when(deadline, 'UTC'), draw: true, houseRule: false })).toMatchSnapshot();
    expect(render('vote-result', { result: 'A draw between Austria, England, France has been agreed.', phase: 'F1902M', showCentres: true, centres: [{ power: 'AUSTRIA', count: 6, centres: 'BUD GRE SER TRI VIE VEN' }, { power: 'ENGLAND', count: 5, centres: 'EDI LON LVP NWY SWE' }] })).toMatchSnapshot();
  });

  it('extension-request, extension-answer, position-change, absence-recorded, calendar-warning', () => {
    expect(render('extension-request', { power: 'ITALY', hours: 48, phase: 'S1901M', askedAt: when(new Date('2030-03-05T08:00:00Z'), 'UTC'), deadline: when(deadline, 'UTC'), remainingHours: 144, requestId: 7 })).toMatchSnapshot();
    expect(render('extension-answer', { phase: 'S1901M', power: 'ITALY', hours: 48, granted: false, reason: 'the turn is simple', deadline: when(deadline, 'Europe/Rome') })).toMatchSnapshot();
    expect(render('position-change', { power: 'GERMANY', incoming: 'Gus', outgoing: 'Greta', temporary: true, untilPhase: 'F1902M', why: 'Greta is travelling' })).toMatchSnapshot();
    expect(render('position-change', { power: 'GERMANY', incoming: 'Greta', outgoing: 'Gus', ended: true })).toMatchSnapshot();
    expect(render('position-change', { power: 'ITALY', incoming: 'Capri', outgoing: 'Ivo', why: 'the team captain, standing in, sent orders and is now the official player (B.8(c))' })).toMatchSnapshot();
    expect(render('absence-recorded', { power: 'ENGLAND', playerName: 'Emma', window: 'Fri 17:00 to Mon 09:00 America/New_York' })).toMatchSnapshot();
    expect(render('calendar-warning', { phase: 'S1902M', warnings: ['the unavailable windows of ENGLAND, FRANCE and others leave no free hour for a deadline within 7 days of 2030-03-15T18:00:00.000Z; a compromise must be found (D.VII(2))'], deadline: when(deadline, 'UTC') })).toMatchSnapshot();
  });
});

describe('adjudication-report.hbs with the calendar', () => {
  it('press under alternative rule A, a failed proposal, and the GM-only notes', () => {
    const state = position('S1901M', { FRANCE: ['A PAR', 'F BRE'], GERMANY: ['A MUN'] });
    const orders = [['FRANCE', 'A PAR - BUR'], ['GERMANY', 'A MUN - BUR']].map(([power, text]) => ({ power: power as Power, order: (parseOrder(text!) as { ok: true; order: never }).order }));
    const out = adjudicate(state, orders);
    const ctx = buildReportContext({
      game, phase: state.phase, results: out.results, writtenLines: ['A Par - Bur', 'A Mun - Bur'], after: out.state, next: out.next, nmr: [], deadline,
      press: [{ author: 'FRANCE', text: 'Paris sends its regards.' }, { text: 'Someone is lying.' }],
      pressHeading: 'Anonymous Press',
      voteResults: ['A draw between France, Germany was proposed and has not been agreed.'],
      notes: ['this turn runs into Easter 2030: any player or the GM may take an uncharged extension, which must be granted (D.VII(5))'],
    }, 'UTC');
    const text = renderMail('adjudication-report', ctx).text;
    expect(text).toContain('  Press from FRANCE:\nParis sends its regards.');
    expect(text).toContain('Anonymous Press:\nSomeone is lying.');
    expect(text).toMatchSnapshot();
  });
});
