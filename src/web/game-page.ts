/**
 * The game page and its history (issue 31): the map the result mails carry (the same picture, drawn
 * as SVG), the position and centres, the deadline in GMT and the viewer's zone with the time left,
 * who has a set in, and each published phase with its map, orders and results. Never an order of a
 * phase before it is adjudicated and published (a withheld phase, D.VII(6)(b), is not shown), never
 * press the viewer was not sent; a player's own submissions of the open phase are theirs alone.
 */
import type { Game } from '../db/games.js';
import { findOrderSetStatus, findOrderSets } from '../db/order-sets.js';
import { findPeople } from '../db/people.js';
import { findPhases, type PhaseRecord } from '../db/phases.js';
import { findCurrentPositions } from '../db/positions.js';
import { findPhasePress } from '../db/press-items.js';
import type { Db } from '../db/schema.js';
import type { WebGrant } from '../db/web-access.js';
import { POWERS, parsePhase, STANDARD_MAP, type Power } from '../diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfPosition, pictureOfResults, renderMapSvg, type MapLayout } from '../diplomacy/picture/index.js';
import { formatTimeLeft } from '../diplomacy/calendar/index.js';
import { formatDeadline, phaseTitle } from '../mail/outbound/report-context.js';
import { gmtSeconds } from '../mail/inbound/intake.js';
import { currentState, positionView, resultsByPower, type StoredResults } from '../service/diplomacy/player-lookups.js';
import { pressSentTo } from './access.js';

/** A phase whose orders and results everyone of the game may read: adjudicated and published. */
export function isPublished(p: PhaseRecord): boolean {
  return p.adjudicatedAt !== null && p.publishedAt !== null && p.results !== null && p.stateAfter !== null;
}

const viewerPower = (g: WebGrant): Power | undefined => (g.role === 'player' ? (g.power as Power) : undefined);

/** The open phase, when there is one. */
function openPhase(phases: readonly PhaseRecord[], game: Game): PhaseRecord | undefined {
  return phases.find((p) => p.name === game.currentPhase && !p.adjudicatedAt);
}

export async function gamePage(db: Db, game: Game, g: WebGrant, zone: string | undefined, now: Date): Promise<object> {
  const phases = await findPhases(db, game.id);
  const open = openPhase(phases, game);
  const state = currentState(phases, game);
  const holders = await findCurrentPositions(db, game.id);
  const people = await findPeople(db, [...holders.map((h) => h.personId), game.gmPersonId]);
  const sets = open ? await findOrderSetStatus(db, game.id, open.name) : [];
  const seesTimes = g.role !== 'player';
  const me = viewerPower(g);
  const position = state ? (positionView(state, me) as { rows: { power: string }[] }) : undefined;
  const orderers = state ? POWERS.filter((p) => state.units.some((u) => u.power === p) || state.dislodged.some((u) => u.power === p) || (state.phase.kind === 'A' && [...state.centers.values()].includes(p))) : [];
  const deadline = open ? formatDeadline(open.deadline, zone) : undefined;
  const ms = open ? open.deadline.getTime() - now.getTime() : 0;
  const own = open && me ? await findOrderSets(db, game.id, open.name, { power: me }) : [];
  return {
    game: { id: game.id, board: game.boardName, status: game.status, phase: game.currentPhase, gm: people.get(game.gmPersonId)?.name ?? '?' },
    open: open
      ? {
          name: open.name, title: phaseTitle(open.stateBefore.phase), deadline, zoneShown: Boolean(deadline?.local),
          timeLeft: ms > 0 ? formatTimeLeft(ms) : undefined, passed: ms <= 0, asOf: gmtSeconds(now),
          sets: orderers.map((p) => {
            const s = sets.find((x) => x.power === p);
            return { power: p, state: s ? (s.final ? 'Final' : 'preliminary') : 'no orders yet', css: s ? (s.final ? 'final' : '') : 'missing', at: seesTimes && s ? gmtSeconds(s.receivedAt) : undefined };
          }),
        }
      : undefined,
    mapNow: state ? `/g/${encodeURIComponent(game.id)}/map/now.svg` : undefined,
    position,
    players: holders.map((h) => ({ power: h.power, name: people.get(h.personId)?.name ?? '?', kind: h.kind })),
    history: phases.filter(isPublished).reverse().map((p) => ({ name: p.name, title: phaseTitle(p.stateBefore.phase), publishedAt: gmtSeconds(p.publishedAt!) })),
    own: me ? { power: me, sets: own.map((s) => ({ id: s.id, receivedAt: gmtSeconds(s.receivedAt), final: s.final, orders: s.orders })) } : undefined,
    isGm: g.role === 'gm' || g.role === 'td',
    isTd: g.role === 'td',
  };
}


/** One published phase: its map, every power's orders with their outcome, and the press the viewer was sent. */
export async function phasePage(db: Db, game: Game, g: WebGrant, name: string): Promise<{ found: false; why: string } | { found: true; context: object }> {
  const phases = await findPhases(db, game.id);
  const record = phases.find((p) => p.name === name);
  if (!record || !isPublished(record)) {
    return { found: false, why: parsePhase(name) ? `${name} of ${game.id} has no published results: orders are shown once the phase is adjudicated and its results published` : `"${name}" is not a phase name (S1901M, F1901R, W1901A)` };
  }
  const powers = resultsByPower(record.results);
  const press = (await findPhasePress(db, game.id, record.name))
    .filter((p) => p.accepted && pressSentTo(g, { toPowers: p.to, author: p.authorPower }))
    .map((p) => ({
      text: p.text, kind: p.kind, to: p.to ? p.to.join(', ') : 'everyone',
      // D.X(2): the author of anything but white press is for the TD alone (and the author themselves).
      from: p.kind === 'white' || g.role === 'td' || (g.role === 'player' && g.power === p.authorPower) ? p.authorPower : p.attribution ?? 'anonymous',
    }));
  const i = phases.indexOf(record);
  return {
    found: true,
    context: {
      game: { id: game.id }, phase: { name: record.name, title: phaseTitle(record.stateBefore.phase), publishedAt: gmtSeconds(record.publishedAt!) },
      map: `/g/${encodeURIComponent(game.id)}/map/${record.name}.svg`,
      powers, press,
      after: positionView(record.stateAfter!),
      prev: phases.slice(0, i).reverse().find(isPublished)?.name, next: phases.slice(i + 1).find(isPublished)?.name,
    },
  };
}

/**
 * The map as SVG: `now` the position of the open phase (no orders: they are not public yet), or a
 * published phase's results map, the picture its result mail carries. `undefined` when not shown.
 */
export async function mapSvg(db: Db, game: Game, which: string, layout: MapLayout = 'wide'): Promise<string | undefined> {
  const phases = await findPhases(db, game.id);
  if (which === 'now') {
    const state = currentState(phases, game);
    return state ? renderMapSvg(pictureOfPosition(state), STANDARD_GEOMETRY, STANDARD_MAP, layout) : undefined;
  }
  const record = phases.find((p) => p.name === which);
  if (!record || !isPublished(record)) return undefined;
  const played = parsePhase(record.name)!;
  const results = ((record.results as StoredResults).results ?? []).map((r) => ({ power: r.power, order: r.order, outcome: r.outcome }));
  const next = record.stateAfter!.phase;
  const later = phases.some((p) => phases.indexOf(p) > phases.indexOf(record));
  return renderMapSvg(pictureOfResults(played, results, record.stateAfter!, later || game.status === 'active' ? next : null), STANDARD_GEOMETRY, STANDARD_MAP, layout);
}
