/**
 * DATC v3.0 chapter 6, sections 6.G (convoying to adjacent provinces), 6.H (retreating),
 * 6.I (building) and 6.J (civil disorder and disbands), transcribed from the document
 * (the test cases of chapter 6 may be copied freely). Format: see `datc-case.ts`.
 */
import type { DatcCase } from './datc-case.js';

export const cases: DatcCase[] = [
  // ---------------------------------------------------------------------------------------------
  // 6.G. CONVOYING TO ADJACENT PROVINCES
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.G.1',
    title: 'Two units can swap provinces by convoy',
    units: {
      ENGLAND: ['A NWY', 'F SKA'],
      RUSSIA: ['A SWE'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE', 'F SKA C A NWY - SWE'],
      RUSSIA: ['A SWE - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE': 'succeeds',
        'F SKA C A NWY - SWE': 'succeeds',
        'A SWE - NWY': 'succeeds',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A SWE', 'F SKA'],
        RUSSIA: ['A NWY'],
      },
    },
    note: 'Issue 4.A.3: a convoying fleet of the same power shows the intent to convoy (all rulebooks, preferred); with explicit adjacent convoying (DPTG) it would be a head-to-head battle.',
  },
  {
    id: '6.G.2',
    title: 'Kidnapping an army',
    units: {
      ENGLAND: ['A NWY'],
      RUSSIA: ['F SWE'],
      GERMANY: ['F SKA'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE'],
      RUSSIA: ['F SWE - NWY'],
      GERMANY: ['F SKA C A NWY - SWE'],
    },
    expect: {
      results: {
        'A NWY - SWE': 'fails',
        'F SWE - NWY': 'fails',
      },
      dislodged: [],
    },
    note: 'Issue 4.A.3: kidnapping is prevented (a foreign convoy does not make the move a convoy); only under the 1971 rulebook would the units swap.',
  },
  {
    id: '6.G.3',
    title: 'An unwanted disrupted convoy to adjacent province',
    units: {
      FRANCE: ['F BRE', 'A PIC', 'A BUR', 'F MAO'],
      ENGLAND: ['F ENG'],
    },
    orders: {
      FRANCE: ['F BRE - ENG', 'A PIC - BEL', 'A BUR S A PIC - BEL', 'F MAO S F BRE - ENG'],
      ENGLAND: ['F ENG C A PIC - BEL'],
    },
    expect: {
      results: {
        'F BRE - ENG': 'succeeds',
        'A PIC - BEL': 'succeeds',
        'A BUR S A PIC - BEL': 'succeeds',
        'F MAO S F BRE - ENG': 'succeeds',
      },
      dislodged: ['F ENG'],
    },
    note: 'Issue 4.A.3: the convoy route is only used if intent is clear; the army in Picardy moves by land.',
  },
  {
    id: '6.G.4',
    title: 'An unwanted disrupted convoy to adjacent province and opposite move',
    units: {
      FRANCE: ['F BRE', 'A PIC', 'A BUR', 'F MAO'],
      ENGLAND: ['F ENG', 'A BEL'],
    },
    orders: {
      FRANCE: ['F BRE - ENG', 'A PIC - BEL', 'A BUR S A PIC - BEL', 'F MAO S F BRE - ENG'],
      ENGLAND: ['F ENG C A PIC - BEL', 'A BEL - PIC'],
    },
    expect: {
      results: {
        'F BRE - ENG': 'succeeds',
        'A PIC - BEL': 'succeeds',
        'A BUR S A PIC - BEL': 'succeeds',
        'F MAO S F BRE - ENG': 'succeeds',
        'A BEL - PIC': 'fails',
      },
      dislodged: ['F ENG', 'A BEL'],
    },
    note: 'Issue 4.A.3: kidnapping is prevented; A PIC - BEL is a land move (head-to-head with A BEL, 2 against 1), so A BEL is dislodged (implied: the document says the French army successfully moves).',
  },
  {
    id: '6.G.5',
    title: 'Swapping with multiple fleets with one own fleet',
    units: {
      ITALY: ['A ROM', 'F TYS'],
      TURKEY: ['A APU', 'F ION'],
    },
    orders: {
      ITALY: ['A ROM - APU', 'F TYS C A APU - ROM'],
      TURKEY: ['A APU - ROM', 'F ION C A APU - ROM'],
    },
    expect: {
      results: {
        'A ROM - APU': 'succeeds',
        'A APU - ROM': 'succeeds',
      },
      dislodged: [],
      units: {
        ITALY: ['A APU', 'F TYS'],
        TURKEY: ['A ROM', 'F ION'],
      },
    },
    note: 'Issue 4.A.3: one own convoying fleet (Turkish F ION) is enough to show intent; DPTG would make it a head-to-head battle.',
  },
  {
    id: '6.G.6',
    title: 'Swapping with unintended intent',
    units: {
      ENGLAND: ['A LVP', 'F ENG'],
      GERMANY: ['A EDI'],
      FRANCE: ['F IRI', 'F NTH'],
      RUSSIA: ['F NWG', 'F NAO'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI', 'F ENG C A LVP - EDI'],
      GERMANY: ['A EDI - LVP'],
      FRANCE: ['F IRI H', 'F NTH H'],
      RUSSIA: ['F NWG C A LVP - EDI', 'F NAO C A LVP - EDI'],
    },
    expect: {
      results: {
        'A LVP - EDI': 'succeeds',
        'A EDI - LVP': 'succeeds',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A EDI', 'F ENG'],
        GERMANY: ['A LVP'],
        FRANCE: ['F IRI', 'F NTH'],
        RUSSIA: ['F NWG', 'F NAO'],
      },
    },
    note: 'Issue 4.A.3 (1982/2000/2023 rulebooks, preferred): England shows intent to convoy with its own F ENG, so the army is convoyed over the (Russian) route NAO-NWG and the armies swap; under DPTG both would fail.',
  },
  {
    id: '6.G.7',
    title: 'Swapping with illegal intent',
    units: {
      ENGLAND: ['F SKA', 'F NWY'],
      RUSSIA: ['A SWE', 'F BOT'],
    },
    orders: {
      ENGLAND: ['F SKA C A SWE - NWY', 'F NWY - SWE'],
      RUSSIA: ['A SWE - NWY', 'F BOT C A SWE - NWY'],
    },
    expect: {
      results: {
        'F NWY - SWE': 'fails',
        'A SWE - NWY': 'fails',
        'F BOT C A SWE - NWY': 'illegal',
      },
      dislodged: [],
    },
    note: 'Issues 4.A.3 and 4.E.1: the convoy order of F BOT is impossible (BOT lies on no convoy route from SWE to NWY), so it is ignored and cannot show intent; the move of A SWE is by land and bounces with F NWY. The wm profile is assumed to agree (an impossible convoy order is not "ordered to convoy it there" under D.VI(2)); DATC v2.4 gave the same answer.',
  },
  {
    id: '6.G.8',
    title: "Explicit convoy that isn't there",
    units: {
      FRANCE: ['A BEL'],
      ENGLAND: ['F NTH', 'A HOL'],
    },
    orders: {
      FRANCE: ['A BEL - HOL VIA'],
      ENGLAND: ['F NTH - HEL', 'A HOL - KIE'],
    },
    expect: {
      results: {
        'A BEL - HOL VIA': 'fails',
        'F NTH - HEL': 'succeeds',
        'A HOL - KIE': 'succeeds',
      },
      dislodged: [],
      units: {
        FRANCE: ['A BEL'],
        ENGLAND: ['F HEL', 'A KIE'],
      },
    },
    profiles: {
      datc2000: {
        expect: {
          results: {
            'A BEL - HOL VIA': 'succeeds',
            'F NTH - HEL': 'succeeds',
            'A HOL - KIE': 'succeeds',
          },
          dislodged: [],
          units: {
            FRANCE: ['A HOL'],
            ENGLAND: ['F HEL', 'A KIE'],
          },
        },
        why: 'DATC v2.4 6.G.8 / issue 4.A.3 (v2 preference): "via convoy" only matters when there is both a land route and a convoy route; with no convoy ordered the land route is the fallback and A BEL moves to the vacated Holland.',
      },
    },
    note: 'Issue 4.A.3: v3.0 no longer prefers the land route as fallback, so the explicit convoy that is not there makes the move fail (the document states only this preference; the English moves are unopposed). wm D.VI(2) agrees with v3.0 (no fallback).',
  },
  {
    id: '6.G.9',
    title: 'Swapped or dislodged?',
    units: {
      ENGLAND: ['A NWY', 'F SKA', 'F FIN'],
      RUSSIA: ['A SWE'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE', 'F SKA C A NWY - SWE', 'F FIN S A NWY - SWE'],
      RUSSIA: ['A SWE - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE': 'succeeds',
        'A SWE - NWY': 'succeeds',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A SWE', 'F SKA', 'F FIN'],
        RUSSIA: ['A NWY'],
      },
    },
    note: 'Issue 4.A.3 (rulebooks, preferred): the own convoying fleet makes the move a convoy, so the armies swap; under DPTG the Russian army would be dislodged.',
  },
  {
    id: '6.G.10',
    title: 'Swapped or an head-to-head battle?',
    units: {
      ENGLAND: ['A NWY', 'F DEN', 'F FIN'],
      GERMANY: ['F SKA'],
      RUSSIA: ['A SWE', 'F BAR'],
      FRANCE: ['F NWG', 'F NTH'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE VIA', 'F DEN S A NWY - SWE', 'F FIN S A NWY - SWE'],
      GERMANY: ['F SKA C A NWY - SWE'],
      RUSSIA: ['A SWE - NWY', 'F BAR S A SWE - NWY'],
      FRANCE: ['F NWG - NWY', 'F NTH S F NWG - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE VIA': 'succeeds',
        'F DEN S A NWY - SWE': 'succeeds',
        'F FIN S A NWY - SWE': 'succeeds',
        'A SWE - NWY': 'fails',
        'F NWG - NWY': 'fails',
      },
      dislodged: ['A SWE'],
    },
    note: 'Issue 4.A.7, choice b (preferred): without a head-to-head battle the dislodged army from Sweden still bounces the fleet from the Norwegian Sea (choice a would let F NWG - NWY succeed).',
  },
  {
    id: '6.G.11',
    title: 'A convoy to an adjacent province with a paradox',
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
      units: {
        ENGLAND: ['F NWY', 'F SKA'],
        RUSSIA: ['A SWE', 'F BAR'],
      },
    },
    note:
      'Issues 4.A.2 and 4.A.3: the move is by convoy (own fleet) with no land fallback; the convoyed army does not cut the support for the attack on its convoying fleet, so F SKA is dislodged and the army does not advance. ' +
      'DATC v2.4 6.G.11 gave the same answer under its preferences (4.A.3 choice d, the 1982/2000 rule, with the Szykman rule): "the move from Sweden to Norway must be treated as a convoy ... the fleet in the North Sea will dislodge the Russian fleet in Skagerrak and the army in Sweden will not advance". ' +
      'Its land fallback (6.G.8) is only for a convoy that no orders form, so the datc2000 profile gives this answer too and no profile is needed. The same position with A SWE - NWY VIA is WM.D.VI(6).3. ' +
      '`units` (added by the transcriber) is the position after the movement, without the dislodged F SKA.',
  },
  {
    id: '6.G.12',
    title: 'Swapping two units with two convoys',
    units: {
      ENGLAND: ['A LVP', 'F NAO', 'F NWG'],
      GERMANY: ['A EDI', 'F NTH', 'F ENG', 'F IRI'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI VIA', 'F NAO C A LVP - EDI', 'F NWG C A LVP - EDI'],
      GERMANY: ['A EDI - LVP VIA', 'F NTH C A EDI - LVP', 'F ENG C A EDI - LVP', 'F IRI C A EDI - LVP'],
    },
    expect: {
      results: {
        'A LVP - EDI VIA': 'succeeds',
        'A EDI - LVP VIA': 'succeeds',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A EDI', 'F NAO', 'F NWG'],
        GERMANY: ['A LVP', 'F NTH', 'F ENG', 'F IRI'],
      },
    },
  },
  {
    id: '6.G.13',
    title: 'Support cut on attack on itself via convoy',
    units: {
      AUSTRIA: ['F ADR', 'A TRI'],
      ITALY: ['A VEN', 'F ALB'],
    },
    orders: {
      AUSTRIA: ['F ADR C A TRI - VEN', 'A TRI - VEN VIA'],
      ITALY: ['A VEN S F ALB - TRI', 'F ALB - TRI'],
    },
    expect: {
      results: {
        'A TRI - VEN VIA': 'fails',
        'A VEN S F ALB - TRI': 'succeeds',
        'F ALB - TRI': 'succeeds',
      },
      dislodged: ['A TRI'],
    },
    note: 'Issues 4.A.3 and 4.A.4, choice a (preferred): the move uses the convoy, but the attack is considered to come from Trieste, so the support of Venice for the attack on Trieste is not cut and A TRI is dislodged.',
  },
  {
    id: '6.G.14',
    title: 'Bounce by convoy to adjacent province',
    units: {
      ENGLAND: ['A NWY', 'F DEN', 'F FIN'],
      FRANCE: ['F NWG', 'F NTH'],
      GERMANY: ['F SKA'],
      RUSSIA: ['A SWE', 'F BAR'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE', 'F DEN S A NWY - SWE', 'F FIN S A NWY - SWE'],
      FRANCE: ['F NWG - NWY', 'F NTH S F NWG - NWY'],
      GERMANY: ['F SKA C A SWE - NWY'],
      RUSSIA: ['A SWE - NWY VIA', 'F BAR S A SWE - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE': 'succeeds',
        'A SWE - NWY VIA': 'fails',
        'F NWG - NWY': 'fails',
      },
      dislodged: ['A SWE'],
    },
    note: 'Issue 4.A.7, choice b (preferred): the fleet from the Norwegian Sea bounces and stays (choice a would let it advance to Norway).',
  },
  {
    id: '6.G.15',
    title: 'Bounce and dislodge with double convoy',
    units: {
      ENGLAND: ['F NTH', 'A HOL', 'A YOR', 'A LON'],
      FRANCE: ['F ENG', 'A BEL'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A HOL S A LON - BEL', 'A YOR - LON', 'A LON - BEL VIA'],
      FRANCE: ['F ENG C A BEL - LON', 'A BEL - LON VIA'],
    },
    expect: {
      results: {
        'A LON - BEL VIA': 'succeeds',
        'A BEL - LON VIA': 'fails',
        'A YOR - LON': 'fails',
      },
      dislodged: ['A BEL'],
    },
    note: 'Issue 4.A.7, choice b (preferred): the army from Yorkshire bounces with the dislodged army from Belgium and stays (choice a would let it advance to London).',
  },
  {
    id: '6.G.16',
    title: 'The two unit in one area bug, moving by convoy',
    units: {
      ENGLAND: ['A NWY', 'A DEN', 'F BAL', 'F NTH'],
      RUSSIA: ['A SWE', 'F SKA', 'F NWG'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE', 'A DEN S A NWY - SWE', 'F BAL S A NWY - SWE', 'F NTH - NWY'],
      RUSSIA: ['A SWE - NWY VIA', 'F SKA C A SWE - NWY', 'F NWG S A SWE - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE': 'succeeds',
        'A SWE - NWY VIA': 'succeeds',
        'F NTH - NWY': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A SWE', 'A DEN', 'F BAL', 'F NTH'],
        RUSSIA: ['A NWY', 'F SKA', 'F NWG'],
      },
    },
  },
  {
    id: '6.G.17',
    title: 'The two unit in one area bug, moving over land',
    units: {
      ENGLAND: ['A NWY', 'A DEN', 'F BAL', 'F SKA', 'F NTH'],
      RUSSIA: ['A SWE', 'F NWG'],
    },
    orders: {
      ENGLAND: ['A NWY - SWE VIA', 'A DEN S A NWY - SWE', 'F BAL S A NWY - SWE', 'F SKA C A NWY - SWE', 'F NTH - NWY'],
      RUSSIA: ['A SWE - NWY', 'F NWG S A SWE - NWY'],
    },
    expect: {
      results: {
        'A NWY - SWE VIA': 'succeeds',
        'A SWE - NWY': 'succeeds',
        'F NTH - NWY': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['A SWE', 'A DEN', 'F BAL', 'F SKA', 'F NTH'],
        RUSSIA: ['A NWY', 'F NWG'],
      },
    },
  },
  {
    id: '6.G.18',
    title: 'The two unit in one area bug, with double convoy',
    units: {
      ENGLAND: ['F NTH', 'A HOL', 'A YOR', 'A LON', 'A RUH'],
      FRANCE: ['F ENG', 'A BEL', 'A WAL'],
    },
    orders: {
      ENGLAND: ['F NTH C A LON - BEL', 'A HOL S A LON - BEL', 'A YOR - LON', 'A LON - BEL', 'A RUH S A LON - BEL'],
      FRANCE: ['F ENG C A BEL - LON', 'A BEL - LON', 'A WAL S A BEL - LON'],
    },
    expect: {
      results: {
        'A LON - BEL': 'succeeds',
        'A BEL - LON': 'succeeds',
        'A YOR - LON': 'fails',
      },
      dislodged: [],
      units: {
        ENGLAND: ['F NTH', 'A HOL', 'A YOR', 'A BEL', 'A RUH'],
        FRANCE: ['F ENG', 'A LON', 'A WAL'],
      },
    },
    note: 'Both moves are by convoy because each army has an own fleet ordered to convoy it (issue 4.A.3).',
  },
  {
    id: '6.G.19',
    title: 'Swapping with intent of unnecessary convoy',
    units: {
      FRANCE: ['A MAR', 'F WES'],
      ITALY: ['F LYO', 'A SPA'],
    },
    orders: {
      FRANCE: ['A MAR - SPA', 'F WES C A MAR - SPA'],
      ITALY: ['F LYO C A MAR - SPA', 'A SPA - MAR'],
    },
    expect: {
      results: {
        'F WES C A MAR - SPA': 'illegal',
        'A MAR - SPA': 'fails',
        'A SPA - MAR': 'fails',
      },
      dislodged: [],
    },
    note:
      'Issues 4.A.3 and 4.E.1 (2023 rules, preferred): F WES is not necessary for any convoy route from MAR to SPA (LYO alone suffices), so its convoy order is illegal and ignored; the foreign F LYO cannot show intent, so A MAR - SPA is a land move and bounces head-to-head with A SPA. ' +
      'DOUBT (no profile given): the "unnecessary fleet is illegal" definition is new in v3.0. If wm D.VI(2) ("a fleet of the army\'s own power is ordered to convoy it there") or the v2.4 rules (datc2000) accept F WES\'s order as legal, the route MAR-LYO-WES-SPA exists and the armies would swap (both moves succeed). The case is not in DATC v2.4.',
  },
  {
    id: '6.G.20',
    title: 'Explicit convoy to adjacent province disrupted',
    units: {
      FRANCE: ['F BRE', 'A PIC', 'A BUR', 'F MAO'],
      ENGLAND: ['F ENG'],
    },
    orders: {
      FRANCE: ['F BRE - ENG', 'A PIC - BEL VIA', 'A BUR S A PIC - BEL', 'F MAO S F BRE - ENG'],
      ENGLAND: ['F ENG C A PIC - BEL'],
    },
    expect: {
      results: {
        'F BRE - ENG': 'succeeds',
        'F MAO S F BRE - ENG': 'succeeds',
        'A PIC - BEL VIA': 'fails',
      },
      dislodged: ['F ENG'],
    },
    note:
      'Issue 4.A.3: v3.0 prefers no fallback to the land route, so the move of Picardy fails. wm D.VI(2) also has no fallback. ' +
      'The case is new in v3.0; the datc2000 profile (DATC v2.4, 4.A.3 choice d) gives the same answer: the convoy orders form a route (F ENG), so the army tries the convoy and fails with it, as the army in Liverpool does in v2.4 6.H.12; v2.4 fell back to the land route only when no convoy was ordered (6.G.8).',
  },

  // ---------------------------------------------------------------------------------------------
  // 6.H. RETREATING
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.H.1',
    title: 'No supports during retreat',
    units: {
      AUSTRIA: ['F TRI', 'A SER'],
      TURKEY: ['F GRE'],
      ITALY: ['A VEN', 'A TYR', 'F ION', 'F AEG'],
    },
    orders: {
      AUSTRIA: ['F TRI H', 'A SER H'],
      TURKEY: ['F GRE H'],
      ITALY: ['A VEN S A TYR - TRI', 'A TYR - TRI', 'F ION - GRE', 'F AEG S F ION - GRE'],
    },
    expect: {
      results: {
        'A TYR - TRI': 'succeeds',
        'F ION - GRE': 'succeeds',
        'A VEN S A TYR - TRI': 'succeeds',
        'F AEG S F ION - GRE': 'succeeds',
      },
      dislodged: ['F TRI', 'F GRE'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          AUSTRIA: ['F TRI R ALB', 'A SER S F TRI - ALB'],
          TURKEY: ['F GRE R ALB'],
        },
        expect: {
          results: {
            'F TRI R ALB': 'fails',
            'A SER S F TRI - ALB': 'illegal',
            'F GRE R ALB': 'fails',
          },
          units: {
            AUSTRIA: ['A SER'],
            ITALY: ['A VEN', 'A TRI', 'F GRE', 'F AEG'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.2',
    title: 'No supports from retreating unit',
    units: {
      ENGLAND: ['A LVP', 'F YOR', 'F NWY'],
      GERMANY: ['A KIE', 'A RUH'],
      RUSSIA: ['F EDI', 'A SWE', 'A FIN', 'F HOL'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI', 'F YOR S A LVP - EDI', 'F NWY H'],
      GERMANY: ['A KIE S A RUH - HOL', 'A RUH - HOL'],
      RUSSIA: ['F EDI H', 'A SWE S A FIN - NWY', 'A FIN - NWY', 'F HOL H'],
    },
    expect: {
      results: {
        'A LVP - EDI': 'succeeds',
        'A RUH - HOL': 'succeeds',
        'A FIN - NWY': 'succeeds',
      },
      dislodged: ['F NWY', 'F EDI', 'F HOL'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['F NWY R NTH'],
          RUSSIA: ['F EDI R NTH', 'F HOL S F EDI - NTH'],
        },
        expect: {
          results: {
            'F NWY R NTH': 'fails',
            'F EDI R NTH': 'fails',
            'F HOL S F EDI - NTH': 'illegal',
          },
          units: {
            ENGLAND: ['A EDI', 'F YOR'],
            GERMANY: ['A KIE', 'A HOL'],
            RUSSIA: ['A SWE', 'A NWY'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.3',
    title: 'No convoy during retreat',
    units: {
      ENGLAND: ['F NTH', 'A HOL'],
      GERMANY: ['F KIE', 'A RUH'],
    },
    orders: {
      ENGLAND: ['F NTH H', 'A HOL H'],
      GERMANY: ['F KIE S A RUH - HOL', 'A RUH - HOL'],
    },
    expect: {
      results: {
        'A RUH - HOL': 'succeeds',
      },
      dislodged: ['A HOL'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A HOL R YOR', 'F NTH C A HOL - YOR'],
        },
        expect: {
          results: {
            'A HOL R YOR': 'fails',
            'F NTH C A HOL - YOR': 'illegal',
          },
          units: {
            ENGLAND: ['F NTH'],
            GERMANY: ['F KIE', 'A HOL'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.4',
    title: 'No other moves during retreat',
    units: {
      ENGLAND: ['F NTH', 'A HOL'],
      GERMANY: ['F KIE', 'A RUH'],
    },
    orders: {
      ENGLAND: ['F NTH H', 'A HOL H'],
      GERMANY: ['F KIE S A RUH - HOL', 'A RUH - HOL'],
    },
    expect: {
      results: {
        'A RUH - HOL': 'succeeds',
      },
      dislodged: ['A HOL'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A HOL R BEL', 'F NTH R NWG'],
        },
        expect: {
          results: {
            'A HOL R BEL': 'succeeds',
            'F NTH R NWG': 'illegal',
          },
          units: {
            ENGLAND: ['F NTH', 'A BEL'],
            GERMANY: ['F KIE', 'A HOL'],
          },
        },
      },
    ],
    note: 'The document writes the retreat-phase order of the (not dislodged) fleet as "F North Sea - Norwegian Sea"; it is transcribed in retreat notation. The retreat of A HOL to the empty, uncontested Belgium is not discussed by the document but is legal.',
  },
  {
    id: '6.H.5',
    title: 'A unit may not retreat to the area from which it is attacked',
    units: {
      RUSSIA: ['F CON', 'F BLA'],
      TURKEY: ['F ANK'],
    },
    orders: {
      RUSSIA: ['F CON S F BLA - ANK', 'F BLA - ANK'],
      TURKEY: ['F ANK H'],
    },
    expect: {
      results: {
        'F BLA - ANK': 'succeeds',
      },
      dislodged: ['F ANK'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          TURKEY: ['F ANK R BLA'],
        },
        expect: {
          results: {
            'F ANK R BLA': 'fails',
          },
          units: {
            RUSSIA: ['F CON', 'F ANK'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; the retreat order F ANK R BLA was added by the transcriber to test the stated result (the fleet may not retreat to the Black Sea).',
  },
  {
    id: '6.H.6',
    title: 'Unit may not retreat to a contested area',
    units: {
      AUSTRIA: ['A BUD', 'A TRI'],
      GERMANY: ['A MUN', 'A SIL'],
      ITALY: ['A VIE'],
    },
    orders: {
      AUSTRIA: ['A BUD S A TRI - VIE', 'A TRI - VIE'],
      GERMANY: ['A MUN - BOH', 'A SIL - BOH'],
      ITALY: ['A VIE H'],
    },
    expect: {
      results: {
        'A TRI - VIE': 'succeeds',
        'A MUN - BOH': 'fails',
        'A SIL - BOH': 'fails',
      },
      dislodged: ['A VIE'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ITALY: ['A VIE R BOH'],
        },
        expect: {
          results: {
            'A VIE R BOH': 'fails',
          },
          units: {
            AUSTRIA: ['A BUD', 'A VIE'],
            GERMANY: ['A MUN', 'A SIL'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; the retreat order A VIE R BOH was added by the transcriber to test the stated result (Bohemia is contested by the bounce).',
  },
  {
    id: '6.H.7',
    title: 'Multiple retreat to same area will disband units',
    units: {
      AUSTRIA: ['A BUD', 'A TRI'],
      GERMANY: ['A MUN', 'A SIL'],
      ITALY: ['A VIE', 'A BOH'],
    },
    orders: {
      AUSTRIA: ['A BUD S A TRI - VIE', 'A TRI - VIE'],
      GERMANY: ['A MUN S A SIL - BOH', 'A SIL - BOH'],
      ITALY: ['A VIE H', 'A BOH H'],
    },
    expect: {
      results: {
        'A TRI - VIE': 'succeeds',
        'A SIL - BOH': 'succeeds',
      },
      dislodged: ['A VIE', 'A BOH'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ITALY: ['A BOH R TYR', 'A VIE R TYR'],
        },
        expect: {
          results: {
            'A BOH R TYR': 'fails',
            'A VIE R TYR': 'fails',
          },
          units: {
            AUSTRIA: ['A BUD', 'A VIE'],
            GERMANY: ['A MUN', 'A BOH'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.8',
    title: 'Triple retreat to same area will disband units',
    units: {
      ENGLAND: ['A LVP', 'F YOR', 'F NWY'],
      GERMANY: ['A KIE', 'A RUH'],
      RUSSIA: ['F EDI', 'A SWE', 'A FIN', 'F HOL'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI', 'F YOR S A LVP - EDI', 'F NWY H'],
      GERMANY: ['A KIE S A RUH - HOL', 'A RUH - HOL'],
      RUSSIA: ['F EDI H', 'A SWE S A FIN - NWY', 'A FIN - NWY', 'F HOL H'],
    },
    expect: {
      results: {
        'A LVP - EDI': 'succeeds',
        'A RUH - HOL': 'succeeds',
        'A FIN - NWY': 'succeeds',
      },
      dislodged: ['F NWY', 'F EDI', 'F HOL'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['F NWY R NTH'],
          RUSSIA: ['F EDI R NTH', 'F HOL R NTH'],
        },
        expect: {
          results: {
            'F NWY R NTH': 'fails',
            'F EDI R NTH': 'fails',
            'F HOL R NTH': 'fails',
          },
          units: {
            ENGLAND: ['A EDI', 'F YOR'],
            GERMANY: ['A KIE', 'A HOL'],
            RUSSIA: ['A SWE', 'A NWY'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.9',
    title: 'Dislodged unit will not make attackers area contested',
    units: {
      ENGLAND: ['F HEL', 'F DEN'],
      GERMANY: ['A BER', 'F KIE', 'A SIL'],
      RUSSIA: ['A PRU'],
    },
    orders: {
      ENGLAND: ['F HEL - KIE', 'F DEN S F HEL - KIE'],
      GERMANY: ['A BER - PRU', 'F KIE H', 'A SIL S A BER - PRU'],
      RUSSIA: ['A PRU - BER'],
    },
    expect: {
      results: {
        'F HEL - KIE': 'succeeds',
        'A BER - PRU': 'succeeds',
        'A PRU - BER': 'fails',
      },
      dislodged: ['F KIE', 'A PRU'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          GERMANY: ['F KIE R BER'],
        },
        expect: {
          results: {
            'F KIE R BER': 'succeeds',
          },
          units: {
            ENGLAND: ['F KIE', 'F DEN'],
            GERMANY: ['A PRU', 'F BER', 'A SIL'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; F KIE R BER was added by the transcriber to test the stated result (the fleet in Kiel can retreat to Berlin). The dislodged Russian A PRU gets no retreat order and is disbanded.',
  },
  {
    id: '6.H.10',
    title: 'Not retreating to attacker does not mean contested',
    units: {
      ENGLAND: ['A KIE'],
      GERMANY: ['A BER', 'A MUN', 'A PRU'],
      RUSSIA: ['A WAR', 'A SIL'],
    },
    orders: {
      ENGLAND: ['A KIE H'],
      GERMANY: ['A BER - KIE', 'A MUN S A BER - KIE', 'A PRU H'],
      RUSSIA: ['A WAR - PRU', 'A SIL S A WAR - PRU'],
    },
    expect: {
      results: {
        'A BER - KIE': 'succeeds',
        'A WAR - PRU': 'succeeds',
      },
      dislodged: ['A KIE', 'A PRU'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A KIE R BER'],
          GERMANY: ['A PRU R BER'],
        },
        expect: {
          results: {
            'A KIE R BER': 'illegal',
            'A PRU R BER': 'succeeds',
          },
          units: {
            GERMANY: ['A KIE', 'A MUN', 'A BER'],
            RUSSIA: ['A PRU', 'A SIL'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.11',
    title: 'Retreat when dislodged by adjacent convoy',
    units: {
      FRANCE: ['A GAS', 'A BUR', 'F MAO', 'F WES', 'F LYO'],
      ITALY: ['A MAR'],
    },
    orders: {
      FRANCE: [
        'A GAS - MAR VIA',
        'A BUR S A GAS - MAR',
        'F MAO C A GAS - MAR',
        'F WES C A GAS - MAR',
        'F LYO C A GAS - MAR',
      ],
      ITALY: ['A MAR H'],
    },
    expect: {
      results: {
        'A GAS - MAR VIA': 'succeeds',
        'A BUR S A GAS - MAR': 'succeeds',
      },
      dislodged: ['A MAR'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ITALY: ['A MAR R GAS'],
        },
        expect: {
          results: {
            'A MAR R GAS': 'succeeds',
          },
          units: {
            FRANCE: ['A MAR', 'A BUR', 'F MAO', 'F WES', 'F LYO'],
            ITALY: ['A GAS'],
          },
        },
      },
    ],
    note: 'Issue 4.A.5, choice b (2023 rules, preferred): a unit dislodged by a convoyed attack may retreat to the attacker\'s origin. The document gives no retreat orders; A MAR R GAS was added by the transcriber to test the stated result.',
  },
  {
    id: '6.H.12',
    title: 'Retreat when dislodged by adjacent convoy while trying to do the same',
    units: {
      ENGLAND: ['A LVP', 'F IRI', 'F ENG', 'F NTH'],
      FRANCE: ['F BRE', 'F MAO'],
      RUSSIA: ['A EDI', 'F NWG', 'F NAO', 'A CLY'],
    },
    orders: {
      ENGLAND: ['A LVP - EDI VIA', 'F IRI C A LVP - EDI', 'F ENG C A LVP - EDI', 'F NTH C A LVP - EDI'],
      FRANCE: ['F BRE - ENG', 'F MAO S F BRE - ENG'],
      RUSSIA: ['A EDI - LVP VIA', 'F NWG C A EDI - LVP', 'F NAO C A EDI - LVP', 'A CLY S A EDI - LVP'],
    },
    expect: {
      results: {
        'A LVP - EDI VIA': 'fails',
        'F BRE - ENG': 'succeeds',
        'A EDI - LVP VIA': 'succeeds',
      },
      dislodged: ['F ENG', 'A LVP'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A LVP R EDI'],
        },
        expect: {
          results: {
            'A LVP R EDI': 'succeeds',
          },
          units: {
            ENGLAND: ['A EDI', 'F IRI', 'F NTH'],
            FRANCE: ['F ENG', 'F MAO'],
            RUSSIA: ['A LVP', 'F NWG', 'F NAO', 'A CLY'],
          },
        },
      },
    ],
    note:
      'Issue 4.A.5, choice b (2023 rules, preferred): A LVP may retreat to Edinburgh. The document gives no retreat orders; A LVP R EDI was added by the transcriber to test the stated result; the dislodged English F ENG gets no order and is disbanded. ' +
      'The datc2000 profile gives the same answer: DATC v2.4\'s own 6.H.12 kept the disrupted convoy under its preferred 4.A.3 choice d (the army in Liverpool "tries the disrupted convoy", fails and is dislodged; only choice c took the land route), and v2.4 fell back to the land route only when no convoy was ordered (6.G.8).',
  },
  {
    id: '6.H.13',
    title: 'No retreat with convoy in movement phase',
    units: {
      ENGLAND: ['A PIC', 'F ENG'],
      FRANCE: ['A PAR', 'A BRE'],
    },
    orders: {
      ENGLAND: ['A PIC H', 'F ENG C A PIC - LON'],
      FRANCE: ['A PAR - PIC', 'A BRE S A PAR - PIC'],
    },
    expect: {
      results: {
        'A PAR - PIC': 'succeeds',
      },
      dislodged: ['A PIC'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A PIC R LON'],
        },
        expect: {
          results: {
            'A PIC R LON': 'fails',
          },
          units: {
            ENGLAND: ['F ENG'],
            FRANCE: ['A PIC', 'A BRE'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; A PIC R LON was added by the transcriber to test the stated result (the army cannot retreat to London).',
  },
  {
    id: '6.H.14',
    title: 'No retreat with support in movement phase',
    units: {
      ENGLAND: ['A PIC', 'F ENG'],
      FRANCE: ['A PAR', 'A BRE', 'A BUR'],
      GERMANY: ['A MUN', 'A MAR'],
    },
    orders: {
      ENGLAND: ['A PIC H', 'F ENG S A PIC - BEL'],
      FRANCE: ['A PAR - PIC', 'A BRE S A PAR - PIC', 'A BUR H'],
      GERMANY: ['A MUN S A MAR - BUR', 'A MAR - BUR'],
    },
    expect: {
      results: {
        'A PAR - PIC': 'succeeds',
        'A MAR - BUR': 'succeeds',
      },
      dislodged: ['A PIC', 'A BUR'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['A PIC R BEL'],
          FRANCE: ['A BUR R BEL'],
        },
        expect: {
          results: {
            'A PIC R BEL': 'fails',
            'A BUR R BEL': 'fails',
          },
          units: {
            ENGLAND: ['F ENG'],
            FRANCE: ['A PIC', 'A BRE'],
            GERMANY: ['A MUN', 'A BUR'],
          },
        },
      },
    ],
  },
  {
    id: '6.H.15',
    title: 'No coastal crawl in retreat',
    units: {
      ENGLAND: ['F POR'],
      FRANCE: ['F SPA/SC', 'F MAO'],
    },
    orders: {
      ENGLAND: ['F POR H'],
      FRANCE: ['F SPA/SC - POR', 'F MAO S F SPA/SC - POR'],
    },
    expect: {
      results: {
        'F SPA/SC - POR': 'succeeds',
      },
      dislodged: ['F POR'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          ENGLAND: ['F POR R SPA/NC'],
        },
        expect: {
          results: {
            'F POR R SPA/NC': 'fails',
          },
          units: {
            FRANCE: ['F POR', 'F MAO'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; F POR R SPA/NC was added by the transcriber to test the stated result (the fleet cannot retreat to Spain(nc) and is destroyed).',
  },
  {
    id: '6.H.16',
    title: 'Contested for both coasts',
    units: {
      FRANCE: ['F MAO', 'F GAS', 'F WES'],
      ITALY: ['F TUN', 'F TYS'],
    },
    orders: {
      FRANCE: ['F MAO - SPA/NC', 'F GAS - SPA/NC', 'F WES H'],
      ITALY: ['F TUN S F TYS - WES', 'F TYS - WES'],
    },
    expect: {
      results: {
        'F MAO - SPA/NC': 'fails',
        'F GAS - SPA/NC': 'fails',
        'F TYS - WES': 'succeeds',
      },
      dislodged: ['F WES'],
    },
    then: [
      {
        phase: 'S1901R',
        orders: {
          FRANCE: ['F WES R SPA/SC'],
        },
        expect: {
          results: {
            'F WES R SPA/SC': 'fails',
          },
          units: {
            FRANCE: ['F MAO', 'F GAS'],
            ITALY: ['F TUN', 'F WES'],
          },
        },
      },
    ],
    note: 'The document gives no retreat orders; F WES R SPA/SC was added by the transcriber to test the stated result (Spain is contested, so neither coast is available).',
  },

  // ---------------------------------------------------------------------------------------------
  // 6.I. BUILDING
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.I.1',
    title: 'Too many build orders',
    phase: 'W1901A',
    units: {
      GERMANY: ['A BER', 'A SIL'],
    },
    orders: {
      GERMANY: ['A WAR B', 'A KIE B', 'A MUN B'],
    },
    expect: {
      results: {
        'A WAR B': 'fails',
        'A KIE B': 'succeeds',
        'A MUN B': 'fails',
      },
      units: {
        GERMANY: ['A BER', 'A SIL', 'A KIE'],
      },
    },
    profiles: {
      wm: {
        expect: {
          results: {
            'A WAR B': 'fails',
            'A KIE B': 'fails',
            'A MUN B': 'succeeds',
          },
          units: {
            GERMANY: ['A BER', 'A SIL', 'A MUN'],
          },
        },
        why: 'wm D.V(2),(3): too many builds are followed from the bottom of the order set upwards until the allowed number is reached, so the build in Munich counts and Kiel fails (Warsaw is not a German home centre).',
      },
    },
    note: 'Issue 4.D.4, choice b (first legal build orders used, preferred). The document only says "Germany may build one"; the position (Germany owns its home centres BER, KIE, MUN with A BER and A SIL on the board, so one build) is the transcriber\'s. datc2000 (v2.4 6.I.1) also uses the first orders, as `expect`.',
  },
  {
    id: '6.I.2',
    title: 'Fleets cannot be build in land areas',
    phase: 'W1901A',
    units: {
      RUSSIA: ['F SEV', 'A WAR', 'F STP/SC'],
    },
    orders: {
      RUSSIA: ['F MOS B'],
    },
    expect: {
      results: {
        'F MOS B': 'fails',
      },
      units: {
        RUSSIA: ['F SEV', 'A WAR', 'F STP/SC'],
      },
    },
    note: 'Issue 4.C.4, choice a (build fails, preferred). The document only says Russia has one build and Moscow is empty; the other Russian units are the transcriber\'s. wm D.IV(1),(2) do not apply to builds, so wm agrees.',
  },
  {
    id: '6.I.3',
    title: 'Supply center must be empty for building',
    phase: 'W1901A',
    units: {
      GERMANY: ['A BER'],
    },
    orders: {
      GERMANY: ['A BER B'],
    },
    expect: {
      results: {
        'A BER B': 'fails',
      },
      units: {
        GERMANY: ['A BER'],
      },
    },
  },
  {
    id: '6.I.4',
    title: 'Both coasts must be empty for building',
    phase: 'W1901A',
    units: {
      RUSSIA: ['F STP/SC', 'A MOS', 'A WAR'],
    },
    orders: {
      RUSSIA: ['A STP/NC B'],
    },
    expect: {
      results: {
        'A STP/NC B': 'fails',
      },
      units: {
        RUSSIA: ['F STP/SC', 'A MOS', 'A WAR'],
      },
    },
    note: 'The document writes "Build A St Petersburg(nc)" (an army with a coast); transcribed as written. A MOS and A WAR are the transcriber\'s, to leave Russia exactly one build.',
  },
  {
    id: '6.I.5',
    title: 'Building in home supply center that is not owned',
    phase: 'W1901A',
    units: {
      GERMANY: ['F DEN', 'A HOL'],
      RUSSIA: ['A PRU'],
    },
    centers: {
      GERMANY: ['KIE', 'MUN', 'DEN', 'HOL'],
      RUSSIA: ['MOS', 'SEV', 'STP', 'WAR', 'BER'],
    },
    orders: {
      GERMANY: ['A BER B'],
    },
    expect: {
      results: {
        'A BER B': 'fails',
      },
      units: {
        GERMANY: ['F DEN', 'A HOL'],
        RUSSIA: ['A PRU'],
      },
    },
    note: 'The document describes the history (Russia captured Berlin and left; Germany captured other centres); modelled directly as a Winter position with Berlin owned by Russia and empty. The units are the transcriber\'s.',
  },
  {
    id: '6.I.6',
    title: 'Building in owned supply center that is not a home supply center',
    phase: 'W1901A',
    units: {
      GERMANY: ['A BER', 'F KIE', 'A MUN'],
    },
    centers: {
      GERMANY: ['BER', 'KIE', 'MUN', 'WAR'],
      RUSSIA: ['MOS', 'SEV', 'STP'],
    },
    orders: {
      GERMANY: ['A WAR B'],
    },
    expect: {
      results: {
        'A WAR B': 'fails',
      },
      units: {
        GERMANY: ['A BER', 'F KIE', 'A MUN'],
      },
    },
    note: 'German units are the transcriber\'s, to give Germany exactly one build with Warsaw empty.',
  },
  {
    id: '6.I.7',
    title: 'Only one build in a home supply center',
    phase: 'W1901A',
    units: {
      RUSSIA: ['F SEV', 'A WAR'],
    },
    orders: {
      RUSSIA: ['A MOS B', 'A MOS B'],
    },
    expect: {
      units: {
        RUSSIA: ['F SEV', 'A WAR', 'A MOS'],
      },
    },
    note: 'The second build should fail. Both orders are the same string, so per-order results cannot be keyed; the check is on the resulting position (one army in Moscow). Russian units are the transcriber\'s, to give two builds with Moscow empty.',
  },

  // ---------------------------------------------------------------------------------------------
  // 6.J. CIVIL DISORDER AND DISBANDS
  // For every civil-disorder case, `expect` is the document's 2023-rule answer (distance to the
  // nearest OWNED supply centre, armies and fleets both over land and sea). Both project profiles
  // (wm D.V(4), datc2000) use the 2000 rule of DATC v2.4 6.J: distance to the nearest HOME supply
  // centre of the power (owned or not), armies counting moves as if they could cross water (not
  // Switzerland), fleets counting legal fleet moves (to either coast), fleet before army at equal
  // distance, then alphabetical by English province name. Distances were computed on the standard map.
  // ---------------------------------------------------------------------------------------------
  {
    id: '6.J.1',
    title: 'Too many disband orders',
    phase: 'W1901A',
    units: {
      FRANCE: ['A PAR', 'A PIC'],
    },
    centers: {
      FRANCE: ['PAR'],
    },
    orders: {
      FRANCE: ['F LYO D', 'A PIC D', 'A PAR D'],
    },
    expect: {
      results: {
        'F LYO D': 'fails',
        'A PIC D': 'succeeds',
        'A PAR D': 'fails',
      },
      units: {
        FRANCE: ['A PAR'],
      },
    },
    profiles: {
      wm: {
        expect: {
          results: {
            'F LYO D': 'fails',
            'A PIC D': 'fails',
            'A PAR D': 'succeeds',
          },
          units: {
            FRANCE: ['A PIC'],
          },
        },
        why: 'wm D.V(2),(3): too many removals are followed from the bottom of the order set upwards until the required number is reached, so the removal of A PAR counts and A PIC stays (there is no fleet in the Gulf of Lyon).',
      },
    },
    note: 'Issue 4.D.6, choice b (first legal disband orders used, preferred). France owning only Paris (one centre, two units) is the transcriber\'s choice. datc2000 (v2.4) also uses the first orders, as `expect`.',
  },
  {
    id: '6.J.2',
    title: 'Removing the same unit twice',
    phase: 'W1901A',
    units: {
      FRANCE: ['A PAR', 'A BUR', 'A BEL'],
    },
    centers: {
      FRANCE: ['PAR'],
    },
    orders: {
      FRANCE: ['A PAR D', 'A PAR D'],
    },
    expect: {
      units: {
        FRANCE: ['A BUR'],
      },
    },
    note:
      'The document only says France has to disband two and has an army in Paris; the other units (A BUR, A BEL) and France owning only Paris are the transcriber\'s. A PAR is removed and the second removal is chosen by the civil disorder rules: ' +
      '2023 rule (owned centre Paris): Burgundy 1, Belgium 2 (BEL-PIC-PAR), so A BEL is removed. The 2000 rule (home centres BRE, MAR, PAR) gives the same: Burgundy 1, Belgium 2, so the profiles agree. ' +
      'Both orders are the same string, so only the resulting position is checked.',
  },
  {
    id: '6.J.3',
    title: 'Civil disorder two armies with different distance',
    phase: 'W1901A',
    units: {
      RUSSIA: ['A LVN', 'A SWE'],
    },
    centers: {
      RUSSIA: ['STP'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['A LVN'],
      },
    },
    note: '2023 rule (owned St Petersburg): Livonia 1, Sweden 2 (SWE-FIN-STP), so A SWE is removed. The 2000 rule (home MOS, SEV, STP, WAR) gives the same distances (Livonia borders MOS/STP/WAR: 1; Sweden: 2 via FIN or BOT), so wm and datc2000 agree.',
  },
  {
    id: '6.J.4',
    title: 'Civil disorder two armies with equal distance',
    phase: 'W1901A',
    units: {
      RUSSIA: ['A LVN', 'A UKR'],
    },
    centers: {
      RUSSIA: ['MOS'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['A UKR'],
      },
    },
    note: '2023 rule (owned Moscow): both distance 1, Livonia is first alphabetically and removed. The 2000 rule (home MOS, SEV, STP, WAR): Livonia 1 (borders MOS), Ukraine 1 (borders MOS, SEV, WAR), same tie-break, so wm and datc2000 agree.',
  },
  {
    id: '6.J.5',
    title: 'Civil disorder two fleets with different distance',
    phase: 'W1901A',
    units: {
      RUSSIA: ['F SKA', 'F BER'],
    },
    centers: {
      RUSSIA: ['STP'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['F SKA'],
      },
    },
    note: '2023 rule (owned St Petersburg): Berlin 3, Skagerrak 2 (via Norway), so F BER is removed. The 2000 rule with fleet moves to a home centre: Skagerrak 2 (SKA-NWY-STP/NC), Berlin 3 (BER-BAL-BOT-STP/SC or BER-PRU-LVN-STP/SC; Warsaw and Moscow cannot be reached by a fleet), same result, so wm and datc2000 agree.',
  },
  {
    id: '6.J.6',
    title: 'Civil disorder two fleets with equal distance',
    phase: 'W1901A',
    units: {
      RUSSIA: ['F BOT', 'F NTH'],
    },
    centers: {
      RUSSIA: ['MUN'],
      GERMANY: ['BER', 'KIE'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['F NTH'],
      },
    },
    profiles: {
      wm: {
        expect: {
          units: {
            RUSSIA: ['F BOT'],
          },
        },
        why: 'wm D.V(4), 2000 rule (DATC v2.4 6.J): distance to the nearest Russian HOME centre by fleet moves: Gulf of Bothnia 1 (BOT-STP/SC), North Sea 2 (NTH-NWY-STP/NC); the fleet in the North Sea is furthest and is removed. Ownership of Munich plays no part.',
      },
      datc2000: {
        expect: {
          units: {
            RUSSIA: ['F BOT'],
          },
        },
        why: 'DATC v2.4 civil-disorder rule (2000 rulebook): distance to the nearest Russian HOME centre by fleet moves: Gulf of Bothnia 1 (BOT-STP/SC), North Sea 2 (NTH-NWY-STP/NC); the fleet in the North Sea is furthest and is removed.',
      },
    },
    note: '2023 rule (distance to the owned centre Munich, both unit types over land and sea): Gulf of Bothnia 3 (BOT-BAL-KIE/BER-MUN), North Sea 3 (NTH-HOL/BEL-KIE/RUH-MUN); the tie is broken alphabetically and the Gulf of Bothnia fleet is removed. Germany is given BER and KIE only, since Russia owns Munich.',
  },
  {
    id: '6.J.7',
    title: 'Civil disorder two fleets and army with equal distance',
    phase: 'W1901A',
    units: {
      RUSSIA: ['A BOH', 'F SKA', 'F NTH'],
    },
    centers: {
      RUSSIA: ['STP', 'WAR'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['A BOH', 'F SKA'],
      },
    },
    note: '2023 rule (owned STP, WAR): all three at distance 2; fleets before the army, North Sea before Skagerrak alphabetically, so F NTH is removed. The 2000 rule (home MOS, SEV, STP, WAR): Bohemia 2 (BOH-GAL/SIL-WAR), Skagerrak 2 (SKA-NWY-STP/NC), North Sea 2 (NTH-NWY-STP/NC), same tie-breaks, so wm and datc2000 agree.',
  },
  {
    id: '6.J.8',
    title: 'Civil disorder a fleet with shorter distance then the army',
    phase: 'W1901A',
    units: {
      RUSSIA: ['A TYR', 'F BAL'],
    },
    centers: {
      RUSSIA: ['WAR'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['F BAL'],
      },
    },
    note: '2023 rule (owned Warsaw): army 3 (TYR-BOH/VIE-SIL/GAL-WAR), fleet 2 (BAL-PRU-WAR), so A TYR is removed. The 2000 rule (home MOS, SEV, STP, WAR): army 3 (no neighbour of Tyrolia or of its neighbours is a Russian home centre; TYR-VIE-GAL-WAR), fleet 2 by fleet moves (BAL-BOT-STP/SC or BAL-LVN-STP/SC), same result, so wm and datc2000 agree.',
  },
  {
    id: '6.J.9',
    title: 'Civil disorder must be counted from both coasts',
    phase: 'W1901A',
    units: {
      RUSSIA: ['A GRE', 'A SEV', 'F BAL'],
    },
    centers: {
      RUSSIA: ['STP', 'SEV'],
    },
    orders: {},
    expect: {
      units: {
        RUSSIA: ['A SEV', 'F BAL'],
      },
    },
    note:
      'The document gives two positions under this id; the first (fleet in the Baltic Sea) is transcribed here. The second is: Russia owns STP and SEV, has A GRE, A SEV and F SKA, orders nothing; A GRE is removed (fleet distance 2 to STP/NC via Norway, 3 to STP/SC). It cannot be expressed as a later phase of this case, so it is not included as data. ' +
      '2023 rule: Greece 3 (GRE-BUL-RUM/BLA-SEV), Sevastopol 0, Baltic 2 (to STP/SC), so A GRE is removed. The 2000 rule (home MOS, SEV, STP, WAR): Greece 3, Sevastopol 0, Baltic 2 by fleet (BAL-BOT-STP/SC), same result (also for the second position: Skagerrak 2 via NWY-STP/NC), so wm and datc2000 agree.',
  },
  {
    id: '6.J.10',
    title: 'Civil disorder counting convoying distance',
    phase: 'W1901A',
    units: {
      ITALY: ['A GRE', 'A PIE'],
    },
    centers: {
      ITALY: ['NAP'],
    },
    orders: {},
    expect: {
      units: {
        ITALY: ['A GRE'],
      },
    },
    profiles: {
      wm: {
        expect: {
          units: {
            ITALY: ['A PIE'],
          },
        },
        why: 'wm D.V(4), 2000 rule (DATC v2.4 6.J): distance to the nearest Italian HOME centre (NAP, ROM, VEN), armies as if they could cross water: Piedmont 1 (borders Venice), Greece 2 (GRE-ION-NAP); the army in Greece is furthest and is removed.',
      },
      datc2000: {
        expect: {
          units: {
            ITALY: ['A PIE'],
          },
        },
        why: 'DATC v2.4 civil-disorder rule (2000 rulebook): distance to the nearest Italian HOME centre (NAP, ROM, VEN), armies as if they could cross water: Piedmont 1 (borders Venice), Greece 2 (GRE-ION-NAP); the army in Greece is removed.',
      },
    },
    note: '2023 rule (distance to the owned centre Naples only): Greece 2 over water (GRE-ION-NAP; 5 over land), Piedmont 3 (PIE-TUS-ROM-NAP), so A PIE is removed.',
  },
  {
    id: '6.J.11',
    title: 'Distance to owned supply center',
    phase: 'W1901A',
    units: {
      ITALY: ['A WAR', 'A TUS'],
    },
    centers: {
      ITALY: ['WAR'],
      RUSSIA: ['MOS', 'SEV', 'STP'],
    },
    orders: {},
    expect: {
      units: {
        ITALY: ['A WAR'],
      },
    },
    profiles: {
      wm: {
        expect: {
          units: {
            ITALY: ['A TUS'],
          },
        },
        why: 'wm D.V(4), 2000 rule (DATC v2.4 6.J): distance to the nearest Italian HOME centre (NAP, ROM, VEN), owned or not: Tuscany 1 (borders Rome and Venice), Warsaw 4 (e.g. WAR-GAL-VIE-TRI-VEN or WAR-SIL-BOH-TYR-VEN); the army in Warsaw is removed (the document: "Under older rulebooks the army in Tuscany was kept").',
      },
      datc2000: {
        expect: {
          units: {
            ITALY: ['A TUS'],
          },
        },
        why: 'DATC v2.4 civil-disorder rule (2000 rulebook): distance to the nearest Italian HOME centre (NAP, ROM, VEN), owned or not: Tuscany 1, Warsaw 4 (WAR-GAL-VIE-TRI-VEN); the army in Warsaw is removed, as the document says for the older rulebooks.',
      },
    },
    note: '2023 rule (distance to the owned centre Warsaw): Warsaw 0, Tuscany 5, so A TUS is removed. Russia is given MOS, SEV and STP, since Italy owns Warsaw.',
  },
];
