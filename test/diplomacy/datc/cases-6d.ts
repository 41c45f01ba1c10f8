/**
 * DATC v3.0, chapter 6.D: supports and dislodges (34 cases).
 * Transcribed from the Diplomacy Adjudicator Test Cases v3.0 by Lucas B. Kruijswijk
 * (the test cases of chapter 6 may be copied freely).
 */
import type { DatcCase } from './datc-case.js';

export const cases: DatcCase[] = [
  {
    id: '6.D.1',
    title: 'Supported hold can prevent dislodgement',
    units: {
      AUSTRIA: ['F ADR', 'A TRI'],
      ITALY: ['A VEN', 'A TYR'],
    },
    orders: {
      AUSTRIA: ['F ADR S A TRI - VEN', 'A TRI - VEN'],
      ITALY: ['A VEN H', 'A TYR S A VEN'],
    },
    expect: {
      results: {
        'F ADR S A TRI - VEN': 'succeeds',
        'A TRI - VEN': 'fails',
        'A TYR S A VEN': 'succeeds',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.2',
    title: 'A move cuts support on hold',
    units: {
      AUSTRIA: ['F ADR', 'A TRI', 'A VIE'],
      ITALY: ['A VEN', 'A TYR'],
    },
    orders: {
      AUSTRIA: ['F ADR S A TRI - VEN', 'A TRI - VEN', 'A VIE - TYR'],
      ITALY: ['A VEN H', 'A TYR S A VEN'],
    },
    expect: {
      results: {
        'F ADR S A TRI - VEN': 'succeeds',
        'A TRI - VEN': 'succeeds',
        'A VIE - TYR': 'fails',
        'A TYR S A VEN': 'cut',
      },
      dislodged: ['A VEN'],
    },
  },
  {
    id: '6.D.3',
    title: 'A move cuts support on move',
    units: {
      AUSTRIA: ['F ADR', 'A TRI'],
      ITALY: ['A VEN', 'F ION'],
    },
    orders: {
      AUSTRIA: ['F ADR S A TRI - VEN', 'A TRI - VEN'],
      ITALY: ['A VEN H', 'F ION - ADR'],
    },
    expect: {
      results: {
        'F ADR S A TRI - VEN': 'cut',
        'A TRI - VEN': 'fails',
        'F ION - ADR': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.4',
    title: 'Support to hold on unit supporting a hold allowed',
    units: {
      GERMANY: ['A BER', 'F KIE'],
      RUSSIA: ['F BAL', 'A PRU'],
    },
    orders: {
      GERMANY: ['A BER S F KIE', 'F KIE S A BER'],
      RUSSIA: ['F BAL S A PRU - BER', 'A PRU - BER'],
    },
    expect: {
      results: {
        'A BER S F KIE': 'cut',
        'F KIE S A BER': 'succeeds',
        'F BAL S A PRU - BER': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.5',
    title: 'Support to hold on unit supporting a move allowed',
    units: {
      GERMANY: ['A BER', 'F KIE', 'A MUN'],
      RUSSIA: ['F BAL', 'A PRU'],
    },
    orders: {
      GERMANY: ['A BER S A MUN - SIL', 'F KIE S A BER', 'A MUN - SIL'],
      RUSSIA: ['F BAL S A PRU - BER', 'A PRU - BER'],
    },
    expect: {
      results: {
        'A BER S A MUN - SIL': 'cut',
        'F KIE S A BER': 'succeeds',
        'A MUN - SIL': 'succeeds',
        'F BAL S A PRU - BER': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.6',
    title: 'Support to hold on convoying unit allowed',
    units: {
      GERMANY: ['A BER', 'F BAL', 'F PRU'],
      RUSSIA: ['F LVN', 'F BOT'],
    },
    orders: {
      GERMANY: ['A BER - SWE', 'F BAL C A BER - SWE', 'F PRU S F BAL'],
      RUSSIA: ['F LVN - BAL', 'F BOT S F LVN - BAL'],
    },
    expect: {
      results: {
        'A BER - SWE': 'succeeds',
        'F BAL C A BER - SWE': 'succeeds',
        'F PRU S F BAL': 'succeeds',
        'F LVN - BAL': 'fails',
        'F BOT S F LVN - BAL': 'succeeds',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.7',
    title: 'Support to hold on moving unit not allowed',
    units: {
      GERMANY: ['F BAL', 'F PRU'],
      RUSSIA: ['F LVN', 'F BOT', 'A FIN'],
    },
    orders: {
      GERMANY: ['F BAL - SWE', 'F PRU S F BAL'],
      RUSSIA: ['F LVN - BAL', 'F BOT S F LVN - BAL', 'A FIN - SWE'],
    },
    expect: {
      results: {
        'F BAL - SWE': 'fails',
        'F PRU S F BAL': 'fails',
        'F LVN - BAL': 'succeeds',
        'F BOT S F LVN - BAL': 'succeeds',
        'A FIN - SWE': 'fails',
      },
      dislodged: ['F BAL'],
    },
  },
  {
    id: '6.D.8',
    title: 'Failed convoy cannot receive hold support',
    units: {
      AUSTRIA: ['F ION', 'A SER', 'A ALB'],
      TURKEY: ['A GRE', 'A BUL'],
    },
    orders: {
      AUSTRIA: ['F ION H', 'A SER S A ALB - GRE', 'A ALB - GRE'],
      TURKEY: ['A GRE - NAP', 'A BUL S A GRE'],
    },
    expect: {
      results: {
        'A SER S A ALB - GRE': 'succeeds',
        'A ALB - GRE': 'succeeds',
        'A GRE - NAP': 'fails',
        'A BUL S A GRE': 'fails',
      },
      dislodged: ['A GRE'],
    },
    note:
      'Issue 4.E.1: A GRE - NAP is legal (a convoy via the Ionian Sea was possible before the orders were known), ' +
      'so it is a failed move, not an illegal order turned into a hold; the hold support from Bulgaria is void.',
  },
  {
    id: '6.D.9',
    title: 'Support to move on holding unit not allowed',
    units: {
      ITALY: ['A VEN', 'A TYR'],
      AUSTRIA: ['A ALB', 'A TRI'],
    },
    orders: {
      ITALY: ['A VEN - TRI', 'A TYR S A VEN - TRI'],
      AUSTRIA: ['A ALB S A TRI - SER', 'A TRI H'],
    },
    expect: {
      results: {
        'A VEN - TRI': 'succeeds',
        'A TYR S A VEN - TRI': 'succeeds',
        'A ALB S A TRI - SER': 'fails',
      },
      dislodged: ['A TRI'],
    },
  },
  {
    id: '6.D.10',
    title: 'Self dislodgment prohibited',
    units: {
      GERMANY: ['A BER', 'F KIE', 'A MUN'],
    },
    orders: {
      GERMANY: ['A BER H', 'F KIE - BER', 'A MUN S F KIE - BER'],
    },
    expect: {
      results: {
        'F KIE - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.11',
    title: 'No self dislodgment of returning unit',
    units: {
      GERMANY: ['A BER', 'F KIE', 'A MUN'],
      RUSSIA: ['A WAR'],
    },
    orders: {
      GERMANY: ['A BER - PRU', 'F KIE - BER', 'A MUN S F KIE - BER'],
      RUSSIA: ['A WAR - PRU'],
    },
    expect: {
      results: {
        'A BER - PRU': 'fails',
        'F KIE - BER': 'fails',
        'A WAR - PRU': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.12',
    title: 'Supporting a foreign unit to dislodge own unit prohibited',
    units: {
      AUSTRIA: ['F TRI', 'A VIE'],
      ITALY: ['A VEN'],
    },
    orders: {
      AUSTRIA: ['F TRI H', 'A VIE S A VEN - TRI'],
      ITALY: ['A VEN - TRI'],
    },
    expect: {
      results: {
        'A VEN - TRI': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.13',
    title: 'Supporting a foreign unit to dislodge a returning own unit prohibited',
    units: {
      AUSTRIA: ['F TRI', 'A VIE'],
      ITALY: ['A VEN', 'F APU'],
    },
    orders: {
      AUSTRIA: ['F TRI - ADR', 'A VIE S A VEN - TRI'],
      ITALY: ['A VEN - TRI', 'F APU - ADR'],
    },
    expect: {
      results: {
        'F TRI - ADR': 'fails',
        'A VEN - TRI': 'fails',
        'F APU - ADR': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.14',
    title: 'Supporting a foreign unit is not enough to prevent dislodgement',
    units: {
      AUSTRIA: ['F TRI', 'A VIE'],
      ITALY: ['A VEN', 'A TYR', 'F ADR'],
    },
    orders: {
      AUSTRIA: ['F TRI H', 'A VIE S A VEN - TRI'],
      ITALY: ['A VEN - TRI', 'A TYR S A VEN - TRI', 'F ADR S A VEN - TRI'],
    },
    expect: {
      results: {
        'A VEN - TRI': 'succeeds',
        'A TYR S A VEN - TRI': 'succeeds',
        'F ADR S A VEN - TRI': 'succeeds',
      },
      dislodged: ['F TRI'],
    },
  },
  {
    id: '6.D.15',
    title: 'Defender cannot cut support for attack on itself',
    units: {
      RUSSIA: ['F CON', 'F BLA'],
      TURKEY: ['F ANK'],
    },
    orders: {
      RUSSIA: ['F CON S F BLA - ANK', 'F BLA - ANK'],
      TURKEY: ['F ANK - CON'],
    },
    expect: {
      results: {
        'F CON S F BLA - ANK': 'succeeds',
        'F BLA - ANK': 'succeeds',
        'F ANK - CON': 'fails',
      },
      dislodged: ['F ANK'],
    },
  },
  {
    id: '6.D.16',
    title: 'Convoying a unit dislodging a unit of same power is allowed',
    units: {
      ENGLAND: ['A LON', 'F NTH'],
      FRANCE: ['F ENG', 'A BEL'],
    },
    orders: {
      ENGLAND: ['A LON H', 'F NTH C A BEL - LON'],
      FRANCE: ['F ENG S A BEL - LON', 'A BEL - LON'],
    },
    expect: {
      results: {
        'F NTH C A BEL - LON': 'succeeds',
        'F ENG S A BEL - LON': 'succeeds',
        'A BEL - LON': 'succeeds',
      },
      dislodged: ['A LON'],
    },
  },
  {
    id: '6.D.17',
    title: 'Dislodgement cuts supports',
    units: {
      RUSSIA: ['F CON', 'F BLA'],
      TURKEY: ['F ANK', 'A SMY', 'A ARM'],
    },
    orders: {
      RUSSIA: ['F CON S F BLA - ANK', 'F BLA - ANK'],
      TURKEY: ['F ANK - CON', 'A SMY S F ANK - CON', 'A ARM - ANK'],
    },
    expect: {
      results: {
        'F CON S F BLA - ANK': 'cut',
        'F BLA - ANK': 'fails',
        'F ANK - CON': 'succeeds',
        'A SMY S F ANK - CON': 'succeeds',
        'A ARM - ANK': 'fails',
      },
      dislodged: ['F CON'],
    },
  },
  {
    id: '6.D.18',
    title: 'A surviving unit will sustain support',
    units: {
      RUSSIA: ['F CON', 'F BLA', 'A BUL'],
      TURKEY: ['F ANK', 'A SMY', 'A ARM'],
    },
    orders: {
      RUSSIA: ['F CON S F BLA - ANK', 'F BLA - ANK', 'A BUL S F CON'],
      TURKEY: ['F ANK - CON', 'A SMY S F ANK - CON', 'A ARM - ANK'],
    },
    expect: {
      results: {
        'F CON S F BLA - ANK': 'succeeds',
        'F BLA - ANK': 'succeeds',
        'A BUL S F CON': 'succeeds',
        'F ANK - CON': 'fails',
        'A SMY S F ANK - CON': 'succeeds',
        'A ARM - ANK': 'fails',
      },
      dislodged: ['F ANK'],
    },
  },
  {
    id: '6.D.19',
    title: 'Even when surviving is in alternative way',
    units: {
      RUSSIA: ['F CON', 'F BLA', 'A SMY'],
      TURKEY: ['F ANK'],
    },
    orders: {
      RUSSIA: ['F CON S F BLA - ANK', 'F BLA - ANK', 'A SMY S F ANK - CON'],
      TURKEY: ['F ANK - CON'],
    },
    expect: {
      results: {
        'F CON S F BLA - ANK': 'succeeds',
        'F BLA - ANK': 'succeeds',
        'F ANK - CON': 'fails',
      },
      dislodged: ['F ANK'],
    },
  },
  {
    id: '6.D.20',
    title: 'Unit cannot cut support of its own country',
    units: {
      ENGLAND: ['F LON', 'F NTH', 'A YOR'],
      FRANCE: ['F ENG'],
    },
    orders: {
      ENGLAND: ['F LON S F NTH - ENG', 'F NTH - ENG', 'A YOR - LON'],
      FRANCE: ['F ENG H'],
    },
    expect: {
      results: {
        'F LON S F NTH - ENG': 'succeeds',
        'F NTH - ENG': 'succeeds',
        'A YOR - LON': 'fails',
      },
      dislodged: ['F ENG'],
    },
  },
  {
    id: '6.D.21',
    title: 'Dislodging does not cancel a support cut',
    units: {
      AUSTRIA: ['F TRI'],
      ITALY: ['A VEN', 'A TYR'],
      GERMANY: ['A MUN'],
      RUSSIA: ['A SIL', 'A BER'],
    },
    orders: {
      AUSTRIA: ['F TRI H'],
      ITALY: ['A VEN - TRI', 'A TYR S A VEN - TRI'],
      GERMANY: ['A MUN - TYR'],
      RUSSIA: ['A SIL - MUN', 'A BER S A SIL - MUN'],
    },
    expect: {
      results: {
        'A VEN - TRI': 'fails',
        'A TYR S A VEN - TRI': 'cut',
        'A MUN - TYR': 'fails',
        'A SIL - MUN': 'succeeds',
        'A BER S A SIL - MUN': 'succeeds',
      },
      dislodged: ['A MUN'],
    },
  },
  {
    id: '6.D.22',
    title: 'Impossible fleet move cannot be supported',
    units: {
      GERMANY: ['F KIE', 'A BUR'],
      RUSSIA: ['A MUN', 'A BER'],
    },
    orders: {
      GERMANY: ['F KIE - MUN', 'A BUR S F KIE - MUN'],
      RUSSIA: ['A MUN - KIE', 'A BER S A MUN - KIE'],
    },
    expect: {
      results: {
        'F KIE - MUN': 'illegal',
        'A BUR S F KIE - MUN': 'illegal',
        'A MUN - KIE': 'succeeds',
        'A BER S A MUN - KIE': 'succeeds',
      },
      dislodged: ['F KIE'],
    },
    note: 'Issue 4.E.1: illegal orders are fully ignored, so the support of the impossible move is illegal too.',
  },
  {
    id: '6.D.23',
    title: 'Impossible coast move cannot be supported',
    units: {
      ITALY: ['F LYO', 'F WES'],
      FRANCE: ['F SPA/NC', 'F MAR'],
    },
    orders: {
      ITALY: ['F LYO - SPA/SC', 'F WES S F LYO - SPA/SC'],
      FRANCE: ['F SPA/NC - LYO', 'F MAR S F SPA/NC - LYO'],
    },
    expect: {
      results: {
        'F LYO - SPA/SC': 'succeeds',
        'F WES S F LYO - SPA/SC': 'succeeds',
        'F SPA/NC - LYO': 'illegal',
        'F MAR S F SPA/NC - LYO': 'illegal',
      },
      dislodged: ['F SPA/NC'],
    },
    note:
      'The document says the support from Marseilles "fails"; it is marked illegal because, as in 6.D.22 ' +
      '(issue 4.E.1), a support of an impossible move can never be valid. The fleet really stands on the north ' +
      'coast, so the move is impossible whatever the coast rules; the wm coast rule D.IV(3)(b) (destination ' +
      'coasts) does not change this case.',
  },
  {
    id: '6.D.24',
    title: 'Impossible army move cannot be supported',
    units: {
      FRANCE: ['A MAR', 'F SPA/SC'],
      ITALY: ['F LYO'],
      TURKEY: ['F TYS', 'F WES'],
    },
    orders: {
      FRANCE: ['A MAR - LYO', 'F SPA/SC S A MAR - LYO'],
      ITALY: ['F LYO H'],
      TURKEY: ['F TYS S F WES - LYO', 'F WES - LYO'],
    },
    expect: {
      results: {
        'A MAR - LYO': 'illegal',
        'F SPA/SC S A MAR - LYO': 'illegal',
        'F TYS S F WES - LYO': 'succeeds',
        'F WES - LYO': 'succeeds',
      },
      dislodged: ['F LYO'],
    },
    note:
      'The document says the support from Spain "fails"; it is marked illegal because, as in 6.D.22 ' +
      '(issue 4.E.1), a support of an impossible move can never be valid.',
  },
  {
    id: '6.D.25',
    title: 'Failing hold support can be supported',
    units: {
      GERMANY: ['A BER', 'F KIE'],
      RUSSIA: ['F BAL', 'A PRU'],
    },
    orders: {
      GERMANY: ['A BER S A PRU', 'F KIE S A BER'],
      RUSSIA: ['F BAL S A PRU - BER', 'A PRU - BER'],
    },
    expect: {
      results: {
        'A BER S A PRU': 'fails',
        'F KIE S A BER': 'succeeds',
        'F BAL S A PRU - BER': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.26',
    title: 'Failing move support can be supported',
    units: {
      GERMANY: ['A BER', 'F KIE'],
      RUSSIA: ['F BAL', 'A PRU'],
    },
    orders: {
      GERMANY: ['A BER S A PRU - SIL', 'F KIE S A BER'],
      RUSSIA: ['F BAL S A PRU - BER', 'A PRU - BER'],
    },
    expect: {
      results: {
        'A BER S A PRU - SIL': 'fails',
        'F KIE S A BER': 'succeeds',
        'F BAL S A PRU - BER': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.27',
    title: 'Failing convoy can be supported',
    units: {
      ENGLAND: ['F SWE', 'F DEN'],
      GERMANY: ['A BER'],
      RUSSIA: ['F BAL', 'F PRU'],
    },
    orders: {
      ENGLAND: ['F SWE - BAL', 'F DEN S F SWE - BAL'],
      GERMANY: ['A BER H'],
      RUSSIA: ['F BAL C A BER - LVN', 'F PRU S F BAL'],
    },
    expect: {
      results: {
        'F SWE - BAL': 'fails',
        'F DEN S F SWE - BAL': 'succeeds',
        'F BAL C A BER - LVN': 'fails',
        'F PRU S F BAL': 'succeeds',
      },
      dislodged: [],
    },
  },
  {
    id: '6.D.28',
    title: 'Impossible move and support',
    units: {
      AUSTRIA: ['A BUD'],
      RUSSIA: ['F RUM'],
      TURKEY: ['F BLA', 'A BUL'],
    },
    orders: {
      AUSTRIA: ['A BUD S F RUM'],
      RUSSIA: ['F RUM - HOL'],
      TURKEY: ['F BLA - RUM', 'A BUL S F BLA - RUM'],
    },
    expect: {
      results: {
        'A BUD S F RUM': 'succeeds',
        'F RUM - HOL': 'illegal',
        'F BLA - RUM': 'fails',
        'A BUL S F BLA - RUM': 'succeeds',
      },
      dislodged: [],
    },
    note: 'Issue 4.E.1: the illegal move is ignored, so Rumania holds and can receive the hold support.',
  },
  {
    id: '6.D.29',
    title: 'Move to impossible coast and support',
    units: {
      AUSTRIA: ['A BUD'],
      RUSSIA: ['F RUM'],
      TURKEY: ['F BLA', 'A BUL'],
    },
    orders: {
      AUSTRIA: ['A BUD S F RUM'],
      RUSSIA: ['F RUM - BUL/SC'],
      TURKEY: ['F BLA - RUM', 'A BUL S F BLA - RUM'],
    },
    expect: {
      results: {
        'A BUD S F RUM': 'succeeds',
        'F RUM - BUL/SC': 'illegal',
        'F BLA - RUM': 'fails',
        'A BUL S F BLA - RUM': 'succeeds',
      },
      dislodged: [],
    },
    note:
      'Issues 4.B.3 (move to an impossible coast is illegal) and 4.E.1 (illegal orders are ignored, so Rumania ' +
      'holds and receives the hold support).',
    profiles: {
      wm: {
        expect: {
          results: {
            'A BUD S F RUM': 'fails',
            'F RUM - BUL/SC': 'fails',
            'F BLA - RUM': 'succeeds',
            'A BUL S F BLA - RUM': 'succeeds',
          },
          dislodged: ['F RUM'],
        },
        why:
          'WM D.IV(3)(b): a wrong coast never invalidates a move (RUM - BUL is not one of the ambiguous ' +
          'exceptions), so F RUM moves towards BUL/EC and bounces on the army in Bulgaria (1 vs 1; the attack ' +
          'comes from the province the Bulgarian support is directed into, so it does not cut it). Rumania is ' +
          'ordered to move, so the Austrian hold support is void, and F BLA (strength 2) dislodges F RUM.',
      },
    },
  },
  {
    id: '6.D.30',
    title: 'Move without coast and support',
    units: {
      ITALY: ['F AEG'],
      RUSSIA: ['F CON'],
      TURKEY: ['F BLA', 'A BUL'],
    },
    orders: {
      ITALY: ['F AEG S F CON'],
      RUSSIA: ['F CON - BUL'],
      TURKEY: ['F BLA - CON', 'A BUL S F BLA - CON'],
    },
    expect: {
      results: {
        'F AEG S F CON': 'succeeds',
        'F CON - BUL': 'illegal',
        'F BLA - CON': 'fails',
        'A BUL S F BLA - CON': 'succeeds',
      },
      dislodged: [],
    },
    note:
      'Issues 4.B.1 (missing coast where needed makes the move illegal) and 4.E.1 (illegal orders are ignored, so ' +
      'Constantinople holds and receives the hold support). The wm profile agrees: F CON - BUL without a coast ' +
      'is one of the ambiguous moves D.IV(3)(b) declares illegal (the unit holds).',
  },
  {
    id: '6.D.31',
    title: 'A tricky impossible support',
    units: {
      AUSTRIA: ['A RUM'],
      TURKEY: ['F BLA'],
    },
    orders: {
      AUSTRIA: ['A RUM - ARM'],
      TURKEY: ['F BLA S A RUM - ARM'],
    },
    expect: {
      results: {
        'A RUM - ARM': 'fails',
        'F BLA S A RUM - ARM': 'illegal',
      },
      dislodged: [],
    },
    note:
      'Issue 4.E.1: the support is illegal (the only convoy route for A RUM - ARM is through the Black Sea, and ' +
      'a fleet cannot convoy and support at the same time) and is ignored. The move A RUM - ARM itself is legal ' +
      '(it could be convoyed) but fails for want of a convoy.',
  },
  {
    id: '6.D.32',
    title: 'A missing fleet',
    units: {
      ENGLAND: ['F EDI', 'A LVP'],
      FRANCE: ['F LON'],
      GERMANY: ['A YOR'],
    },
    orders: {
      ENGLAND: ['F EDI S A LVP - YOR', 'A LVP - YOR'],
      FRANCE: ['F LON S A YOR'],
      GERMANY: ['A YOR - HOL'],
    },
    expect: {
      results: {
        'F EDI S A LVP - YOR': 'succeeds',
        'A LVP - YOR': 'fails',
        'F LON S A YOR': 'succeeds',
        'A YOR - HOL': 'illegal',
      },
      dislodged: [],
    },
    note:
      'Issue 4.E.1: a move that is impossible only in the current situation (no fleet in the North Sea to convoy ' +
      'it) is also illegal and ignored, so Yorkshire holds and receives the French hold support. DATC v2.4 had ' +
      'the same preference.',
  },
  {
    id: '6.D.33',
    title: 'Unwanted support allowed',
    units: {
      AUSTRIA: ['A SER', 'A VIE'],
      RUSSIA: ['A GAL'],
      TURKEY: ['A BUL'],
    },
    orders: {
      AUSTRIA: ['A SER - BUD', 'A VIE - BUD'],
      RUSSIA: ['A GAL S A SER - BUD'],
      TURKEY: ['A BUL - SER'],
    },
    expect: {
      results: {
        'A SER - BUD': 'succeeds',
        'A VIE - BUD': 'fails',
        'A GAL S A SER - BUD': 'succeeds',
        'A BUL - SER': 'succeeds',
      },
      dislodged: [],
      units: {
        AUSTRIA: ['A BUD', 'A VIE'],
        RUSSIA: ['A GAL'],
        TURKEY: ['A SER'],
      },
    },
  },
  {
    id: '6.D.34',
    title: 'Support targeting own area not allowed',
    units: {
      GERMANY: ['A BER', 'A SIL', 'F BAL'],
      ITALY: ['A PRU'],
      RUSSIA: ['A WAR', 'A LVN'],
    },
    orders: {
      GERMANY: ['A BER - PRU', 'A SIL S A BER - PRU', 'F BAL S A BER - PRU'],
      ITALY: ['A PRU S LVN - PRU'],
      RUSSIA: ['A WAR S A LVN - PRU', 'A LVN - PRU'],
    },
    expect: {
      results: {
        'A BER - PRU': 'succeeds',
        'A SIL S A BER - PRU': 'succeeds',
        'F BAL S A BER - PRU': 'succeeds',
        'A PRU S LVN - PRU': 'illegal',
        'A WAR S A LVN - PRU': 'succeeds',
        'A LVN - PRU': 'fails',
      },
      dislodged: ['A PRU'],
    },
    note:
      'The Italian order is written by the document without the supported unit\'s type ("Supports Livonia - ' +
      'Prussia") and is transcribed so. It is illegal because a unit can only support into an area it could ' +
      'move to itself (issue 4.E.1: ignored).',
  },
];
