/**
 * Who may see what in the web view (issue 31). The TD sees everything; a GM the games they run (never
 * the orders of an open phase: who has ordered and when, as the digest says); a player their game's
 * public record and their own power's submissions. Pure: the grant and the game in, a yes or a reason out.
 */
import type { WebGrant } from '../db/web-access.js';

export interface GameRef {
  readonly id: string;
  readonly gmPersonId: number;
  readonly tournamentId: number | null;
}

/** `undefined`: allowed; otherwise why not (shown on the 403 page). */
export type Refusal = string | undefined;

export function mayViewGame(g: WebGrant, game: GameRef): Refusal {
  if (g.role === 'td') return undefined;
  if (g.role === 'gm') return game.gmPersonId === g.personId ? undefined : `you are signed in as the GM of other games, not of ${game.id}`;
  return g.gameId === game.id ? undefined : `you are signed in as ${g.power} in ${g.gameId}, not as a player of ${game.id}`;
}

/** The GM's live digest: the game's GM and the TD. */
export function mayViewGmDigest(g: WebGrant, game: GameRef): Refusal {
  if (g.role === 'td') return undefined;
  if (g.role === 'gm') return mayViewGame(g, game);
  return 'the GM digest is for the game\'s GM and the TD';
}

/**
 * A power's order sets in a phase not yet adjudicated: its own player and the TD (D.III: orders are
 * published with the results, never before). After the adjudication everyone of the game sees them
 * with the results (the phase pages).
 */
export function mayViewOpenOrders(g: WebGrant, game: GameRef, power: string): Refusal {
  const seen = mayViewGame(g, game);
  if (seen) return seen;
  if (g.role === 'td') return undefined;
  if (g.role === 'player' && g.power === power) return undefined;
  return `${power}'s orders for the open phase are published with its results, not before; ${g.role === 'gm' ? 'the GM sees who has ordered and when' : 'you see your own'}`;
}

/** The TD's pages: the audit, the outbox, the quarantine. */
export function mayAudit(g: WebGrant): Refusal {
  return g.role === 'td' ? undefined : 'the audit, the outbox and the quarantine are the TD\'s alone';
}

/** Press a viewer was sent: to everyone, to the viewer's power, or by it; the TD sees all (D.X(2)). */
export function pressSentTo(g: WebGrant, item: { readonly toPowers: readonly string[] | null; readonly author: string }): boolean {
  if (g.role === 'td') return true;
  if (item.toPowers === null) return true;
  if (g.role === 'player') return item.author === g.power || item.toPowers.includes(g.power);
  return false;
}
