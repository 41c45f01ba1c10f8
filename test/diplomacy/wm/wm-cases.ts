/**
 * Regression cases for the World Masters house rules (seeds/004_501f3be3938ac3f6.txt, section D), in
 * the DATC case format (`../datc/datc-case.ts`). `expect` is the answer the WM rule text gives (the
 * `wm` profile); `profiles.datc2000` gives the `datc2000` answer where that profile decides the case
 * differently (DESIGN.md "Rule profiles"). Every case cites the rule it checks in its `note`.
 *
 * Cases on which the engine disagreed with the rule text are deliberately left out of this file (so the
 * suite stays green); they are listed in the report that accompanied it, for the engine to be fixed first.
 */
import type { DatcCase } from '../datc/datc-case.js';

export const cases: DatcCase[] = [
  // ---------------------------------------------------------------------------------------------
  // D.III(4) Illegal orders hold and may be supported; a move possible with any nation's convoy is legal
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.III(4).1',
    title: 'An illegally ordered unit holds and may receive support to hold',
    units: {
      FRANCE: ['A PAR', 'A PIC'],
      GERMANY: ['A BUR', 'A GAS'],
    },
    orders: {
      FRANCE: ['A PAR - MUN', 'A PIC S A PAR'],
      GERMANY: ['A BUR - PAR', 'A GAS S A BUR - PAR'],
    },
    expect: {
      results: {
        'A PAR - MUN': 'illegal',
        'A PIC S A PAR': 'succeeds',
        'A BUR - PAR': 'fails',
        'A GAS S A BUR - PAR': 'succeeds',
      },
      dislodged: [],
      units: {
        FRANCE: ['A PAR', 'A PIC'],
        GERMANY: ['A BUR', 'A GAS'],
      },
    },
    note: 'D.III(4): a unit ordered illegally (Paris is not adjacent to Munich and cannot be convoyed) is presumed to hold and may receive support to hold; 2 against 2, the German attack fails.',
  },
  {
    id: 'WM.D.III(4).2',
    title: 'A move possible only with a foreign convoy is not illegal (so it cannot be supported to hold)',
    units: {
      ENGLAND: ['A LON', 'A WAL'],
      GERMANY: ['F NTH'],
      FRANCE: ['F ENG', 'A YOR'],
    },
    orders: {
      ENGLAND: ['A LON - NWY', 'A WAL S A LON'],
      GERMANY: ['F NTH H'],
      FRANCE: ['F ENG - LON', 'A YOR S F ENG - LON'],
    },
    expect: {
      results: {
        'A LON - NWY': 'fails',
        'A WAL S A LON': 'fails',
        'F ENG - LON': 'succeeds',
        'A YOR S F ENG - LON': 'succeeds',
      },
      dislodged: ['A LON'],
      units: {
        ENGLAND: ['A WAL'],
        GERMANY: ['F NTH'],
        FRANCE: ['F LON', 'A YOR'],
      },
    },
    note:
      'D.III(4): "A unit will not be adjudged to have been ordered illegally, if ... such movement would have been possible ' +
      'with the aid of other units on the board, irrespective of nationality". The German fleet in the North Sea could have ' +
      'convoyed London to Norway, so the order is a (failed) move, not an illegal order turned hold: the support to hold ' +
      'does not apply and the French attack (2 against 1) dislodges the army.',
  },

  // ---------------------------------------------------------------------------------------------
  // D.III(5) Multiple orders for one unit: the last one is used
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.III(5).1',
    title: 'Two move orders for one unit: the later one is used',
    units: { FRANCE: ['A PAR'] },
    orders: { FRANCE: ['A PAR - BUR', 'A PAR - PIC'] },
    expect: {
      results: { 'A PAR - PIC': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A PIC'] },
    },
    note: 'D.III(5): "the last order reading from top to bottom ... will be used". (wm.test.ts also checks that the earlier order is reported as superseded.)',
  },
  {
    id: 'WM.D.III(5).2',
    title: 'A move followed by a hold: the unit holds and the earlier move has no effect',
    units: {
      FRANCE: ['A PAR'],
      GERMANY: ['A MUN'],
    },
    orders: {
      FRANCE: ['A PAR - BUR', 'A PAR H'],
      GERMANY: ['A MUN - BUR'],
    },
    expect: {
      results: { 'A PAR H': 'succeeds', 'A MUN - BUR': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A PAR'], GERMANY: ['A BUR'] },
    },
    note: 'D.III(5): only the last order counts, so Paris does not move to Burgundy and cannot bounce the German army.',
  },
  {
    id: 'WM.D.III(5).3',
    title: 'A legal move followed by an illegal one: the illegal one is used and the unit holds',
    units: { FRANCE: ['A PAR'] },
    orders: { FRANCE: ['A PAR - BUR', 'A PAR - MUN'] },
    expect: {
      results: { 'A PAR - MUN': 'illegal' },
      dislodged: [],
      units: { FRANCE: ['A PAR'] },
    },
    note: 'D.III(5) with D.III(4): the last order is used even though it is illegal; the unit is presumed to hold.',
  },

  // ---------------------------------------------------------------------------------------------
  // D.IV(1),(2) Unit type and nationality
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.IV(1).1',
    title: 'Wrong unit type in a move and in a support does not invalidate them',
    units: {
      FRANCE: ['A PAR', 'A MAR'],
      GERMANY: ['A BUR'],
    },
    orders: {
      FRANCE: ['F PAR - BUR', 'F MAR S F PAR - BUR'],
    },
    expect: {
      results: { 'F PAR - BUR': 'succeeds', 'F MAR S F PAR - BUR': 'succeeds' },
      dislodged: ['A BUR'],
      units: { FRANCE: ['A BUR', 'A MAR'] },
    },
    note: 'D.IV(1): "An omitted or inaccurate designation of the type of a unit (A or F) in orders other than build orders will not invalidate the order."',
  },
  {
    id: 'WM.D.IV(1).2',
    title: 'Wrong unit types in a convoy order and in the convoyed move',
    units: { ENGLAND: ['A LON', 'F NTH'] },
    orders: { ENGLAND: ['A NTH C F LON - NWY', 'F LON - NWY'] },
    expect: {
      results: { 'A NTH C F LON - NWY': 'succeeds', 'F LON - NWY': 'succeeds' },
      dislodged: [],
      units: { ENGLAND: ['A NWY', 'F NTH'] },
    },
    note: 'D.IV(1): the types written (an "army" convoying a "fleet") are inaccurate; the orders are followed for the real fleet and army.',
  },
  {
    id: 'WM.D.IV(1).3',
    title: 'Omitted unit types do not invalidate a move or a support',
    units: {
      FRANCE: ['A PAR', 'A MAR'],
      GERMANY: ['A BUR'],
    },
    orders: {
      FRANCE: ['PAR - BUR', 'MAR S PAR - BUR'],
    },
    expect: {
      results: { 'PAR - BUR': 'succeeds', 'MAR S PAR - BUR': 'succeeds' },
      dislodged: ['A BUR'],
      units: { FRANCE: ['A BUR', 'A MAR'] },
    },
    note: 'D.IV(1): an omitted designation of the unit type does not invalidate the order.',
  },
  {
    id: 'WM.D.IV(1).4',
    title: 'Wrong unit type in a retreat order does not invalidate it',
    units: {
      ENGLAND: ['A PIC', 'F ENG', 'F NTH'],
      FRANCE: ['A BEL'],
    },
    orders: {
      ENGLAND: ['A PIC - BEL', 'F ENG C A PIC - BEL', 'F NTH S A PIC - BEL'],
    },
    expect: {
      results: { 'A PIC - BEL': 'succeeds' },
      dislodged: ['A BEL'],
      units: { ENGLAND: ['A BEL', 'F ENG', 'F NTH'] },
    },
    then: [
      {
        phase: 'S1901R',
        orders: { FRANCE: ['F BEL R HOL'] },
        expect: {
          results: { 'F BEL R HOL': 'succeeds' },
          units: { ENGLAND: ['A BEL', 'F ENG', 'F NTH'], FRANCE: ['A HOL'] },
        },
      },
    ],
    note: 'D.IV(1): the type designation is inaccurate in an order other than a build order; the army retreats.',
  },
  {
    id: 'WM.D.IV(1).5',
    title: 'Wrong unit type in a disband order does not invalidate it',
    phase: 'W1901A',
    units: { FRANCE: ['A PAR', 'A MAR', 'F BRE', 'A BUR'] },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR'] },
    orders: { FRANCE: ['F BUR D'] },
    expect: {
      results: { 'F BUR D': 'succeeds' },
      units: { FRANCE: ['A PAR', 'A MAR', 'F BRE'] },
    },
    note: 'D.IV(1): a disband is not a build order, so an inaccurate type does not invalidate it.',
  },
  {
    id: 'WM.D.IV(2).1',
    title: 'Wrong nationality of a supported unit does not invalidate the support',
    units: {
      FRANCE: ['A PAR', 'A MAR'],
      GERMANY: ['A BUR'],
    },
    orders: {
      FRANCE: ['A PAR - BUR', 'A MAR S ITALIAN A PAR - BUR'],
    },
    expect: {
      results: { 'A PAR - BUR': 'succeeds', 'A MAR S ITALIAN A PAR - BUR': 'succeeds' },
      dislodged: ['A BUR'],
      units: { FRANCE: ['A BUR', 'A MAR'] },
    },
    note: 'D.IV(2): "An omitted or inaccurate designation of the nationality of a supported or convoyed foreign unit will not invalidate the order."',
  },
  {
    id: 'WM.D.IV(2).2',
    title: 'Wrong nationality of a convoyed foreign army does not invalidate the convoy',
    units: {
      ENGLAND: ['A LON'],
      GERMANY: ['F NTH'],
    },
    orders: {
      ENGLAND: ['A LON - NWY'],
      GERMANY: ['F NTH C FRENCH A LON - NWY'],
    },
    expect: {
      results: { 'A LON - NWY': 'succeeds', 'F NTH C FRENCH A LON - NWY': 'succeeds' },
      dislodged: [],
      units: { ENGLAND: ['A NWY'], GERMANY: ['F NTH'] },
    },
    note: 'D.IV(2): the convoyed army is English, not French; the convoy order stands.',
  },

  // ---------------------------------------------------------------------------------------------
  // D.IV(3) Coasts
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.IV(3)(a).1',
    title: 'A hold order with a wrong coast is valid and may be supported',
    units: {
      FRANCE: ['F SPA/NC', 'A GAS'],
      ENGLAND: ['F MAO', 'F POR'],
    },
    orders: {
      FRANCE: ['F SPA/SC H', 'A GAS S F SPA/SC'],
      ENGLAND: ['F MAO - SPA/NC', 'F POR S F MAO - SPA/NC'],
    },
    expect: {
      results: {
        'F SPA/SC H': 'succeeds',
        'A GAS S F SPA/SC': 'succeeds',
        'F MAO - SPA/NC': 'fails',
        'F POR S F MAO - SPA/NC': 'succeeds',
      },
      dislodged: [],
      units: {
        FRANCE: ['F SPA/NC', 'A GAS'],
        ENGLAND: ['F MAO', 'F POR'],
      },
    },
    note: 'D.IV(3)(a): "Missing or inaccurate designations will never invalidate hold orders" (nor, by (c), the support to hold); 2 against 2, the fleet on the north coast stays.',
  },
  {
    id: 'WM.D.IV(3)(a).2',
    title: 'A hold order with the coast missing is valid',
    units: {
      FRANCE: ['F SPA/SC', 'A GAS'],
      ENGLAND: ['F MAO', 'F POR'],
    },
    orders: {
      FRANCE: ['F SPA H', 'A GAS S F SPA'],
      ENGLAND: ['F MAO - SPA/SC', 'F POR S F MAO - SPA/SC'],
    },
    expect: {
      results: { 'F SPA H': 'succeeds', 'A GAS S F SPA': 'succeeds', 'F MAO - SPA/SC': 'fails' },
      dislodged: [],
      units: {
        FRANCE: ['F SPA/SC', 'A GAS'],
        ENGLAND: ['F MAO', 'F POR'],
      },
    },
    note: 'D.IV(3)(a),(c): missing coasts never invalidate hold or support orders.',
  },
  {
    id: 'WM.D.IV(3)(b).1',
    title: 'F GAS - SPA/SC moves to the north coast',
    units: { FRANCE: ['F GAS'] },
    orders: { FRANCE: ['F GAS - SPA/SC'] },
    expect: {
      results: { 'F GAS - SPA/SC': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['F SPA/NC'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'F GAS - SPA/SC': 'illegal' },
          dislodged: [],
          units: { FRANCE: ['F GAS'] },
        },
        why: 'DATC v2.4 6.B.3 / issue 4.B.3: a coast that cannot be reached makes the move illegal.',
      },
    },
    note: 'D.IV(3)(b): an inaccurate coast never invalidates a move outside the three ambiguous cases; from Gascony only the north coast can be reached.',
  },
  {
    id: 'WM.D.IV(3)(b).2',
    title: 'F AEG - BUL/EC moves to the south coast',
    units: { TURKEY: ['F AEG'] },
    orders: { TURKEY: ['F AEG - BUL/EC'] },
    expect: {
      results: { 'F AEG - BUL/EC': 'succeeds' },
      dislodged: [],
      units: { TURKEY: ['F BUL/SC'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'F AEG - BUL/EC': 'illegal' },
          dislodged: [],
          units: { TURKEY: ['F AEG'] },
        },
        why: 'DATC v2.4 issue 4.B.3: a coast that cannot be reached makes the move illegal.',
      },
    },
    note: 'D.IV(3)(b): inaccurate coast, not one of the ambiguous situations.',
  },
  {
    id: 'WM.D.IV(3)(b).3',
    title: 'F MAO - SPA without a coast fails',
    units: { FRANCE: ['F MAO'] },
    orders: { FRANCE: ['F MAO - SPA'] },
    expect: {
      results: { 'F MAO - SPA': 'illegal' },
      dislodged: [],
      units: { FRANCE: ['F MAO'] },
    },
    note: 'D.IV(3)(b): "F Mid-Atlantic Ocean - Spain" is one of the listed ambiguous situations (DATC 4.B.1 agrees).',
  },
  {
    id: 'WM.D.IV(3)(b).4',
    title: 'F POR - SPA without a coast fails',
    units: { FRANCE: ['F POR'] },
    orders: { FRANCE: ['F POR - SPA'] },
    expect: {
      results: { 'F POR - SPA': 'illegal' },
      dislodged: [],
      units: { FRANCE: ['F POR'] },
    },
    note: 'D.IV(3)(b): "F Portugal - Spain" is ambiguous.',
  },
  {
    id: 'WM.D.IV(3)(b).5',
    title: 'F CON - BUL without a coast fails',
    units: { TURKEY: ['F CON'] },
    orders: { TURKEY: ['F CON - BUL'] },
    expect: {
      results: { 'F CON - BUL': 'illegal' },
      dislodged: [],
      units: { TURKEY: ['F CON'] },
    },
    note: 'D.IV(3)(b): "F Constantinople - Bulgaria" is ambiguous.',
  },
  {
    id: 'WM.D.IV(3)(b).6',
    title: 'F BLA - BUL without a coast moves to the east coast',
    units: { RUSSIA: ['F BLA'] },
    orders: { RUSSIA: ['F BLA - BUL'] },
    expect: {
      results: { 'F BLA - BUL': 'succeeds' },
      dislodged: [],
      units: { RUSSIA: ['F BUL/EC'] },
    },
    note: 'D.IV(3)(b): a missing coast never invalidates a move outside the ambiguous cases (DATC 4.B.2 agrees).',
  },
  {
    id: 'WM.D.IV(3)(b).7',
    title: 'Wrong coast of the ordered fleet does not invalidate its move',
    units: { FRANCE: ['F SPA/NC'] },
    orders: { FRANCE: ['F SPA/SC - MAO'] },
    expect: {
      results: { 'F SPA/SC - MAO': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['F MAO'] },
    },
    note: 'D.IV(3)(b): inaccurate designations never invalidate movement orders (DATC 6.B.10 agrees).',
  },
  {
    id: 'WM.D.IV(3)(c).1',
    title: 'Support naming the other coast than the move is valid',
    units: {
      FRANCE: ['F MAO', 'F POR'],
      ITALY: ['F WES', 'F LYO'],
    },
    orders: {
      FRANCE: ['F POR S F MAO - SPA/NC', 'F MAO - SPA/SC'],
      ITALY: ['F LYO S F WES - SPA/SC', 'F WES - SPA/SC'],
    },
    expect: {
      results: {
        'F POR S F MAO - SPA/NC': 'succeeds',
        'F MAO - SPA/SC': 'fails',
        'F LYO S F WES - SPA/SC': 'succeeds',
        'F WES - SPA/SC': 'fails',
      },
      dislodged: [],
      units: {
        FRANCE: ['F MAO', 'F POR'],
        ITALY: ['F WES', 'F LYO'],
      },
    },
    profiles: {
      datc2000: {
        expect: {
          results: {
            'F POR S F MAO - SPA/NC': 'fails',
            'F MAO - SPA/SC': 'fails',
            'F LYO S F WES - SPA/SC': 'succeeds',
            'F WES - SPA/SC': 'succeeds',
          },
          dislodged: [],
          units: {
            FRANCE: ['F MAO', 'F POR'],
            ITALY: ['F SPA/SC', 'F LYO'],
          },
        },
        why: 'DATC 6.B.9: a support naming a coast must match the move; the French support is void and Italy moves in.',
      },
    },
    note: 'D.IV(3)(c): "Missing, inaccurate or conflicting designations will never invalidate support orders. Any support order to a province with two coasts is considered a valid support order for movement to either coast." 2 against 2: both fleets bounce.',
  },
  {
    id: 'WM.D.IV(3)(c).2',
    title: 'Support naming the coast the supporter cannot reach, with the move to the other coast, dislodges',
    units: {
      FRANCE: ['F MAO', 'F MAR'],
      ITALY: ['A SPA'],
    },
    orders: {
      FRANCE: ['F MAO - SPA/NC', 'F MAR S F MAO - SPA/SC'],
      ITALY: ['A SPA H'],
    },
    expect: {
      results: { 'F MAO - SPA/NC': 'succeeds', 'F MAR S F MAO - SPA/SC': 'succeeds' },
      dislodged: ['A SPA'],
      units: { FRANCE: ['F SPA/NC', 'F MAR'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'F MAO - SPA/NC': 'fails', 'F MAR S F MAO - SPA/SC': 'fails' },
          dislodged: [],
          units: { FRANCE: ['F MAO', 'F MAR'], ITALY: ['A SPA'] },
        },
        why: 'DATC 6.B.9: the support names the south coast while the move is to the north coast, so it is void.',
      },
    },
    note: 'D.IV(3)(c): conflicting designations never invalidate a support; a support to a two-coast province is valid for movement to either coast.',
  },
  {
    id: 'WM.D.IV(3)(c).3',
    title: 'Support without a coast to a two-coast province is valid',
    units: {
      FRANCE: ['F MAO', 'F POR'],
      ITALY: ['A SPA'],
    },
    orders: {
      FRANCE: ['F MAO - SPA/NC', 'F POR S F MAO - SPA'],
      ITALY: ['A SPA H'],
    },
    expect: {
      results: { 'F MAO - SPA/NC': 'succeeds', 'F POR S F MAO - SPA': 'succeeds' },
      dislodged: ['A SPA'],
      units: { FRANCE: ['F SPA/NC', 'F POR'] },
    },
    note: 'D.IV(3)(c): a missing coast never invalidates a support (DATC 6.B.7 agrees).',
  },

  // ---------------------------------------------------------------------------------------------
  // D.V Adjustment orders
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.V(1).1',
    title: 'Build with the type omitted: an army in an inland centre, nothing in a coastal one',
    phase: 'W1901A',
    units: {},
    centers: { FRANCE: ['BRE', 'MAR', 'PAR'] },
    orders: { FRANCE: ['PAR B', 'BRE B'] },
    expect: {
      results: { 'PAR B': 'succeeds', 'BRE B': 'fails' },
      units: { FRANCE: ['A PAR'] },
    },
    note: 'D.V(1): with no type given, "no unit will be built ... if the Supply Center ... can produce armies or fleets, but an army will be built if the Supply Center can produce armies only".',
  },
  {
    id: 'WM.D.V(1).2',
    title: 'Build with the type omitted and a legal coast given builds a fleet on that coast',
    phase: 'W1901A',
    units: { RUSSIA: ['A MOS', 'A WAR', 'F SEV'] },
    centers: { RUSSIA: ['MOS', 'WAR', 'SEV', 'STP'] },
    orders: { RUSSIA: ['STP/NC B'] },
    expect: {
      results: { 'STP/NC B': 'succeeds' },
      units: { RUSSIA: ['A MOS', 'A WAR', 'F SEV', 'F STP/NC'] },
    },
    note: 'D.V(1): "except that if a legal coast is specified, a fleet will be built on that coast".',
  },
  {
    id: 'WM.D.V(1).3',
    title: 'Build with the type and the coast omitted in St Petersburg builds nothing',
    phase: 'W1901A',
    units: { RUSSIA: ['A MOS', 'A WAR', 'F SEV'] },
    centers: { RUSSIA: ['MOS', 'WAR', 'SEV', 'STP'] },
    orders: { RUSSIA: ['STP B'] },
    expect: {
      results: { 'STP B': 'fails' },
      units: { RUSSIA: ['A MOS', 'A WAR', 'F SEV'] },
    },
    note: 'D.V(1): St Petersburg can produce armies or fleets; no type and no coast, so nothing is built.',
  },
  {
    id: 'WM.D.V(2).1',
    title: 'Too many builds: followed from the bottom up',
    phase: 'W1901A',
    units: { FRANCE: ['A SPA', 'A POR', 'A BUR'] },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR', 'SPA', 'POR'] },
    orders: { FRANCE: ['A PAR B', 'A MAR B', 'F BRE B'] },
    expect: {
      results: { 'A PAR B': 'fails', 'A MAR B': 'succeeds', 'F BRE B': 'succeeds' },
      units: { FRANCE: ['A SPA', 'A POR', 'A BUR', 'A MAR', 'F BRE'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A PAR B': 'succeeds', 'A MAR B': 'succeeds', 'F BRE B': 'fails' },
          units: { FRANCE: ['A SPA', 'A POR', 'A BUR', 'A PAR', 'A MAR'] },
        },
        why: 'DATC v2.4 6.I.1: excess builds are ignored from the top down (the first ones count).',
      },
    },
    note: 'D.V(2): "the builds or disbands will be followed in order, from bottom to top (right to left) of the order set until the correct number ... are reached". Two builds are allowed.',
  },
  {
    id: 'WM.D.V(2).2',
    title: 'Too many disbands: followed from the bottom up',
    phase: 'W1901A',
    units: { FRANCE: ['A PAR', 'A MAR', 'F BRE', 'A BUR'] },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR'] },
    orders: { FRANCE: ['A BUR D', 'F BRE D'] },
    expect: {
      results: { 'A BUR D': 'fails', 'F BRE D': 'succeeds' },
      units: { FRANCE: ['A PAR', 'A MAR', 'A BUR'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A BUR D': 'succeeds', 'F BRE D': 'fails' },
          units: { FRANCE: ['A PAR', 'A MAR', 'F BRE'] },
        },
        why: 'DATC v2.4: excess removals are ignored from the top down.',
      },
    },
    note: 'D.V(2): one removal is due; the orders are followed from the bottom up, so the fleet in Brest goes.',
  },
  {
    id: 'WM.D.V(2).3',
    title: 'Too many builds: a build that produces nothing does not count',
    phase: 'W1901A',
    units: { FRANCE: ['A SPA', 'A POR', 'A BUR'] },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR', 'SPA', 'POR'] },
    orders: { FRANCE: ['A PAR B', 'A MAR B', 'BRE B'] },
    expect: {
      results: { 'A PAR B': 'succeeds', 'A MAR B': 'succeeds', 'BRE B': 'fails' },
      units: { FRANCE: ['A SPA', 'A POR', 'A BUR', 'A PAR', 'A MAR'] },
    },
    note: 'D.V(2) with D.V(1): the bottom order builds nothing (Brest can produce both types), so the two orders above it are followed.',
  },
  {
    id: 'WM.D.V(3).1',
    title: 'Two builds in one centre: the lowest one counts',
    phase: 'W1901A',
    units: { FRANCE: ['A SPA', 'A MAR'] },
    centers: { FRANCE: ['BRE', 'MAR', 'PAR', 'SPA'] },
    orders: { FRANCE: ['A BRE B', 'F BRE B'] },
    expect: {
      results: { 'A BRE B': 'fails', 'F BRE B': 'succeeds' },
      units: { FRANCE: ['A SPA', 'A MAR', 'F BRE'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A BRE B': 'succeeds', 'F BRE B': 'fails' },
          units: { FRANCE: ['A SPA', 'A MAR', 'A BRE'] },
        },
        why: 'DATC v2.4: of two builds in one centre the first counts.',
      },
    },
    note: 'D.V(3): "the first build order, reading from bottom to top (right to left) of the order set will be followed".',
  },
  {
    id: 'WM.D.V(4).1',
    title: 'Civil disorder: the seed examples, Russian F BUL/SC (3) then A CON (2), with Turkey owning Sevastopol',
    phase: 'W1901A',
    units: { RUSSIA: ['A CON', 'F BUL/SC', 'A MOS'] },
    centers: { RUSSIA: ['MOS'], TURKEY: ['SEV', 'ANK', 'SMY'] },
    orders: {},
    expect: {
      units: { RUSSIA: ['A MOS'] },
    },
    note: 'D.V(4): "a Russian army in Constantinople ... would stand two spaces distant from home ... a Russian fleet on the south coast of Bulgaria ... three"; ownership of Sevastopol does not matter. Two removals: the fleet (3), then the army (2).',
  },
  {
    id: 'WM.D.V(4).2',
    title: 'Civil disorder completes an insufficient set of removals',
    phase: 'W1901A',
    units: { RUSSIA: ['A CON', 'F BUL/SC', 'A MOS'] },
    centers: { RUSSIA: ['MOS'] },
    orders: { RUSSIA: ['A MOS D'] },
    expect: {
      results: { 'A MOS D': 'succeeds' },
      units: { RUSSIA: ['A CON'] },
    },
    note: 'D.V(4): "When a removing player fails to order sufficient removals, the GM removes further units": the ordered removal stands and the most distant unit (F BUL/SC, 3) goes.',
  },
  {
    id: 'WM.D.V(4).3',
    title: 'Civil disorder: an army counts moves across water (A CON 2 ties with A BOH 2; Bohemia first)',
    phase: 'W1901A',
    units: { RUSSIA: ['A CON', 'A BOH', 'A MOS'] },
    centers: { RUSSIA: ['MOS', 'WAR'] },
    orders: {},
    expect: {
      units: { RUSSIA: ['A CON', 'A MOS'] },
    },
    note: 'D.V(4): the army in Constantinople reaches Sevastopol in two moves across the Black Sea (three over land); Bohemia is two from Warsaw. Equal distance, same kind: the space whose English name comes first (Bohemia) is removed.',
  },
  {
    id: 'WM.D.V(4).4',
    title: 'Civil disorder: at equal distance the fleet goes before the army',
    phase: 'W1901A',
    units: { RUSSIA: ['F BUL/SC', 'A ALB', 'A MOS'] },
    centers: { RUSSIA: ['MOS', 'WAR'] },
    orders: {},
    expect: {
      units: { RUSSIA: ['A ALB', 'A MOS'] },
    },
    note: 'D.V(4): F BUL/SC is three fleet moves from Sevastopol; A ALB three moves (ALB-SER-RUM-SEV). "When an army and a fleet stand equally distant from home, the GM removes the fleet before the army" (alphabetically Albania would come first).',
  },
  {
    id: 'WM.D.V(4).5',
    title: 'Civil disorder: same kind and distance, alphabetical by English name (Finland before Gulf of Bothnia)',
    phase: 'W1901A',
    units: { RUSSIA: ['F BOT', 'F FIN', 'A MOS'] },
    centers: { RUSSIA: ['MOS', 'WAR'] },
    orders: {},
    expect: {
      units: { RUSSIA: ['F BOT', 'A MOS'] },
    },
    note: 'D.V(4): both fleets are one move from St Petersburg (south coast). "the GM removes first the unit that stands in the space whose name comes earlier in English-language alphabetical order" using the Hasbro names: Finland < Gulf of Bothnia (the code order BOT < FIN would give the opposite).',
  },
  {
    id: 'WM.D.V(5).1',
    title: 'A fleet ordered built in an inland centre: nothing is built',
    phase: 'W1901A',
    units: { GERMANY: ['F KIE', 'A BER'] },
    centers: { GERMANY: ['BER', 'KIE', 'MUN'] },
    orders: { GERMANY: ['F MUN B'] },
    expect: {
      results: { 'F MUN B': 'fails' },
      units: { GERMANY: ['F KIE', 'A BER'] },
    },
    note: 'D.V(5): "If a player orders a fleet to be built in a Supply Center that cannot contain a fleet, no unit will be built".',
  },

  // ---------------------------------------------------------------------------------------------
  // D.VI Convoys
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.D.VI(1).1',
    title: 'A unit dislodged by a convoyed army may retreat to the army’s origin',
    units: {
      ENGLAND: ['A PIC', 'F ENG', 'F NTH'],
      FRANCE: ['A BEL'],
    },
    orders: {
      ENGLAND: ['A PIC - BEL', 'F ENG C A PIC - BEL', 'F NTH S A PIC - BEL'],
    },
    expect: {
      results: { 'A PIC - BEL': 'succeeds', 'F ENG C A PIC - BEL': 'succeeds', 'F NTH S A PIC - BEL': 'succeeds' },
      dislodged: ['A BEL'],
      units: { ENGLAND: ['A BEL', 'F ENG', 'F NTH'] },
    },
    then: [
      {
        phase: 'S1901R',
        orders: { FRANCE: ['A BEL R PIC'] },
        expect: {
          results: { 'A BEL R PIC': 'succeeds' },
          units: { ENGLAND: ['A BEL', 'F ENG', 'F NTH'], FRANCE: ['A PIC'] },
        },
      },
    ],
    note: 'D.VI(1), with D.VI(2) (an English fleet convoys the English army, so it moves by convoy): the dislodged army may retreat to Picardy.',
  },
  {
    id: 'WM.D.VI(1).2',
    title: 'Dislodged by an army that moved by land (a foreign fleet’s convoy is not used): no retreat to its origin',
    units: {
      ENGLAND: ['A PIC', 'F NTH'],
      GERMANY: ['F ENG'],
      FRANCE: ['A BEL'],
    },
    orders: {
      ENGLAND: ['A PIC - BEL', 'F NTH S A PIC - BEL'],
      GERMANY: ['F ENG C A PIC - BEL'],
    },
    expect: {
      results: { 'A PIC - BEL': 'succeeds' },
      dislodged: ['A BEL'],
      units: { ENGLAND: ['A BEL', 'F NTH'], GERMANY: ['F ENG'] },
    },
    then: [
      {
        phase: 'S1901R',
        orders: { FRANCE: ['A BEL R PIC'] },
        expect: {
          results: { 'A BEL R PIC': 'fails' },
          units: { ENGLAND: ['A BEL', 'F NTH'], GERMANY: ['F ENG'] },
        },
      },
    ],
    note: 'D.VI(2): no English fleet convoys the army and the order does not say VIA, so it moves by land; D.VI(1) does not apply and the standard rule forbids the retreat to the attacker’s origin (the army is disbanded).',
  },
  {
    id: 'WM.D.VI(1).3',
    title: 'Dislodged by an army that moved by convoy with VIA through a foreign fleet: retreat to its origin allowed',
    units: {
      ENGLAND: ['A PIC', 'F NTH'],
      GERMANY: ['F ENG'],
      FRANCE: ['A BEL'],
    },
    orders: {
      ENGLAND: ['A PIC - BEL VIA', 'F NTH S A PIC - BEL'],
      GERMANY: ['F ENG C A PIC - BEL'],
    },
    expect: {
      results: { 'A PIC - BEL VIA': 'succeeds', 'F ENG C A PIC - BEL': 'succeeds' },
      dislodged: ['A BEL'],
      units: { ENGLAND: ['A BEL', 'F NTH'], GERMANY: ['F ENG'] },
    },
    then: [
      {
        phase: 'S1901R',
        orders: { FRANCE: ['A BEL R PIC'] },
        expect: {
          results: { 'A BEL R PIC': 'succeeds' },
          units: { ENGLAND: ['A BEL', 'F NTH'], GERMANY: ['F ENG'], FRANCE: ['A PIC'] },
        },
      },
    ],
    note: 'D.VI(2): explicitly ordered to move by convoy, the army is convoyed by the German fleet; D.VI(1): the dislodged army may retreat to Picardy.',
  },
  {
    id: 'WM.D.VI(2).1',
    title: 'Convoy to an adjacent province by an own fleet: the armies swap',
    units: {
      FRANCE: ['A BRE', 'F ENG'],
      GERMANY: ['A PIC'],
    },
    orders: {
      FRANCE: ['A BRE - PIC', 'F ENG C A BRE - PIC'],
      GERMANY: ['A PIC - BRE'],
    },
    expect: {
      results: { 'A BRE - PIC': 'succeeds', 'F ENG C A BRE - PIC': 'succeeds', 'A PIC - BRE': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A PIC', 'F ENG'], GERMANY: ['A BRE'] },
    },
    note: 'D.VI(2): a fleet of the army’s own nation is ordered to convoy it to the same destination, so the move is an attempt to move by convoy; no head-to-head battle.',
  },
  {
    id: 'WM.D.VI(2).2',
    title: 'Convoy to an adjacent province by a foreign fleet only: the army moves by land',
    units: {
      FRANCE: ['A BRE'],
      ENGLAND: ['F ENG'],
      GERMANY: ['A PIC'],
    },
    orders: {
      FRANCE: ['A BRE - PIC'],
      ENGLAND: ['F ENG C A BRE - PIC'],
      GERMANY: ['A PIC - BRE'],
    },
    expect: {
      results: { 'A BRE - PIC': 'fails', 'F ENG C A BRE - PIC': 'fails', 'A PIC - BRE': 'fails' },
      dislodged: [],
      units: { FRANCE: ['A BRE'], ENGLAND: ['F ENG'], GERMANY: ['A PIC'] },
    },
    note: 'D.VI(2): "If no fleet of the same nationality is ordered to convoy the army ... unless the army is explicitly ordered to move by convoy, then the order ... will be adjudicated as an attempt to move by land": a head-to-head bounce.',
  },
  {
    id: 'WM.D.VI(2).3',
    title: 'Convoy to an adjacent province by a foreign fleet with VIA: the armies swap',
    units: {
      FRANCE: ['A BRE'],
      ENGLAND: ['F ENG'],
      GERMANY: ['A PIC'],
    },
    orders: {
      FRANCE: ['A BRE - PIC VIA'],
      ENGLAND: ['F ENG C A BRE - PIC'],
      GERMANY: ['A PIC - BRE'],
    },
    expect: {
      results: { 'A BRE - PIC VIA': 'succeeds', 'F ENG C A BRE - PIC': 'succeeds', 'A PIC - BRE': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A PIC'], ENGLAND: ['F ENG'], GERMANY: ['A BRE'] },
    },
    note: 'D.VI(2): the army is explicitly ordered to move by convoy.',
  },
  {
    id: 'WM.D.VI(2).4',
    title: 'An own fleet convoying the army to another destination does not make the move a convoy',
    units: {
      FRANCE: ['A BRE', 'F ENG'],
      GERMANY: ['A PIC'],
    },
    orders: {
      FRANCE: ['A BRE - PIC', 'F ENG C A BRE - WAL'],
      GERMANY: ['A PIC - BRE'],
    },
    expect: {
      results: { 'A BRE - PIC': 'fails', 'F ENG C A BRE - WAL': 'fails', 'A PIC - BRE': 'fails' },
      dislodged: [],
      units: { FRANCE: ['A BRE', 'F ENG'], GERMANY: ['A PIC'] },
    },
    note: 'D.VI(2): the own fleet must be ordered to convoy the army "to the same destination as is stated in the order for that army"; otherwise the move is by land and bounces head to head.',
  },
  {
    id: 'WM.D.VI(2).5',
    title: 'VIA to an adjacent province with the convoy disrupted: fails, no fall-back to land',
    units: {
      FRANCE: ['A BRE'],
      GERMANY: ['F ENG'],
      ENGLAND: ['F LON', 'F WAL'],
    },
    orders: {
      FRANCE: ['A BRE - PIC VIA'],
      GERMANY: ['F ENG C A BRE - PIC'],
      ENGLAND: ['F LON - ENG', 'F WAL S F LON - ENG'],
    },
    expect: {
      results: { 'A BRE - PIC VIA': 'fails', 'F LON - ENG': 'succeeds' },
      dislodged: ['F ENG'],
      units: { FRANCE: ['A BRE'], ENGLAND: ['F ENG', 'F WAL'] },
    },
    note: 'D.VI(2): the move "will be adjudicated as an attempt to move by convoy"; the convoy is disrupted, so the move fails (DESIGN.md: no fall-back to land). datc2000 agrees (DATC v2.4 6.H.12, 4.A.3 choice d: an army whose ordered convoy is disrupted tries the convoy and fails; the land route is taken only when no convoy is ordered, 6.G.8).',
  },
  {
    id: 'WM.D.VI(2).6',
    title: 'Own-fleet convoy to an adjacent province disrupted: fails, no fall-back to land',
    units: {
      FRANCE: ['A BRE', 'F ENG'],
      ENGLAND: ['F LON', 'F WAL'],
    },
    orders: {
      FRANCE: ['A BRE - PIC', 'F ENG C A BRE - PIC'],
      ENGLAND: ['F LON - ENG', 'F WAL S F LON - ENG'],
    },
    expect: {
      results: { 'A BRE - PIC': 'fails', 'F LON - ENG': 'succeeds' },
      dislodged: ['F ENG'],
      units: { FRANCE: ['A BRE'], ENGLAND: ['F ENG', 'F WAL'] },
    },
    note: 'D.VI(2): with its own fleet ordered to convoy it, the army attempts to move by convoy; the convoy is disrupted and the move fails. datc2000 agrees (DATC v2.4 6.H.12: the army "tries the disrupted convoy").',
  },
  {
    id: 'WM.D.VI(2).7',
    title: 'A route specified to an adjacent province is an explicit convoy: the armies swap',
    units: {
      FRANCE: ['A BRE'],
      ENGLAND: ['F ENG'],
      GERMANY: ['A PIC'],
    },
    orders: {
      FRANCE: ['A BRE - ENG - PIC'],
      ENGLAND: ['F ENG C A BRE - PIC'],
      GERMANY: ['A PIC - BRE'],
    },
    expect: {
      results: { 'A BRE - ENG - PIC': 'succeeds', 'A PIC - BRE': 'succeeds' },
      dislodged: [],
      units: { FRANCE: ['A PIC'], ENGLAND: ['F ENG'], GERMANY: ['A BRE'] },
    },
    note: 'D.VI(2),(3): an order naming the convoy route explicitly orders the army to move by convoy, so the foreign fleet convoys it.',
  },
  {
    id: 'WM.D.VI(2).8',
    title: 'Own fleet ordered to convoy, but the convoy orders form no route: wm fails, datc2000 goes by land',
    units: {
      ENGLAND: ['A LVP', 'F NAO'],
      RUSSIA: ['F NWG'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI', 'F NAO C A LVP - EDI'],
      RUSSIA: ['F NWG H'],
    },
    expect: {
      results: { 'A LVP - EDI': 'fails', 'F NAO C A LVP - EDI': 'fails' },
      dislodged: [],
      units: { ENGLAND: ['A LVP', 'F NAO'], RUSSIA: ['F NWG'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A LVP - EDI': 'succeeds' },
          dislodged: [],
          units: { ENGLAND: ['A EDI', 'F NAO'], RUSSIA: ['F NWG'] },
        },
        why: 'DATC v2.4 6.G.8 (issue 4.A.3 choice d): the convoy route counts only when there is one; the convoy orders given (F NAO alone) form no route to Edinburgh, so the army moves by land to the empty province.',
      },
    },
    note: 'D.VI(2): a convoy to Edinburgh is possible prior to adjudication (NAO and NWG, D.III(4)) and a fleet of the army\'s own nation is ordered to convoy it there, so the move is an attempt to move by convoy; the Russian fleet does not convoy, the attempt has no route and fails, with no fall-back to land (DESIGN.md "Rule profiles", 4.A.3).',
  },
  {
    id: 'WM.D.VI(3).1',
    title: 'Specified route whose fleet is dislodged: the convoy fails although the other route is intact',
    units: {
      ENGLAND: ['A EDI', 'F NTH', 'F NWG'],
      GERMANY: ['F SKA', 'F HEL'],
    },
    orders: {
      ENGLAND: ['A EDI - NTH - NWY', 'F NTH C A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['F SKA - NTH', 'F HEL S F SKA - NTH'],
    },
    expect: {
      results: { 'A EDI - NTH - NWY': 'fails', 'F NWG C A EDI - NWY': 'fails', 'F SKA - NTH': 'succeeds' },
      dislodged: ['F NTH'],
      units: { ENGLAND: ['A EDI', 'F NWG'], GERMANY: ['F NTH', 'F HEL'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A EDI - NTH - NWY': 'succeeds', 'F NWG C A EDI - NWY': 'succeeds', 'F SKA - NTH': 'succeeds' },
          dislodged: ['F NTH'],
          units: { ENGLAND: ['A NWY', 'F NWG'], GERMANY: ['F NTH', 'F HEL'] },
        },
        why: 'DATC 4.A.6: route specifications are not part of the rules and are ignored; the route through the Norwegian Sea is intact.',
      },
    },
    note: 'D.VI(3),(4): two routes (EDI-NTH-NWY, EDI-NWG-NWY) are possible; the order specifies the North Sea route, and "the attempt to convoy will be disrupted if any fleet that is part of a specified ... convoy route is dislodged".',
  },
  {
    id: 'WM.D.VI(3).2',
    title: 'Specified route intact, the other route’s fleet dislodged: the army arrives',
    units: {
      ENGLAND: ['A EDI', 'F NTH', 'F NWG'],
      FRANCE: ['F NAO', 'F BAR'],
    },
    orders: {
      ENGLAND: ['A EDI - NTH - NWY', 'F NTH C A EDI - NWY', 'F NWG C A EDI - NWY'],
      FRANCE: ['F NAO - NWG', 'F BAR S F NAO - NWG'],
    },
    expect: {
      results: { 'A EDI - NTH - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds', 'F NAO - NWG': 'succeeds' },
      dislodged: ['F NWG'],
      units: { ENGLAND: ['A NWY', 'F NTH'], FRANCE: ['F NWG', 'F BAR'] },
    },
    note: 'D.VI(3),(4): only the specified route matters, and it is intact.',
  },
  {
    id: 'WM.D.VI(3).3',
    title: 'Specified route whose fleet is not ordered to convoy: the army does not use the other route',
    units: { ENGLAND: ['A EDI', 'F NTH', 'F NWG'] },
    orders: { ENGLAND: ['A EDI - NTH - NWY', 'F NTH H', 'F NWG C A EDI - NWY'] },
    expect: {
      results: { 'A EDI - NTH - NWY': 'fails', 'F NWG C A EDI - NWY': 'fails' },
      dislodged: [],
      units: { ENGLAND: ['A EDI', 'F NTH', 'F NWG'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A EDI - NTH - NWY': 'succeeds', 'F NWG C A EDI - NWY': 'succeeds' },
          dislodged: [],
          units: { ENGLAND: ['A NWY', 'F NTH', 'F NWG'] },
        },
        why: 'DATC 4.A.6: the route specification is ignored; the Norwegian Sea fleet convoys the army.',
      },
    },
    note: 'D.VI(3): the order "limits or specifies the convoy route that army is to attempt to take"; the only route it attempts has no convoying fleet.',
  },
  {
    id: 'WM.D.VI(3).4',
    title: 'A specified route that is not a chain is illegal: the army holds and may be supported',
    units: {
      ENGLAND: ['A LON', 'F NTH', 'A WAL'],
      FRANCE: ['F ENG', 'A YOR'],
    },
    orders: {
      ENGLAND: ['A LON - NAO - NWY', 'F NTH C A LON - NWY', 'A WAL S A LON'],
      FRANCE: ['F ENG - LON', 'A YOR S F ENG - LON'],
    },
    expect: {
      results: {
        'A LON - NAO - NWY': 'illegal',
        'F NTH C A LON - NWY': 'fails',
        'A WAL S A LON': 'succeeds',
        'F ENG - LON': 'fails',
      },
      dislodged: [],
      units: { ENGLAND: ['A LON', 'F NTH', 'A WAL'], FRANCE: ['F ENG', 'A YOR'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: {
            'A LON - NAO - NWY': 'succeeds',
            'F NTH C A LON - NWY': 'succeeds',
            'A WAL S A LON': 'fails',
            'F ENG - LON': 'succeeds',
          },
          dislodged: [],
          units: { ENGLAND: ['A NWY', 'F NTH', 'A WAL'], FRANCE: ['F LON', 'A YOR'] },
        },
        why: 'DATC 4.A.6: the route is ignored; A LON - NWY is convoyed by the North Sea fleet and France walks into the vacated London.',
      },
    },
    note: 'D.VI(3) with D.III(4): London does not touch the North Atlantic, so the route cannot be taken; the order is illegal, the army holds and the support to hold counts (2 against 2).',
  },
  {
    id: 'WM.D.VI(4).1',
    title: 'No route specified: dislodging one of two routes’ fleets does not disrupt the convoy',
    units: {
      ENGLAND: ['A EDI', 'F NTH', 'F NWG'],
      GERMANY: ['F SKA', 'F HEL'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F NTH C A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['F SKA - NTH', 'F HEL S F SKA - NTH'],
    },
    expect: {
      results: { 'A EDI - NWY': 'succeeds', 'F NWG C A EDI - NWY': 'succeeds', 'F SKA - NTH': 'succeeds' },
      dislodged: ['F NTH'],
      units: { ENGLAND: ['A NWY', 'F NWG'], GERMANY: ['F NTH', 'F HEL'] },
    },
    note: 'D.VI(4): "if no specified or limited convoy route is listed ..., the attempted convoy will only be disrupted if fleets necessary for all the possible convoy routes ... are dislodged".',
  },
  {
    id: 'WM.D.VI(4).2',
    title: 'No route specified: dislodging the fleets of both routes disrupts the convoy',
    units: {
      ENGLAND: ['A EDI', 'F NTH', 'F NWG'],
      GERMANY: ['F SKA', 'F HEL'],
      FRANCE: ['F NAO', 'F BAR'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F NTH C A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['F SKA - NTH', 'F HEL S F SKA - NTH'],
      FRANCE: ['F NAO - NWG', 'F BAR S F NAO - NWG'],
    },
    expect: {
      results: { 'A EDI - NWY': 'fails', 'F SKA - NTH': 'succeeds', 'F NAO - NWG': 'succeeds' },
      dislodged: ['F NTH', 'F NWG'],
      units: { ENGLAND: ['A EDI'], GERMANY: ['F NTH', 'F HEL'], FRANCE: ['F NWG', 'F BAR'] },
    },
    note: 'D.VI(4): all possible routes are disrupted.',
  },
  {
    id: 'WM.D.VI(5).1',
    title: 'A convoyed army does not cut support for an attack on its own starting province',
    units: {
      ENGLAND: ['A LON', 'F NTH'],
      GERMANY: ['F ENG', 'A YOR'],
    },
    orders: {
      ENGLAND: ['A LON - YOR', 'F NTH C A LON - YOR'],
      GERMANY: ['F ENG - LON', 'A YOR S F ENG - LON'],
    },
    expect: {
      results: {
        'A LON - YOR': 'fails',
        'F NTH C A LON - YOR': 'fails',
        'A YOR S F ENG - LON': 'succeeds',
        'F ENG - LON': 'succeeds',
      },
      dislodged: ['A LON'],
      units: { ENGLAND: ['F NTH'], GERMANY: ['F LON', 'A YOR'] },
    },
    note: 'D.VI(5): London is convoyed (its own fleet convoys it, D.VI(2)) to Yorkshire, whose unit supports the attack on London; the support is not cut, F ENG - LON (2) beats the failed mover (1).',
  },
  {
    id: 'WM.D.VI(6).1',
    title: 'Convoy paradox: the convoyed move fails and has no effect on its destination',
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
        'F ENG C A BRE - LON': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['F LON', 'F WAL'],
        FRANCE: ['A BRE', 'F ENG', 'F YOR'],
        GERMANY: ['F NTH', 'F BEL'],
      },
    },
    note: 'D.VI(6) (DATC 6.F.17, Pandin\'s extended paradox): "any attempted move of an army by convoy which is part of the paradox fails, and the attempted move has no effect on the province named as the destination": the support from London is not cut and London is not dislodged.',
  },
  {
    id: 'WM.D.VI(6).2',
    title: 'Convoy to an adjacent province by an own fleet in a paradox: no fall-back to land (DATC 6.G.11)',
    units: {
      ENGLAND: ['F NWY', 'F NTH'],
      RUSSIA: ['A SWE', 'F SKA', 'F BAR'],
    },
    orders: {
      ENGLAND: ['F NWY S F NTH - SKA', 'F NTH - SKA'],
      RUSSIA: ['A SWE - NWY', 'F SKA C A SWE - NWY', 'F BAR S A SWE - NWY'],
    },
    expect: {
      results: {
        'F NWY S F NTH - SKA': 'succeeds',
        'F NTH - SKA': 'succeeds',
        'A SWE - NWY': 'fails',
        'F SKA C A SWE - NWY': 'fails',
      },
      dislodged: ['F SKA'],
      units: { ENGLAND: ['F NWY', 'F SKA'], RUSSIA: ['A SWE', 'F BAR'] },
    },
    note: 'D.VI(2): the Russian fleet in Skagerrak is ordered to convoy the army to Norway, so A SWE - NWY is an attempt to move by convoy, not by land. D.VI(5),(6): whether the convoy works depends on whether the support from Norway is cut, which depends on the convoy: a paradox, so the convoyed move fails and has no effect on Norway; the support stands and F NTH (2) dislodges F SKA (1). The same answer as DATC v3.0 and v2.4 6.G.11, under both profiles.',
  },
  {
    id: 'WM.D.VI(6).3',
    title: 'The same paradox with the army ordered VIA convoy: no fall-back to land',
    units: {
      ENGLAND: ['F NWY', 'F NTH'],
      RUSSIA: ['A SWE', 'F SKA', 'F BAR'],
    },
    orders: {
      ENGLAND: ['F NWY S F NTH - SKA', 'F NTH - SKA'],
      RUSSIA: ['A SWE - NWY VIA', 'F SKA C A SWE - NWY', 'F BAR S A SWE - NWY'],
    },
    expect: {
      results: {
        'F NWY S F NTH - SKA': 'succeeds',
        'F NTH - SKA': 'succeeds',
        'A SWE - NWY VIA': 'fails',
        'F SKA C A SWE - NWY': 'fails',
      },
      dislodged: ['F SKA'],
      units: { ENGLAND: ['F NWY', 'F SKA'], RUSSIA: ['A SWE', 'F BAR'] },
    },
    note: 'D.VI(2): explicitly ordered to move by convoy (and by its own fleet), the army attempts to move by convoy; D.VI(6): the paradox fails the convoyed move with no effect on Norway, so F SKA is dislodged and the army stays in Sweden. datc2000 agrees: the convoy orders form a route, so DATC v2.4 4.A.3 choice d uses it with no fall-back (6.G.11).',
  },
  {
    id: 'WM.D.VI(7).1',
    title: 'A fleet convoys a foreign army against its own nation’s unit, no other route: the dislodgement happens',
    units: {
      ENGLAND: ['A EDI', 'F SKA'],
      GERMANY: ['A NWY', 'F NTH'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F SKA S A EDI - NWY'],
      GERMANY: ['A NWY H', 'F NTH C A EDI - NWY'],
    },
    expect: {
      results: { 'A EDI - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds', 'F SKA S A EDI - NWY': 'succeeds' },
      dislodged: ['A NWY'],
      units: { ENGLAND: ['A NWY', 'F SKA'], GERMANY: ['F NTH'] },
    },
    note: 'D.VI(7): "Where the convoying of a foreign unit would cause the dislodgement of a unit belonging to the convoying power, and no other convoy routes are available, then the convoy and the dislodgment will be permitted."',
  },
  {
    id: 'WM.D.VI(7).2',
    title: 'Another nation’s fleet offers another route: the own-nation convoy is not used, so when that route is disrupted the army fails',
    units: {
      ENGLAND: ['A EDI', 'F SKA', 'F NWG'],
      GERMANY: ['A NWY', 'F NTH'],
      RUSSIA: ['F BAR', 'F NAO'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F SKA S A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['A NWY H', 'F NTH C A EDI - NWY'],
      RUSSIA: ['F BAR - NWG', 'F NAO S F BAR - NWG'],
    },
    expect: {
      results: { 'A EDI - NWY': 'fails', 'F NTH C A EDI - NWY': 'fails', 'F BAR - NWG': 'succeeds' },
      dislodged: ['F NWG'],
      units: { ENGLAND: ['A EDI', 'F SKA'], GERMANY: ['A NWY', 'F NTH'], RUSSIA: ['F NWG', 'F NAO'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A EDI - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds', 'F BAR - NWG': 'succeeds' },
          dislodged: ['F NWG', 'A NWY'],
          units: { ENGLAND: ['A NWY', 'F SKA'], GERMANY: ['F NTH'], RUSSIA: ['F NWG', 'F NAO'] },
        },
        why: 'DATC 6.D.16-style: a fleet may convoy a foreign army that dislodges a unit of its own nation; the North Sea route is intact.',
      },
    },
    note:
      'D.VI(7) as the engine models it (movement.ts decideConvoyMoves): "no other convoy routes are available" is judged before ' +
      'adjudication from the fleets ordered to convoy; the English fleet in the Norwegian Sea offers another route, so the German ' +
      'convoy against its own army is not permitted, and the Norwegian Sea fleet is dislodged.',
  },
  {
    id: 'WM.D.VI(7).3',
    title: 'Another route available and intact: the army arrives by it, the own-nation convoy is not used',
    units: {
      ENGLAND: ['A EDI', 'F SKA', 'F NWG'],
      GERMANY: ['A NWY', 'F NTH'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F SKA S A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['A NWY H', 'F NTH C A EDI - NWY'],
    },
    expect: {
      results: { 'A EDI - NWY': 'succeeds', 'F NWG C A EDI - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'fails' },
      dislodged: ['A NWY'],
      units: { ENGLAND: ['A NWY', 'F SKA', 'F NWG'], GERMANY: ['F NTH'] },
    },
    profiles: {
      datc2000: {
        expect: {
          results: { 'A EDI - NWY': 'succeeds', 'F NWG C A EDI - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds' },
          dislodged: ['A NWY'],
          units: { ENGLAND: ['A NWY', 'F SKA', 'F NWG'], GERMANY: ['F NTH'] },
        },
        why: 'Without D.VI(7) the German fleet is part of the convoy too.',
      },
    },
    note: 'D.VI(7): another route is available, so the German fleet’s convoy against its own army is not used; the dislodgement happens by the Norwegian Sea route.',
  },
  {
    id: 'WM.D.VI(7).4',
    title: 'A fleet present but not ordered to convoy is no other route: the own-nation convoy is used',
    units: {
      ENGLAND: ['A EDI', 'F SKA'],
      GERMANY: ['A NWY', 'F NTH'],
      FRANCE: ['F NWG'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F SKA S A EDI - NWY'],
      GERMANY: ['A NWY H', 'F NTH C A EDI - NWY'],
      FRANCE: ['F NWG H'],
    },
    expect: {
      results: { 'A EDI - NWY': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds' },
      dislodged: ['A NWY'],
      units: { ENGLAND: ['A NWY', 'F SKA'], GERMANY: ['F NTH'], FRANCE: ['F NWG'] },
    },
    note: 'D.VI(7) as the engine models it: only fleets ordered to convoy the army there make a route "available"; the French fleet holds, so the German convoy and the dislodgement are permitted.',
  },

  {
    id: 'WM.D.VI(7).5',
    title: 'The unit of the convoying power leaves: the convoy dislodges nobody, so its fleet carries the army',
    units: {
      ENGLAND: ['A EDI', 'F NWG'],
      GERMANY: ['A NWY', 'F NTH'],
      RUSSIA: ['F BAR', 'F NAO'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['A NWY - SWE', 'F NTH C A EDI - NWY'],
      RUSSIA: ['F BAR - NWG', 'F NAO S F BAR - NWG'],
    },
    expect: {
      results: { 'A EDI - NWY': 'succeeds', 'A NWY - SWE': 'succeeds', 'F NTH C A EDI - NWY': 'succeeds' },
      dislodged: ['F NWG'],
      units: { ENGLAND: ['A NWY'], GERMANY: ['A SWE', 'F NTH'], RUSSIA: ['F NWG', 'F NAO'] },
    },
    note: 'D.VI(7) applies only where the convoy "would cause the dislodgement of a unit belonging to the convoying power". The German army leaves Norway, so the German fleet may carry the English army; the route through NWG is cut by the Russian attack, the one through NTH holds.',
  },
  {
    id: 'WM.D.VI(7).6',
    title: 'The unit of the convoying power leaves and a third army attacks the same province: a standoff',
    units: {
      ENGLAND: ['A EDI', 'F NWG'],
      GERMANY: ['A NWY', 'F NTH'],
      RUSSIA: ['F BAR', 'F NAO', 'A STP'],
    },
    orders: {
      ENGLAND: ['A EDI - NWY', 'F NWG C A EDI - NWY'],
      GERMANY: ['A NWY - SWE', 'F NTH C A EDI - NWY'],
      RUSSIA: ['F BAR - NWG', 'F NAO S F BAR - NWG', 'A STP - NWY'],
    },
    expect: {
      results: { 'A EDI - NWY': 'fails', 'A STP - NWY': 'fails', 'A NWY - SWE': 'succeeds' },
      dislodged: ['F NWG'],
      units: { ENGLAND: ['A EDI'], GERMANY: ['A SWE', 'F NTH'], RUSSIA: ['F NWG', 'F NAO', 'A STP'] },
    },
    note: 'D.VI(7): as WM.D.VI(7).5, the convoy through NTH stands because the German army leaves; the English and Russian armies then stand off in Norway.',
  },

  // ---------------------------------------------------------------------------------------------
  // Phase sequencing (DESIGN.md "The adjudication CLI contract"); more in wm.test.ts
  // ---------------------------------------------------------------------------------------------
  {
    id: 'WM.SEQ.1',
    title: 'A dislodged unit with no retreat is disbanded at once',
    units: {
      ENGLAND: ['A EDI', 'A LVP'],
      FRANCE: ['A CLY'],
    },
    orders: {
      ENGLAND: ['A EDI - CLY', 'A LVP S A EDI - CLY'],
      FRANCE: ['A CLY H'],
    },
    expect: {
      results: { 'A EDI - CLY': 'succeeds', 'A CLY H': 'fails' },
      dislodged: ['A CLY'],
      units: { ENGLAND: ['A CLY', 'A LVP'] },
    },
    note: 'DESIGN.md: a dislodged unit with nowhere to go (Liverpool occupied, Edinburgh the attacker’s origin) is disbanded at once; wm.test.ts checks that no retreat phase follows.',
  },
];
