/**
 * DATC v3.0 chapter 6.A (basic checks), 6.B (coastal issues) and 6.C (circular movement),
 * transcribed from the Diplomacy Adjudicator Test Cases by Lucas B. Kruijswijk.
 */
import type { DatcCase } from './datc-case.js';

export const cases: DatcCase[] = [
  // ---------------------------------------------------------------------------------------------
  // 6.A. Basic checks
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.A.1',
    title: 'Moving to an area that is not a neighbour',
    units: { ENGLAND: ['F NTH'] },
    orders: { ENGLAND: ['F NTH - PIC'] },
    expect: {
      results: { 'F NTH - PIC': 'illegal' },
      dislodged: [],
    },
  },
  {
    id: '6.A.2',
    title: 'Move army to sea',
    units: { ENGLAND: ['A LVP'] },
    orders: { ENGLAND: ['A LVP - IRI'] },
    expect: {
      results: { 'A LVP - IRI': 'illegal' },
      dislodged: [],
    },
  },
  {
    id: '6.A.3',
    title: 'Move fleet to land',
    units: { GERMANY: ['F KIE'] },
    orders: { GERMANY: ['F KIE - MUN'] },
    expect: {
      results: { 'F KIE - MUN': 'illegal' },
      dislodged: [],
    },
  },
  {
    id: '6.A.4',
    title: 'Move to own sector',
    units: { GERMANY: ['F KIE'] },
    orders: { GERMANY: ['F KIE - KIE'] },
    expect: {
      results: { 'F KIE - KIE': 'illegal' },
      dislodged: [],
    },
    note: 'The document only requires that the program does not crash; its prose calls the move illegal.',
  },
  {
    id: '6.A.5',
    title: 'Move to own sector with convoy',
    units: {
      ENGLAND: ['F NTH', 'A YOR', 'A LVP'],
      GERMANY: ['F LON', 'A WAL'],
    },
    orders: {
      ENGLAND: ['F NTH C A YOR - YOR', 'A YOR - YOR', 'A LVP S A YOR - YOR'],
      GERMANY: ['F LON - YOR', 'A WAL S F LON - YOR'],
    },
    expect: {
      results: {
        'A YOR - YOR': 'illegal',
        'A LVP S A YOR - YOR': 'illegal',
        'F LON - YOR': 'succeeds',
        'A WAL S F LON - YOR': 'succeeds',
      },
      dislodged: ['A YOR'],
    },
    note: 'The document says "the army in London" dislodges Yorkshire; the unit in London is the German fleet. The convoy order (of an illegal move) is not checked.',
  },
  {
    id: '6.A.6',
    title: 'Ordering a unit of another country',
    units: { ENGLAND: ['F LON'] },
    orders: { GERMANY: ['F LON - NTH'] },
    expect: {
      results: { 'F LON - NTH': 'illegal' },
      dislodged: [],
      units: { ENGLAND: ['F LON'] },
    },
    note: 'wm D.IV(1),(2) (a wrong nationality does not invalidate an order) concerns how a power names its own unit; it does not let Germany order an English unit, so no profile differs.',
  },
  {
    id: '6.A.7',
    title: 'Only armies can be convoyed',
    units: { ENGLAND: ['F LON', 'F NTH'] },
    orders: { ENGLAND: ['F LON - BEL', 'F NTH C A LON - BEL'] },
    expect: {
      results: { 'F LON - BEL': 'illegal' },
      dislodged: [],
      units: { ENGLAND: ['F LON', 'F NTH'] },
    },
    note: 'The document says the move "should fail"; a fleet cannot be convoyed and London is not adjacent to Belgium, so it is illegal. Under wm D.IV(1) the wrong unit type in the convoy order does not void the convoy order, but a fleet still cannot be convoyed: same result.',
  },
  {
    id: '6.A.8',
    title: 'Support to hold yourself is not possible',
    units: {
      ITALY: ['A VEN', 'A TYR'],
      AUSTRIA: ['F TRI'],
    },
    orders: {
      ITALY: ['A VEN - TRI', 'A TYR S A VEN - TRI'],
      AUSTRIA: ['F TRI S F TRI'],
    },
    expect: {
      results: {
        'A VEN - TRI': 'succeeds',
        'A TYR S A VEN - TRI': 'succeeds',
        'F TRI S F TRI': 'illegal',
      },
      dislodged: ['F TRI'],
    },
    note: 'The document says "the army in Trieste should be dislodged"; the unit in Trieste is the Austrian fleet.',
  },
  {
    id: '6.A.9',
    title: 'Fleets must follow coast if not on sea',
    units: { ITALY: ['F ROM'] },
    orders: { ITALY: ['F ROM - VEN'] },
    expect: {
      results: { 'F ROM - VEN': 'illegal' },
      dislodged: [],
    },
  },
  {
    id: '6.A.10',
    title: 'Support on unreachable destination not possible',
    units: {
      AUSTRIA: ['A VEN'],
      ITALY: ['F ROM', 'A APU'],
    },
    orders: {
      AUSTRIA: ['A VEN H'],
      ITALY: ['F ROM S A APU - VEN', 'A APU - VEN'],
    },
    expect: {
      results: {
        'F ROM S A APU - VEN': 'illegal',
        'A APU - VEN': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.A.11',
    title: 'Simple bounce',
    units: {
      AUSTRIA: ['A VIE'],
      ITALY: ['A VEN'],
    },
    orders: {
      AUSTRIA: ['A VIE - TYR'],
      ITALY: ['A VEN - TYR'],
    },
    expect: {
      results: {
        'A VIE - TYR': 'fails',
        'A VEN - TYR': 'fails',
      },
      dislodged: [],
    },
  },
  {
    id: '6.A.12',
    title: 'Bounce of three units',
    units: {
      AUSTRIA: ['A VIE'],
      GERMANY: ['A MUN'],
      ITALY: ['A VEN'],
    },
    orders: {
      AUSTRIA: ['A VIE - TYR'],
      GERMANY: ['A MUN - TYR'],
      ITALY: ['A VEN - TYR'],
    },
    expect: {
      results: {
        'A VIE - TYR': 'fails',
        'A MUN - TYR': 'fails',
        'A VEN - TYR': 'fails',
      },
      dislodged: [],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // 6.B. Coastal issues
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.B.1',
    title: 'Moving with unspecified coast when coast is necessary',
    units: { FRANCE: ['F POR'] },
    orders: { FRANCE: ['F POR - SPA'] },
    expect: {
      results: { 'F POR - SPA': 'fails' },
      dislodged: [],
      units: { FRANCE: ['F POR'] },
    },
    note: 'Issue 4.B.1: the move fails. wm D.IV(3)(b) names F POR - SPA without coast as one of the ambiguous moves that fail (illegal), so wm agrees.',
  },
  {
    id: '6.B.2',
    title: 'Moving with unspecified coast when coast is not necessary',
    units: { FRANCE: ['F GAS'] },
    orders: { FRANCE: ['F GAS - SPA'] },
    expect: {
      results: { 'F GAS - SPA': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['F SPA/NC'] },
    },
    note: 'Depends on issue 4.B.2; the document prefers option a (a move is attempted to the only possible coast, the north coast). wm D.IV(3)(b) agrees.',
  },
  {
    id: '6.B.3',
    title: 'Moving with wrong coast when coast is not necessary',
    units: { FRANCE: ['F GAS'] },
    orders: { FRANCE: ['F GAS - SPA/SC'] },
    expect: {
      results: { 'F GAS - SPA/SC': 'illegal' },
      dislodged: [],
      units: { FRANCE: ['F GAS'] },
    },
    profiles: {
      wm: {
        expect: {
          results: { 'F GAS - SPA/SC': 'succeeds' },
          dislodged: [],
          units: { FRANCE: ['F SPA/NC'] },
        },
        why: 'D.IV(3)(b): a wrong coast never invalidates a move (only the ambiguous F MAO/POR - SPA and F CON - BUL fail); from Gascony only the north coast can be reached, so the fleet moves to SPA/NC.',
      },
    },
    note: 'Depends on issue 4.B.3; the document prefers option b (the order is illegal, the fleet holds). datc2000 (v2.4) has the same preference.',
  },
  {
    id: '6.B.4',
    title: 'Support to unreachable coast allowed',
    units: {
      FRANCE: ['F GAS', 'F MAR'],
      ITALY: ['F WES'],
    },
    orders: {
      FRANCE: ['F GAS - SPA/NC', 'F MAR S F GAS - SPA/NC'],
      ITALY: ['F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F GAS - SPA/NC': 'succeeds',
        'F MAR S F GAS - SPA/NC': 'succeeds',
        'F WES - SPA/SC': 'fails',
      },
      dislodged: [],
      units: { FRANCE: ['F SPA/NC', 'F MAR'], ITALY: ['F WES'] },
    },
  },
  {
    id: '6.B.5',
    title: 'Support from unreachable coast not allowed',
    units: {
      FRANCE: ['F MAR', 'F SPA/NC'],
      ITALY: ['F LYO'],
    },
    orders: {
      FRANCE: ['F MAR - LYO', 'F SPA/NC S F MAR - LYO'],
      ITALY: ['F LYO H'],
    },
    expect: {
      results: {
        'F MAR - LYO': 'fails',
        'F SPA/NC S F MAR - LYO': 'illegal',
      },
      dislodged: [],
    },
  },
  {
    id: '6.B.6',
    title: 'Support can be cut with other coast',
    units: {
      ENGLAND: ['F IRI', 'F NAO'],
      FRANCE: ['F SPA/NC', 'F MAO'],
      ITALY: ['F LYO'],
    },
    orders: {
      ENGLAND: ['F IRI S F NAO - MAO', 'F NAO - MAO'],
      FRANCE: ['F SPA/NC S F MAO', 'F MAO H'],
      ITALY: ['F LYO - SPA/SC'],
    },
    expect: {
      results: {
        'F IRI S F NAO - MAO': 'succeeds',
        'F NAO - MAO': 'succeeds',
        'F SPA/NC S F MAO': 'cut',
        'F LYO - SPA/SC': 'fails',
      },
      dislodged: ['F MAO'],
    },
  },
  {
    id: '6.B.7',
    title: 'Supporting own unit with unspecified coast',
    units: {
      FRANCE: ['F POR', 'F MAO'],
      ITALY: ['F LYO', 'F WES'],
    },
    orders: {
      FRANCE: ['F POR S F MAO - SPA', 'F MAO - SPA/NC'],
      ITALY: ['F LYO S F WES - SPA/SC', 'F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F POR S F MAO - SPA': 'succeeds',
        'F MAO - SPA/NC': 'fails',
        'F LYO S F WES - SPA/SC': 'succeeds',
        'F WES - SPA/SC': 'fails',
      },
      dislodged: [],
      units: { FRANCE: ['F POR', 'F MAO'], ITALY: ['F LYO', 'F WES'] },
    },
    note: 'Depends on issue 4.B.4; the document prefers that a support without coast is accepted (when orders are checked only on adjudication), so the support succeeds and the two fleets bounce. wm D.IV(3)(c) agrees.',
  },
  {
    id: '6.B.8',
    title: 'Supporting with unspecified coast when only one coast is possible',
    units: {
      FRANCE: ['F POR', 'F GAS'],
      ITALY: ['F LYO', 'F WES'],
    },
    orders: {
      FRANCE: ['F POR S F GAS - SPA', 'F GAS - SPA/NC'],
      ITALY: ['F LYO S F WES - SPA/SC', 'F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F POR S F GAS - SPA': 'succeeds',
        'F GAS - SPA/NC': 'fails',
        'F LYO S F WES - SPA/SC': 'succeeds',
        'F WES - SPA/SC': 'fails',
      },
      dislodged: [],
      units: { FRANCE: ['F POR', 'F GAS'], ITALY: ['F LYO', 'F WES'] },
    },
  },
  {
    id: '6.B.9',
    title: 'Supporting with wrong coast',
    units: {
      FRANCE: ['F POR', 'F MAO'],
      ITALY: ['F LYO', 'F WES'],
    },
    orders: {
      FRANCE: ['F POR S F MAO - SPA/NC', 'F MAO - SPA/SC'],
      ITALY: ['F LYO S F WES - SPA/SC', 'F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F POR S F MAO - SPA/NC': 'illegal',
        'F MAO - SPA/SC': 'fails',
        'F LYO S F WES - SPA/SC': 'succeeds',
        'F WES - SPA/SC': 'succeeds',
      },
      dislodged: [],
      units: { FRANCE: ['F POR', 'F MAO'], ITALY: ['F LYO', 'F SPA/SC'] },
    },
    profiles: {
      wm: {
        expect: {
          results: {
            'F POR S F MAO - SPA/NC': 'succeeds',
            'F MAO - SPA/SC': 'fails',
            'F LYO S F WES - SPA/SC': 'succeeds',
            'F WES - SPA/SC': 'fails',
          },
          dislodged: [],
          units: { FRANCE: ['F POR', 'F MAO'], ITALY: ['F LYO', 'F WES'] },
        },
        why: 'D.IV(3)(c): a wrong or conflicting coast never invalidates a support; a support to Spain is valid for a move to either coast, so Portugal supports MAO - SPA/SC, both attacks on Spain have strength 2 and bounce.',
      },
    },
    note: 'Depends on issue 4.B.4: the coast in a support order must match the move (the document calls the support "invalid"; transcribed as illegal/void).',
  },
  {
    id: '6.B.10',
    title: 'Unit ordered with wrong coast',
    units: { FRANCE: ['F SPA/SC'] },
    orders: { FRANCE: ['F SPA/NC - LYO'] },
    expect: {
      results: { 'F SPA/NC - LYO': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['F LYO'] },
    },
    note: 'Depends on issue 4.B.5; the document prefers option b (the coast of the ordered unit is ignored, the move is attempted).',
  },
  {
    id: '6.B.11',
    title: 'Coast cannot be ordered to change',
    units: { FRANCE: ['F SPA/NC'] },
    orders: { FRANCE: ['F SPA/SC - LYO'] },
    expect: {
      results: { 'F SPA/SC - LYO': 'fails' },
      dislodged: [],
      units: { FRANCE: ['F SPA/NC'] },
    },
  },
  {
    id: '6.B.12',
    title: 'Army movement with coastal specification',
    units: { FRANCE: ['A GAS'] },
    orders: { FRANCE: ['A GAS - SPA/NC'] },
    expect: {
      results: { 'A GAS - SPA/NC': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A SPA'] },
    },
    note: 'Depends on issue 4.B.6; the document prefers option b (the irrelevant coast is ignored, the move is attempted).',
  },
  {
    id: '6.B.13',
    title: 'Coastal crawl not allowed',
    units: { TURKEY: ['F BUL/SC', 'F CON'] },
    orders: { TURKEY: ['F BUL/SC - CON', 'F CON - BUL/EC'] },
    expect: {
      results: {
        'F BUL/SC - CON': 'fails',
        'F CON - BUL/EC': 'fails',
      },
      dislodged: [],
      units: { TURKEY: ['F BUL/SC', 'F CON'] },
    },
  },
  {
    id: '6.B.14',
    title: 'Building with unspecified coast',
    phase: 'W1901A',
    units: {},
    orders: { RUSSIA: ['F STP B'] },
    expect: {
      results: { 'F STP B': 'fails' },
      units: {},
    },
    note: 'Issue 4.B.7: a fleet built in St Petersburg needs a coast; the build fails. The document gives no position: an empty board with standard home centres is used, so Russia has builds available and St Petersburg is empty. wm D.IV leniency does not cover builds, so wm agrees.',
  },
  {
    id: '6.B.15',
    title: 'Supporting foreign unit with unspecified coast',
    units: {
      FRANCE: ['F POR'],
      ENGLAND: ['F MAO'],
      ITALY: ['F LYO', 'F WES'],
    },
    orders: {
      FRANCE: ['F POR S F MAO - SPA'],
      ENGLAND: ['F MAO - SPA/NC'],
      ITALY: ['F LYO S F WES - SPA/SC', 'F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F POR S F MAO - SPA': 'succeeds',
        'F MAO - SPA/NC': 'fails',
        'F LYO S F WES - SPA/SC': 'succeeds',
        'F WES - SPA/SC': 'fails',
      },
      dislodged: [],
      units: { FRANCE: ['F POR'], ENGLAND: ['F MAO'], ITALY: ['F LYO', 'F WES'] },
    },
    note: 'Depends on issue 4.B.4; the document prefers that a support without coast is accepted even for a foreign unit (Calhamer would reject it). wm D.IV(3)(c) agrees. This case is new in v3.0 (not in v2.4); datc2000 follows the document for coasts.',
  },

  // ---------------------------------------------------------------------------------------------
  // 6.C. Circular movement
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.C.1',
    title: 'Three army circular movement',
    units: { TURKEY: ['F ANK', 'A CON', 'A SMY'] },
    orders: { TURKEY: ['F ANK - CON', 'A CON - SMY', 'A SMY - ANK'] },
    expect: {
      results: {
        'F ANK - CON': 'succeeds',
        'A CON - SMY': 'succeeds',
        'A SMY - ANK': 'succeeds',
      },
      dislodged: [],
      units: { TURKEY: ['F CON', 'A SMY', 'A ANK'] },
    },
  },
  {
    id: '6.C.2',
    title: 'Three army circular movement with support',
    units: { TURKEY: ['F ANK', 'A CON', 'A SMY', 'A BUL'] },
    orders: { TURKEY: ['F ANK - CON', 'A CON - SMY', 'A SMY - ANK', 'A BUL S F ANK - CON'] },
    expect: {
      results: {
        'F ANK - CON': 'succeeds',
        'A CON - SMY': 'succeeds',
        'A SMY - ANK': 'succeeds',
        'A BUL S F ANK - CON': 'succeeds',
      },
      dislodged: [],
      units: { TURKEY: ['F CON', 'A SMY', 'A ANK', 'A BUL'] },
    },
  },
  {
    id: '6.C.3',
    title: 'A disrupted three army circular movement',
    units: { TURKEY: ['F ANK', 'A CON', 'A SMY', 'A BUL'] },
    orders: { TURKEY: ['F ANK - CON', 'A CON - SMY', 'A SMY - ANK', 'A BUL - CON'] },
    expect: {
      results: {
        'F ANK - CON': 'fails',
        'A CON - SMY': 'fails',
        'A SMY - ANK': 'fails',
        'A BUL - CON': 'fails',
      },
      dislodged: [],
      units: { TURKEY: ['F ANK', 'A CON', 'A SMY', 'A BUL'] },
    },
  },
  {
    id: '6.C.4',
    title: 'A circular movement with attacked convoy',
    units: {
      AUSTRIA: ['A TRI', 'A SER'],
      TURKEY: ['A BUL', 'F AEG', 'F ION', 'F ADR'],
      ITALY: ['F NAP'],
    },
    orders: {
      AUSTRIA: ['A TRI - SER', 'A SER - BUL'],
      TURKEY: ['A BUL - TRI', 'F AEG C A BUL - TRI', 'F ION C A BUL - TRI', 'F ADR C A BUL - TRI'],
      ITALY: ['F NAP - ION'],
    },
    expect: {
      results: {
        'A TRI - SER': 'succeeds',
        'A SER - BUL': 'succeeds',
        'A BUL - TRI': 'succeeds',
        'F AEG C A BUL - TRI': 'succeeds',
        'F ION C A BUL - TRI': 'succeeds',
        'F ADR C A BUL - TRI': 'succeeds',
        'F NAP - ION': 'fails',
      },
      dislodged: [],
      units: {
        AUSTRIA: ['A SER', 'A BUL'],
        TURKEY: ['A TRI', 'F AEG', 'F ION', 'F ADR'],
        ITALY: ['F NAP'],
      },
    },
  },
  {
    id: '6.C.5',
    title: 'A disrupted circular movement due to dislodged convoy',
    units: {
      AUSTRIA: ['A TRI', 'A SER'],
      TURKEY: ['A BUL', 'F AEG', 'F ION', 'F ADR'],
      ITALY: ['F NAP', 'F TUN'],
    },
    orders: {
      AUSTRIA: ['A TRI - SER', 'A SER - BUL'],
      TURKEY: ['A BUL - TRI', 'F AEG C A BUL - TRI', 'F ION C A BUL - TRI', 'F ADR C A BUL - TRI'],
      ITALY: ['F NAP - ION', 'F TUN S F NAP - ION'],
    },
    expect: {
      results: {
        'A TRI - SER': 'fails',
        'A SER - BUL': 'fails',
        'A BUL - TRI': 'fails',
        'F ION C A BUL - TRI': 'fails',
        'F NAP - ION': 'succeeds',
        'F TUN S F NAP - ION': 'succeeds',
      },
      dislodged: ['F ION'],
    },
  },
  {
    id: '6.C.6',
    title: 'Two armies with two convoys',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      FRANCE: ['F ENG', 'A BEL'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A LON - BEL'],
      FRANCE: ['F ENG C A BEL - LON', 'A BEL - LON'],
    },
    expect: {
      results: {
        'F NTH C A LON - BEL': 'succeeds',
        'A LON - BEL': 'succeeds',
        'F ENG C A BEL - LON': 'succeeds',
        'A BEL - LON': 'succeeds',
      },
      dislodged: [],
      units: {
        ENGLAND: ['F NTH', 'A BEL'],
        FRANCE: ['F ENG', 'A LON'],
      },
    },
  },
  {
    id: '6.C.7',
    title: 'Disrupted unit swap',
    units: {
      ENGLAND: ['F NTH', 'A LON'],
      FRANCE: ['F ENG', 'A BEL', 'A BUR'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A LON - BEL'],
      FRANCE: ['F ENG C A BEL - LON', 'A BEL - LON', 'A BUR - BEL'],
    },
    expect: {
      results: {
        'A LON - BEL': 'fails',
        'A BEL - LON': 'fails',
        'A BUR - BEL': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['F NTH', 'A LON'],
        FRANCE: ['F ENG', 'A BEL', 'A BUR'],
      },
    },
  },
  {
    id: '6.C.8',
    title: 'No self dislodgement in disrupted circular movement',
    units: {
      TURKEY: ['F CON', 'A BUL', 'A SMY'],
      RUSSIA: ['F BLA'],
      AUSTRIA: ['A SER'],
    },
    orders: {
      TURKEY: ['F CON - BLA', 'A BUL - CON', 'A SMY S A BUL - CON'],
      RUSSIA: ['F BLA - BUL/EC'],
      AUSTRIA: ['A SER - BUL'],
    },
    expect: {
      results: {
        'F CON - BLA': 'fails',
        'A BUL - CON': 'fails',
        'F BLA - BUL/EC': 'fails',
        'A SER - BUL': 'fails',
      },
      dislodged: [],
      units: {
        TURKEY: ['F CON', 'A BUL', 'A SMY'],
        RUSSIA: ['F BLA'],
        AUSTRIA: ['A SER'],
      },
    },
  },
  {
    id: '6.C.9',
    title: 'No help in dislodgement of own unit in disrupted circular movement',
    units: {
      TURKEY: ['F CON', 'A SMY'],
      RUSSIA: ['F BLA'],
      AUSTRIA: ['A SER', 'A BUL'],
    },
    orders: {
      TURKEY: ['F CON - BLA', 'A SMY S A BUL - CON'],
      RUSSIA: ['F BLA - BUL/EC'],
      AUSTRIA: ['A SER - BUL', 'A BUL - CON'],
    },
    expect: {
      results: {
        'F CON - BLA': 'fails',
        'F BLA - BUL/EC': 'fails',
        'A SER - BUL': 'fails',
        'A BUL - CON': 'fails',
      },
      dislodged: [],
      units: {
        TURKEY: ['F CON', 'A SMY'],
        RUSSIA: ['F BLA'],
        AUSTRIA: ['A SER', 'A BUL'],
      },
    },
  },
];
