/**
 * DATC v3.0 chapters 6.E (head-to-head battles and beleaguered garrisons) and 6.F (convoys),
 * transcribed from the Diplomacy Adjudicator Test Cases by Lucas B. Kruijswijk.
 */
import type { DatcCase } from './datc-case.js';

export const cases: DatcCase[] = [
  // ---------------------------------------------------------------------------------------------
  // 6.E. TEST CASES, HEAD-TO-HEAD BATTLES AND BELEAGUERED GARRISON
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.E.1',
    title: "Dislodged unit has no effect on attacker's area",
    units: {
      GERMANY: ['A BER', 'F KIE', 'A SIL'],
      RUSSIA: ['A PRU'],
    },
    orders: {
      GERMANY: ['A BER - PRU', 'F KIE - BER', 'A SIL S A BER - PRU'],
      RUSSIA: ['A PRU - BER'],
    },
    expect: {
      results: {
        'A BER - PRU': 'succeeds',
        'F KIE - BER': 'succeeds',
        'A SIL S A BER - PRU': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: ['A PRU'],
    },
    note: 'The document says "the army in Kiel will move to Berlin"; the unit in Kiel is a fleet.',
  },
  {
    id: '6.E.2',
    title: 'No self dislodgement in head-to-head battle',
    units: {
      GERMANY: ['A BER', 'F KIE', 'A MUN'],
    },
    orders: {
      GERMANY: ['A BER - KIE', 'F KIE - BER', 'A MUN S A BER - KIE'],
    },
    expect: {
      results: {
        'A BER - KIE': 'fails',
        'F KIE - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.3',
    title: 'No help in dislodging own unit',
    units: {
      GERMANY: ['A BER', 'A MUN'],
      ENGLAND: ['F KIE'],
    },
    orders: {
      GERMANY: ['A BER - KIE', 'A MUN S F KIE - BER'],
      ENGLAND: ['F KIE - BER'],
    },
    expect: {
      results: {
        'A BER - KIE': 'fails',
        'F KIE - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.4',
    title: 'Non-dislodged loser still has effect',
    units: {
      GERMANY: ['F HOL', 'F HEL', 'F SKA'],
      FRANCE: ['F NTH', 'F BEL'],
      ENGLAND: ['F EDI', 'F YOR', 'F NWG'],
      AUSTRIA: ['A KIE', 'A RUH'],
    },
    orders: {
      GERMANY: ['F HOL - NTH', 'F HEL S F HOL - NTH', 'F SKA S F HOL - NTH'],
      FRANCE: ['F NTH - HOL', 'F BEL S F NTH - HOL'],
      ENGLAND: ['F EDI S F NWG - NTH', 'F YOR S F NWG - NTH', 'F NWG - NTH'],
      AUSTRIA: ['A KIE S A RUH - HOL', 'A RUH - HOL'],
    },
    expect: {
      results: {
        'F HOL - NTH': 'fails',
        'F NTH - HOL': 'fails',
        'F NWG - NTH': 'fails',
        'A RUH - HOL': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.5',
    title: 'Loser dislodged by another army still has effect',
    units: {
      GERMANY: ['F HOL', 'F HEL', 'F SKA'],
      FRANCE: ['F NTH', 'F BEL'],
      ENGLAND: ['F EDI', 'F YOR', 'F NWG', 'F LON'],
      AUSTRIA: ['A KIE', 'A RUH'],
    },
    orders: {
      GERMANY: ['F HOL - NTH', 'F HEL S F HOL - NTH', 'F SKA S F HOL - NTH'],
      FRANCE: ['F NTH - HOL', 'F BEL S F NTH - HOL'],
      ENGLAND: ['F EDI S F NWG - NTH', 'F YOR S F NWG - NTH', 'F NWG - NTH', 'F LON S F NWG - NTH'],
      AUSTRIA: ['A KIE S A RUH - HOL', 'A RUH - HOL'],
    },
    expect: {
      results: {
        'F NWG - NTH': 'succeeds',
        'F HOL - NTH': 'fails',
        'F NTH - HOL': 'fails',
        'A RUH - HOL': 'fails',
      },
      dislodged: ['F NTH'],
    },
  },
  {
    id: '6.E.6',
    title: 'Not dislodge because of own support still has effect',
    units: {
      GERMANY: ['F HOL', 'F HEL'],
      FRANCE: ['F NTH', 'F BEL', 'F ENG'],
      AUSTRIA: ['A KIE', 'A RUH'],
    },
    orders: {
      GERMANY: ['F HOL - NTH', 'F HEL S F HOL - NTH'],
      FRANCE: ['F NTH - HOL', 'F BEL S F NTH - HOL', 'F ENG S F HOL - NTH'],
      AUSTRIA: ['A KIE S A RUH - HOL', 'A RUH - HOL'],
    },
    expect: {
      results: {
        'F HOL - NTH': 'fails',
        'F NTH - HOL': 'fails',
        'A RUH - HOL': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.7',
    title: 'No self dislodgement with beleaguered garrison',
    units: {
      ENGLAND: ['F NTH', 'F YOR'],
      GERMANY: ['F HOL', 'F HEL'],
      RUSSIA: ['F SKA', 'F NWY'],
    },
    orders: {
      ENGLAND: ['F NTH H', 'F YOR S F NWY - NTH'],
      GERMANY: ['F HOL S F HEL - NTH', 'F HEL - NTH'],
      RUSSIA: ['F SKA S F NWY - NTH', 'F NWY - NTH'],
    },
    expect: {
      results: {
        'F HEL - NTH': 'fails',
        'F NWY - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.8',
    title: 'No self dislodgement with beleaguered garrison and head-to-head battle',
    units: {
      ENGLAND: ['F NTH', 'F YOR'],
      GERMANY: ['F HOL', 'F HEL'],
      RUSSIA: ['F SKA', 'F NWY'],
    },
    orders: {
      ENGLAND: ['F NTH - NWY', 'F YOR S F NWY - NTH'],
      GERMANY: ['F HOL S F HEL - NTH', 'F HEL - NTH'],
      RUSSIA: ['F SKA S F NWY - NTH', 'F NWY - NTH'],
    },
    expect: {
      results: {
        'F NTH - NWY': 'fails',
        'F HEL - NTH': 'fails',
        'F NWY - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.9',
    title: 'Almost self dislodgement with beleaguered garrison',
    units: {
      ENGLAND: ['F NTH', 'F YOR'],
      GERMANY: ['F HOL', 'F HEL'],
      RUSSIA: ['F SKA', 'F NWY'],
    },
    orders: {
      ENGLAND: ['F NTH - NWG', 'F YOR S F NWY - NTH'],
      GERMANY: ['F HOL S F HEL - NTH', 'F HEL - NTH'],
      RUSSIA: ['F SKA S F NWY - NTH', 'F NWY - NTH'],
    },
    expect: {
      results: {
        'F NTH - NWG': 'succeeds',
        'F NWY - NTH': 'succeeds',
        'F HEL - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.10',
    title: 'Almost circular movement with no self dislodgement with beleaguered garrison',
    units: {
      ENGLAND: ['F NTH', 'F YOR'],
      GERMANY: ['F HOL', 'F HEL', 'F DEN'],
      RUSSIA: ['F SKA', 'F NWY'],
    },
    orders: {
      ENGLAND: ['F NTH - DEN', 'F YOR S F NWY - NTH'],
      GERMANY: ['F HOL S F HEL - NTH', 'F HEL - NTH', 'F DEN - HEL'],
      RUSSIA: ['F SKA S F NWY - NTH', 'F NWY - NTH'],
    },
    expect: {
      results: {
        'F NTH - DEN': 'fails',
        'F HEL - NTH': 'fails',
        'F DEN - HEL': 'fails',
        'F NWY - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.11',
    title: 'No self dislodgement with beleaguered garrison, unit swap with adjacent convoying and two coasts',
    units: {
      FRANCE: ['A SPA', 'F MAO', 'F LYO'],
      GERMANY: ['A MAR', 'A GAS'],
      ITALY: ['F POR', 'F WES'],
    },
    orders: {
      FRANCE: ['A SPA - POR VIA', 'F MAO C A SPA - POR', 'F LYO S F POR - SPA/NC'],
      GERMANY: ['A MAR S A GAS - SPA', 'A GAS - SPA'],
      ITALY: ['F POR - SPA/NC', 'F WES S F POR - SPA/NC'],
    },
    expect: {
      results: {
        'A SPA - POR VIA': 'succeeds',
        'F MAO C A SPA - POR': 'succeeds',
        'F POR - SPA/NC': 'succeeds',
        'A GAS - SPA': 'fails',
      },
      dislodged: [],
      units: {
        FRANCE: ['A POR', 'F MAO', 'F LYO'],
        GERMANY: ['A MAR', 'A GAS'],
        ITALY: ['F SPA/NC', 'F WES'],
      },
    },
    note:
      'The Lyon and Western Mediterranean supports name Spain(nc), which neither fleet can reach; under the document ' +
      '(support needs only reach the province) and under wm D.IV(3)(c) the supports are valid, so Italy wins with 3. ' +
      'The swap is by convoy (the order says "via convoy" and a French fleet convoys), so no adjacent-convoy profile difference.',
  },
  {
    id: '6.E.12',
    title: 'Support on attack on own unit can be used for other means',
    units: {
      AUSTRIA: ['A BUD', 'A SER'],
      ITALY: ['A VIE'],
      RUSSIA: ['A GAL', 'A RUM'],
    },
    orders: {
      AUSTRIA: ['A BUD - RUM', 'A SER S A VIE - BUD'],
      ITALY: ['A VIE - BUD'],
      RUSSIA: ['A GAL - BUD', 'A RUM S A GAL - BUD'],
    },
    expect: {
      results: {
        'A BUD - RUM': 'fails',
        'A SER S A VIE - BUD': 'succeeds',
        'A VIE - BUD': 'fails',
        'A GAL - BUD': 'fails',
        'A RUM S A GAL - BUD': 'succeeds',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.13',
    title: 'Three way beleaguered garrison',
    units: {
      ENGLAND: ['F EDI', 'F YOR'],
      FRANCE: ['F BEL', 'F ENG'],
      GERMANY: ['F NTH'],
      RUSSIA: ['F NWG', 'F NWY'],
    },
    orders: {
      ENGLAND: ['F EDI S F YOR - NTH', 'F YOR - NTH'],
      FRANCE: ['F BEL - NTH', 'F ENG S F BEL - NTH'],
      GERMANY: ['F NTH H'],
      RUSSIA: ['F NWG - NTH', 'F NWY S F NWG - NTH'],
    },
    expect: {
      results: {
        'F YOR - NTH': 'fails',
        'F BEL - NTH': 'fails',
        'F NWG - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.14',
    title: 'Illegal head-to-head battle can still defend',
    units: {
      ENGLAND: ['A LVP'],
      RUSSIA: ['F EDI'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI'],
      RUSSIA: ['F EDI - LVP'],
    },
    expect: {
      results: {
        'A LVP - EDI': 'fails',
        'F EDI - LVP': 'illegal',
      },
      dislodged: [],
    },
  },
  {
    id: '6.E.15',
    title: 'The friendly head-to-head battle',
    units: {
      ENGLAND: ['F HOL', 'A RUH'],
      FRANCE: ['A KIE', 'A MUN', 'A SIL'],
      GERMANY: ['A BER', 'F DEN', 'F HEL'],
      RUSSIA: ['F BAL', 'A PRU'],
    },
    orders: {
      ENGLAND: ['F HOL S A RUH - KIE', 'A RUH - KIE'],
      FRANCE: ['A KIE - BER', 'A MUN S A KIE - BER', 'A SIL S A KIE - BER'],
      GERMANY: ['A BER - KIE', 'F DEN S A BER - KIE', 'F HEL S A BER - KIE'],
      RUSSIA: ['F BAL S A PRU - BER', 'A PRU - BER'],
    },
    expect: {
      results: {
        'A RUH - KIE': 'fails',
        'A KIE - BER': 'fails',
        'A BER - KIE': 'fails',
        'A PRU - BER': 'fails',
      },
      dislodged: [],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // 6.F. TEST CASES, CONVOYS
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.F.1',
    title: 'No convoy in coastal areas',
    units: {
      TURKEY: ['A GRE', 'F AEG', 'F CON', 'F BLA'],
    },
    orders: {
      TURKEY: ['A GRE - SEV', 'F AEG C A GRE - SEV', 'F CON C A GRE - SEV', 'F BLA C A GRE - SEV'],
    },
    expect: {
      results: {
        'F CON C A GRE - SEV': 'illegal',
        'A GRE - SEV': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.F.2',
    title: 'An army being convoyed can bounce as normal',
    units: {
      ENGLAND: ['F ENG', 'A LON'],
      FRANCE: ['A PAR'],
    },
    orders: {
      ENGLAND: ['F ENG C A LON - BRE', 'A LON - BRE'],
      FRANCE: ['A PAR - BRE'],
    },
    expect: {
      results: {
        'A LON - BRE': 'fails',
        'A PAR - BRE': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.F.3',
    title: 'An army being convoyed can receive support',
    units: {
      ENGLAND: ['F ENG', 'A LON', 'F MAO'],
      FRANCE: ['A PAR'],
    },
    orders: {
      ENGLAND: ['F ENG C A LON - BRE', 'A LON - BRE', 'F MAO S A LON - BRE'],
      FRANCE: ['A PAR - BRE'],
    },
    expect: {
      results: {
        'F ENG C A LON - BRE': 'succeeds',
        'A LON - BRE': 'succeeds',
        'F MAO S A LON - BRE': 'succeeds',
        'A PAR - BRE': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['F ENG', 'A BRE', 'F MAO'],
        FRANCE: ['A PAR'],
      },
    },
  },
  {
    id: '6.F.4',
    title: 'An attacked convoy is not disrupted',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      GERMANY: ['F SKA'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - HOL', 'A LON - HOL'],
      GERMANY: ['F SKA - NTH'],
    },
    expect: {
      results: {
        'F NTH C A LON - HOL': 'succeeds',
        'A LON - HOL': 'succeeds',
        'F SKA - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.F.5',
    title: 'A beleaguered convoy is not disrupted',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      FRANCE: ['F ENG', 'F BEL'],
      GERMANY: ['F SKA', 'F DEN'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - HOL', 'A LON - HOL'],
      FRANCE: ['F ENG - NTH', 'F BEL S F ENG - NTH'],
      GERMANY: ['F SKA - NTH', 'F DEN S F SKA - NTH'],
    },
    expect: {
      results: {
        'F NTH C A LON - HOL': 'succeeds',
        'A LON - HOL': 'succeeds',
        'F ENG - NTH': 'fails',
        'F SKA - NTH': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.F.6',
    title: 'Dislodged convoy does not cut support',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      GERMANY: ['A HOL', 'A BEL', 'F HEL', 'F SKA'],
      FRANCE: ['A PIC', 'A BUR'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - HOL', 'A LON - HOL'],
      GERMANY: ['A HOL S A BEL', 'A BEL S A HOL', 'F HEL S F SKA - NTH', 'F SKA - NTH'],
      FRANCE: ['A PIC - BEL', 'A BUR S A PIC - BEL'],
    },
    expect: {
      results: {
        'F SKA - NTH': 'succeeds',
        'A LON - HOL': 'fails',
        'A HOL S A BEL': 'succeeds',
        'A BEL S A HOL': 'cut',
        'A PIC - BEL': 'fails',
      },
      dislodged: ['F NTH'],
    },
    note: 'The support of Belgium is cut by the French attack from Picardy (not stated by the document, but plain rules).',
  },
  {
    id: '6.F.7',
    title: 'Dislodged convoy does not cause contested area',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      GERMANY: ['F HEL', 'F SKA'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - HOL', 'A LON - HOL'],
      GERMANY: ['F HEL S F SKA - NTH', 'F SKA - NTH'],
    },
    expect: {
      results: {
        'F SKA - NTH': 'succeeds',
        'A LON - HOL': 'fails',
      },
      dislodged: ['F NTH'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['F NTH R HOL'],
        },
        expect: {
          results: {
            'F NTH R HOL': 'succeeds',
          },
          units: {
            ENGLAND: ['F HOL', 'A LON'],
            GERMANY: ['F HEL', 'F NTH'],
          },
        },
      },
    ],
  },
  {
    id: '6.F.8',
    title: 'Dislodged convoy does not cause a bounce',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      GERMANY: ['F HEL', 'F SKA', 'A BEL'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - HOL', 'A LON - HOL'],
      GERMANY: ['F HEL S F SKA - NTH', 'F SKA - NTH', 'A BEL - HOL'],
    },
    expect: {
      results: {
        'F SKA - NTH': 'succeeds',
        'A LON - HOL': 'fails',
        'A BEL - HOL': 'succeeds',
      },
      dislodged: ['F NTH'],
    },
  },
  {
    id: '6.F.9',
    title: 'Dislodge of multi-route convoy',
    units: {
      ENGLAND: ['F ENG', 'F NTH', 'A LON'],
      FRANCE: ['F BRE', 'F MAO'],
    },
    orders: {
      ENGLAND: ['F ENG C A LON - BEL', 'F NTH C A LON - BEL', 'A LON - BEL'],
      FRANCE: ['F BRE S F MAO - ENG', 'F MAO - ENG'],
    },
    expect: {
      results: {
        'F MAO - ENG': 'succeeds',
        'A LON - BEL': 'succeeds',
      },
      dislodged: ['F ENG'],
    },
    note:
      'Issue 4.A.1, preferred option b (a multi-route convoy is disrupted only when all routes are disrupted). ' +
      'Under the 1971 rule (option a) the convoy is disrupted and the army stays in London.',
  },
  {
    id: '6.F.10',
    title: 'Dislodge of multi-route convoy with foreign fleet',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      GERMANY: ['F ENG'],
      FRANCE: ['F BRE', 'F MAO'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A LON - BEL'],
      GERMANY: ['F ENG C A LON - BEL'],
      FRANCE: ['F BRE S F MAO - ENG', 'F MAO - ENG'],
    },
    expect: {
      results: {
        'F MAO - ENG': 'succeeds',
        'A LON - BEL': 'succeeds',
      },
      dislodged: ['F ENG'],
    },
    note:
      'Issue 4.A.1, preferred option b (disrupted only when all routes are disrupted). ' +
      'Under the 1971 rule (option a) the convoy is disrupted and the army stays in London.',
  },
  {
    id: '6.F.11',
    title: 'Dislodge of multi-route convoy with only foreign fleets',
    units: {
      ENGLAND: ['A LON'],
      GERMANY: ['F ENG'],
      RUSSIA: ['F NTH'],
      FRANCE: ['F BRE', 'F MAO'],
    },
    orders: {
      ENGLAND: ['A LON - BEL'],
      GERMANY: ['F ENG C A LON - BEL'],
      RUSSIA: ['F NTH C A LON - BEL'],
      FRANCE: ['F BRE S F MAO - ENG', 'F MAO - ENG'],
    },
    expect: {
      results: {
        'F MAO - ENG': 'succeeds',
        'A LON - BEL': 'succeeds',
      },
      dislodged: ['F ENG'],
    },
    note:
      'Issue 4.A.1, preferred option b (disrupted only when all routes are disrupted). ' +
      'Under the 1971 rule (option a) the convoy is disrupted and the army stays in London.',
  },
  {
    id: '6.F.12',
    title: 'Dislodged convoying fleet not on route',
    units: {
      ENGLAND: ['F ENG', 'A LON', 'F IRI'],
      FRANCE: ['F NAO', 'F MAO'],
    },
    orders: {
      ENGLAND: ['F ENG C A LON - BEL', 'A LON - BEL', 'F IRI C A LON - BEL'],
      FRANCE: ['F NAO S F MAO - IRI', 'F MAO - IRI'],
    },
    expect: {
      results: {
        'F MAO - IRI': 'succeeds',
        'A LON - BEL': 'succeeds',
      },
      dislodged: ['F IRI'],
    },
    note: 'Issue 4.A.1: the convoy succeeds under either option, since Irish Sea is on no route London - Belgium.',
  },
  {
    id: '6.F.13',
    title: 'The unwanted alternative',
    units: {
      ENGLAND: ['A LON', 'F NTH'],
      FRANCE: ['F ENG'],
      GERMANY: ['F HOL', 'F DEN'],
    },
    orders: {
      ENGLAND: ['A LON - BEL', 'F NTH C A LON - BEL'],
      FRANCE: ['F ENG C A LON - BEL'],
      GERMANY: ['F HOL S F DEN - NTH', 'F DEN - NTH'],
    },
    expect: {
      results: {
        'A LON - BEL': 'succeeds',
        'F ENG C A LON - BEL': 'succeeds',
        'F DEN - NTH': 'succeeds',
      },
      dislodged: ['F NTH'],
    },
    note: 'Issue 4.A.1, preferred option b: the convoy goes through the French fleet in the English Channel.',
  },
  {
    id: '6.F.14',
    title: 'Simple convoy paradox',
    units: {
      ENGLAND: ['F LON', 'F WAL'],
      FRANCE: ['A BRE', 'F ENG'],
    },
    orders: {
      ENGLAND: ['F LON S F WAL - ENG', 'F WAL - ENG'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON'],
    },
    expect: {
      results: {
        'F LON S F WAL - ENG': 'succeeds',
        'F WAL - ENG': 'succeeds',
        'A BRE - LON': 'fails',
      },
      dislodged: ['F ENG'],
    },
    note: 'Issue 4.A.2: all rulebooks and the preferred Szykman rule agree (the support of London is not cut).',
  },
  {
    id: '6.F.15',
    title: 'Simple convoy paradox with additional convoy',
    units: {
      ENGLAND: ['F LON', 'F WAL'],
      FRANCE: ['A BRE', 'F ENG'],
      ITALY: ['F IRI', 'F MAO', 'A NAF'],
    },
    orders: {
      ENGLAND: ['F LON S F WAL - ENG', 'F WAL - ENG'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON'],
      ITALY: ['F IRI C A NAF - WAL', 'F MAO C A NAF - WAL', 'A NAF - WAL'],
    },
    expect: {
      results: {
        'F LON S F WAL - ENG': 'succeeds',
        'F WAL - ENG': 'succeeds',
        'A BRE - LON': 'fails',
        'F IRI C A NAF - WAL': 'succeeds',
        'F MAO C A NAF - WAL': 'succeeds',
        'A NAF - WAL': 'succeeds',
      },
      dislodged: ['F ENG'],
    },
    note: 'Issue 4.A.2: paradox rules apply only to the paradox core; the Italian convoy is unaffected.',
  },
  {
    id: '6.F.16',
    title: "Pandin's paradox",
    units: {
      ENGLAND: ['F LON', 'F WAL'],
      FRANCE: ['A BRE', 'F ENG'],
      GERMANY: ['F NTH', 'F BEL'],
    },
    orders: {
      ENGLAND: ['F LON S F WAL - ENG', 'F WAL - ENG'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON'],
      GERMANY: ['F NTH S F BEL - ENG', 'F BEL - ENG'],
    },
    expect: {
      results: {
        'F LON S F WAL - ENG': 'succeeds',
        'F WAL - ENG': 'fails',
        'F BEL - ENG': 'fails',
        'A BRE - LON': 'fails',
      },
      dislodged: [],
    },
    note: 'Issue 4.A.2: all rulebooks and the preferred Szykman rule agree (the support of London is not cut).',
  },
  {
    id: '6.F.17',
    title: "Pandin's extended paradox",
    units: {
      ENGLAND: ['F LON', 'F WAL'],
      FRANCE: ['A BRE', 'F ENG', 'F YOR'],
      GERMANY: ['F NTH', 'F BEL'],
    },
    orders: {
      ENGLAND: ['F LON S F WAL - ENG', 'F WAL - ENG'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON', 'F YOR S A BRE - LON'],
      GERMANY: ['F NTH S F BEL - ENG', 'F BEL - ENG'],
    },
    expect: {
      results: {
        'F LON S F WAL - ENG': 'succeeds',
        'F WAL - ENG': 'fails',
        'F BEL - ENG': 'fails',
        'A BRE - LON': 'fails',
      },
      dislodged: [],
    },
    note:
      'Issue 4.A.2, preferred Szykman rule: the convoy fails, nothing is dislodged. Under the 1971/1982/2000/2023 ' +
      'rules the support of London is not cut, the convoy succeeds and A BRE - LON dislodges F LON. ' +
      'The wm profile follows Szykman; datc2000 (DATC v2.4) also preferred Szykman, so no profile differs.',
  },
  {
    id: '6.F.18',
    title: 'Betrayal paradox',
    units: {
      ENGLAND: ['F NTH', 'A LON', 'F ENG'],
      FRANCE: ['F BEL'],
      GERMANY: ['F HEL', 'F SKA'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A LON - BEL', 'F ENG S A LON - BEL'],
      FRANCE: ['F BEL S F NTH'],
      GERMANY: ['F HEL S F SKA - NTH', 'F SKA - NTH'],
    },
    expect: {
      results: {
        'A LON - BEL': 'fails',
        'F BEL S F NTH': 'succeeds',
        'F SKA - NTH': 'fails',
      },
      dislodged: [],
    },
    note:
      'Issue 4.A.2, preferred Szykman rule: the convoying fleet (the document says "the convoy in the English Channel", ' +
      'but the convoying fleet is in the North Sea) holds, the army in London fails, the support of Belgium is not cut ' +
      'and the North Sea is not dislodged. The 1971/2000/2023 rules give no answer; under the 1982 rule the army in ' +
      'London dislodges the fleet in Belgium (the document says "army") and the North Sea is not dislodged.',
  },
  {
    id: '6.F.19',
    title: 'Multi-route convoy disruption paradox',
    units: {
      FRANCE: ['A TUN', 'F TYS', 'F ION'],
      ITALY: ['F NAP', 'F ROM'],
    },
    orders: {
      FRANCE: ['A TUN - NAP', 'F TYS C A TUN - NAP', 'F ION C A TUN - NAP'],
      ITALY: ['F NAP S F ROM - TYS', 'F ROM - TYS'],
    },
    expect: {
      results: {
        'A TUN - NAP': 'fails',
        'F NAP S F ROM - TYS': 'cut',
        'F ROM - TYS': 'fails',
      },
      dislodged: [],
    },
    note:
      'Issues 4.A.1 and 4.A.2. Preferred (Szykman, same as 2000/2023): the support of Naples is cut and the fleet in ' +
      'the Tyrrhenian Sea is not dislodged. Under the 1971 and 1982 rules the support is not cut and F ROM dislodges F TYS.',
  },
  {
    id: '6.F.20',
    title: 'Unwanted multi-route convoy paradox',
    units: {
      FRANCE: ['A TUN', 'F TYS'],
      ITALY: ['F NAP', 'F ION'],
      TURKEY: ['F AEG', 'F EAS'],
    },
    orders: {
      FRANCE: ['A TUN - NAP', 'F TYS C A TUN - NAP'],
      ITALY: ['F NAP S F ION', 'F ION C A TUN - NAP'],
      TURKEY: ['F AEG S F EAS - ION', 'F EAS - ION'],
    },
    expect: {
      results: {
        'A TUN - NAP': 'fails',
        'F NAP S F ION': 'cut',
        'F EAS - ION': 'succeeds',
        'F AEG S F EAS - ION': 'succeeds',
      },
      dislodged: ['F ION'],
    },
    note:
      'Issues 4.A.1 and 4.A.2. Preferred (Szykman, same as 2000/2023): the support of Naples is cut and F EAS dislodges ' +
      'F ION. Under the 1982 rule the support is not cut and F ION survives; the 1971 rules give no answer.',
  },
  {
    id: '6.F.21',
    title: "Dad's army convoy",
    units: {
      RUSSIA: ['A EDI', 'F NWG', 'A NWY'],
      FRANCE: ['F IRI', 'F MAO'],
      ENGLAND: ['A LVP', 'F NAO', 'F CLY'],
    },
    orders: {
      RUSSIA: ['A EDI S A NWY - CLY', 'F NWG C A NWY - CLY', 'A NWY - CLY'],
      FRANCE: ['F IRI S F MAO - NAO', 'F MAO - NAO'],
      ENGLAND: ['A LVP - CLY VIA', 'F NAO C A LVP - CLY', 'F CLY S F NAO'],
    },
    expect: {
      results: {
        'F CLY S F NAO': 'cut',
        'F MAO - NAO': 'succeeds',
        'A NWY - CLY': 'succeeds',
        'A LVP - CLY VIA': 'fails',
      },
      dislodged: ['F NAO', 'F CLY'],
    },
    note:
      'Issue 4.A.2. Preferred (all rules except 1982): the support of Clyde is cut and F MAO dislodges F NAO. The document ' +
      'does not spell out the rest, but it follows: the English convoy is disrupted, and A NWY - CLY (strength 2, ' +
      'convoyed through the Norwegian Sea) dislodges F CLY. Under the 1982 rule the support of Clyde is not cut and ' +
      'F NAO is not dislodged.',
  },
  {
    id: '6.F.22',
    title: 'Second order paradox with two resolutions',
    units: {
      ENGLAND: ['F EDI', 'F LON'],
      FRANCE: ['A BRE', 'F ENG'],
      GERMANY: ['F BEL', 'F PIC'],
      RUSSIA: ['A NWY', 'F NTH'],
    },
    orders: {
      ENGLAND: ['F EDI - NTH', 'F LON S F EDI - NTH'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON'],
      GERMANY: ['F BEL S F PIC - ENG', 'F PIC - ENG'],
      RUSSIA: ['A NWY - BEL', 'F NTH C A NWY - BEL'],
    },
    expect: {
      results: {
        'F LON S F EDI - NTH': 'succeeds',
        'F BEL S F PIC - ENG': 'succeeds',
        'F EDI - NTH': 'succeeds',
        'F PIC - ENG': 'succeeds',
        'A BRE - LON': 'fails',
        'A NWY - BEL': 'fails',
      },
      dislodged: ['F ENG', 'F NTH'],
    },
    note:
      'Issue 4.A.2. Preferred Szykman rule (same result as the 1982 rule): the supports are not cut, the convoyed ' +
      'armies fail, F PIC dislodges F ENG and F EDI dislodges F NTH. The 1971/2000/2023 rules give no answer.',
  },
  {
    id: '6.F.23',
    title: 'Second order paradox with two exclusive convoys',
    units: {
      ENGLAND: ['F EDI', 'F YOR'],
      FRANCE: ['A BRE', 'F ENG'],
      GERMANY: ['F BEL', 'F LON'],
      ITALY: ['F MAO', 'F IRI'],
      RUSSIA: ['A NWY', 'F NTH'],
    },
    orders: {
      ENGLAND: ['F EDI - NTH', 'F YOR S F EDI - NTH'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON'],
      GERMANY: ['F BEL S F ENG', 'F LON S F NTH'],
      ITALY: ['F MAO - ENG', 'F IRI S F MAO - ENG'],
      RUSSIA: ['A NWY - BEL', 'F NTH C A NWY - BEL'],
    },
    expect: {
      results: {
        'F BEL S F ENG': 'succeeds',
        'F LON S F NTH': 'succeeds',
        'F EDI - NTH': 'fails',
        'F MAO - ENG': 'fails',
        'A BRE - LON': 'fails',
        'A NWY - BEL': 'fails',
      },
      dislodged: [],
    },
    note:
      'Issue 4.A.2. Preferred Szykman rule (same result as the 1982 rule): the convoyed armies fail, the supports are ' +
      'not cut and no fleet moves. The 1971/2000/2023 rules give no answer.',
  },
  {
    id: '6.F.24',
    title: 'Second order paradox with no resolution',
    units: {
      ENGLAND: ['F EDI', 'F LON', 'F IRI', 'F MAO'],
      FRANCE: ['A BRE', 'F ENG', 'F BEL'],
      RUSSIA: ['A NWY', 'F NTH'],
    },
    orders: {
      ENGLAND: ['F EDI - NTH', 'F LON S F EDI - NTH', 'F IRI - ENG', 'F MAO S F IRI - ENG'],
      FRANCE: ['A BRE - LON', 'F ENG C A BRE - LON', 'F BEL S F ENG'],
      RUSSIA: ['A NWY - BEL', 'F NTH C A NWY - BEL'],
    },
    expect: {
      results: {
        'F LON S F EDI - NTH': 'succeeds',
        'F BEL S F ENG': 'succeeds',
        'F EDI - NTH': 'succeeds',
        'F IRI - ENG': 'fails',
        'A BRE - LON': 'fails',
        'A NWY - BEL': 'fails',
      },
      dislodged: ['F NTH'],
    },
    note:
      'Issue 4.A.2. Preferred Szykman rule (same result as the 1982 rule): the supports are not cut, the convoyed ' +
      'armies fail; F ENG survives and F EDI dislodges F NTH. The 1971/2000/2023 rules give no answer.',
  },
  {
    id: '6.F.25',
    title: 'Cut support last',
    units: {
      GERMANY: ['A RUH', 'A HOL', 'A DEN', 'F SKA', 'A FIN'],
      ENGLAND: ['A YOR', 'F NTH', 'F HEL', 'A BEL'],
      RUSSIA: ['F NWG', 'F NWY', 'F SWE'],
    },
    orders: {
      GERMANY: ['A RUH - BEL', 'A HOL S RUH - BEL', 'A DEN - NWY', 'F SKA C DEN - NWY', 'A FIN S DEN - NWY'],
      ENGLAND: ['A YOR - HOL', 'F NTH C YOR - HOL', 'F HEL S YOR - HOL', 'A BEL H'],
      RUSSIA: ['F NWG - NTH', 'F NWY S NWG - NTH', 'F SWE - SKA'],
    },
    expect: {
      results: {
        'F SWE - SKA': 'fails',
        'A DEN - NWY': 'succeeds',
        'F NWY S NWG - NTH': 'cut',
        'F NWG - NTH': 'fails',
        'A YOR - HOL': 'succeeds',
        'A HOL S RUH - BEL': 'cut',
        'A RUH - BEL': 'fails',
      },
      dislodged: ['F NWY', 'A HOL'],
    },
    note:
      'The document writes the supported and convoyed units without a unit type ("Supports Rhur - Belgium"); kept so. ' +
      'It says the supports of Norway and Holland are "cut"; both units are in fact dislodged (2 against 1).',
  },
];
