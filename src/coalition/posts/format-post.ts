/**
 * Canonical text of Coalition movement posts, in the forms of the rules' own examples (3.2.2.5,
 * 3.2.3.1, 3.2.4.2, 3.2.5.1): `Sai Rei: 3D > 5E; replace Darkhand5`, `Sai Rei: 5E > 8E > 11E`,
 * `Sai Rei: 5E > 4G (5E - 5F - 5G - 4G)`, `Sai Rei: 5E > 6E; Joint Engage`,
 * `Darkhand5: Intercept Sai Rei`, `Sai Rei: Transfer to Darkhand5 at 6F`, `Sai Rei: hold`,
 * `Sai Rei: in battle`. `parseCoalitionPosts` reads every one of them back to the same data.
 */
import type { CoalitionAction, CoalitionPost, MoveLeg, Square } from './post.js';
import { formatSquare } from './post.js';

/** A route in parentheses, squares joined by ` - ` as in 3.2.2.5's example. */
function formatRoute(route: readonly Square[] | undefined): string {
  return route ? ` (${route.map(formatSquare).join(' - ')})` : '';
}

/** Legs after the origin: ` > 8E > 11E`, each followed by its route if it has one. */
function formatLegs(legs: readonly MoveLeg[]): string {
  return legs.map((leg) => ` > ${formatSquare(leg.to)}${formatRoute(leg.route)}`).join('');
}

/** The action part of a post (after `Army: `) in canonical form. */
export function formatCoalitionAction(action: CoalitionAction): string {
  switch (action.kind) {
    case 'move': {
      const dest = action.destinationArmy ? `; ${action.destinationArmy.kind} ${action.destinationArmy.army}` : '';
      return `${formatSquare(action.from)}${formatLegs(action.legs)}${dest}`;
    }
    case 'jointEngage':
      return `${formatSquare(action.from)}${formatLegs([{ to: action.to, ...(action.route ? { route: action.route } : {}) }])}; Joint Engage`;
    case 'intercept': return `Intercept ${action.army}`;
    case 'transfer': return `Transfer to ${action.army} at ${formatSquare(action.at)}`;
    case 'hold': return action.at ? `hold at ${formatSquare(action.at)}` : 'hold';
    case 'inBattle': return action.opponent ? `in battle with ${action.opponent}` : 'in battle';
  }
}

/** A post as one canonical line, `Army: action`; never throws. */
export function formatCoalitionPost(post: Pick<CoalitionPost, 'army' | 'action'>): string {
  return `${post.army}: ${formatCoalitionAction(post.action)}`;
}
