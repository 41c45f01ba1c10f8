/**
 * The rule profile: one explicit object the engine takes instead of scattered flags. The two named
 * profiles are tabulated in DESIGN.md "Rule profiles"; `wm` is the default.
 */
export interface Rules {
  readonly name: 'wm' | 'datc2000';
  /**
   * Coasts in moves: `wm` D.IV(3)(b) — a missing or wrong coast never invalidates a move except the
   * ambiguous MAO–SPA, POR–SPA, CON–BUL; `datc` — DATC 4.B.1–4.B.3 (missing coast with one reachable
   * coast is accepted, a wrong coast is illegal).
   */
  readonly moveCoasts: 'wm' | 'datc';
  /**
   * Coasts in supports: `lenient` D.IV(3)(c) — never invalidates, support to a two-coast province is
   * good for either coast; `datc` — DATC 6.B.* (a support to a specific coast must match the move).
   */
  readonly supportCoasts: 'lenient' | 'datc';
  /**
   * Convoy to an adjacent province (DATC 4.A.3) when the army is to go by convoy (`VIA`, a route, or a
   * convoy order by a fleet of its own nation) but the convoy orders given form no route: `true` —
   * DATC v2.4 choice d (6.G.8): the directive is ignored and the army moves by land; `false` — wm
   * D.VI(2) and DATC v3.0: the convoy attempt fails. Either way, when the convoy orders do form a
   * route the convoy is the move's only route, also when it is disrupted or fails to a paradox (no
   * fallback: DATC v2.4 and v3.0 6.G.11, v2.4 6.H.12).
   */
  readonly adjacentConvoyWithoutRouteGoesByLand: boolean;
  /** D.VI(3),(4): a specified route restricts the convoy to that route (`false`: routes are ignored, DATC 4.A.6). */
  readonly honourConvoyRoutes: boolean;
  /** D.VI(7): a foreign army is not convoyed by a fleet against its own power's unit when another route exists. */
  readonly ownUnitConvoyNeedsNoOtherRoute: boolean;
  /** D.V(2),(3): excess builds/removals are taken from the bottom of the order set (`top`: DATC v2.4, first ones count). */
  readonly adjustmentPrecedence: 'bottom' | 'top';
}

export const WM_RULES: Rules = {
  name: 'wm',
  moveCoasts: 'wm',
  supportCoasts: 'lenient',
  adjacentConvoyWithoutRouteGoesByLand: false,
  honourConvoyRoutes: true,
  ownUnitConvoyNeedsNoOtherRoute: true,
  adjustmentPrecedence: 'bottom',
};

export const DATC2000_RULES: Rules = {
  name: 'datc2000',
  moveCoasts: 'datc',
  supportCoasts: 'datc',
  adjacentConvoyWithoutRouteGoesByLand: true,
  honourConvoyRoutes: false,
  ownUnitConvoyNeedsNoOtherRoute: false,
  adjustmentPrecedence: 'top',
};

export const RULE_PROFILES = { wm: WM_RULES, datc2000: DATC2000_RULES } as const;
export type RuleProfileName = keyof typeof RULE_PROFILES;
