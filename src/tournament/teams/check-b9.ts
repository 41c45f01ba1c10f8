/**
 * B.9: "No player will be permitted to be a permanent player in more than three games in any one
 * round, nor shall he be permitted to play as a permanent player and temporary replacement for a
 * total of more than three games at any one time."
 */

export const MAX_GAMES = 3;

export interface Commitment {
  readonly player: string;
  readonly game: string;
  readonly kind: 'permanent' | 'temporary';
  /** ISO 8601 instant the player takes the position. */
  readonly from: string;
  /** ISO 8601 instant they leave it; null while open (a permanent player to the game's end). */
  readonly to: string | null;
}

const at = (iso: string) => Date.parse(iso);
const active = (c: Commitment, t: number) => at(c.from) <= t && (c.to === null || t < at(c.to));

/**
 * Why `proposed` may not be taken, given the player's other commitments of the same round (`round`
 * may hold other players' too): an empty list when it may.
 */
export function checkB9(round: readonly Commitment[], proposed: Commitment): string[] {
  const mine = round.filter((c) => c.player === proposed.player && !(c.game === proposed.game && c.kind === proposed.kind && c.from === proposed.from));
  const problems: string[] = [];
  if (proposed.kind === 'permanent') {
    const games = [...new Set([...mine.filter((c) => c.kind === 'permanent').map((c) => c.game), proposed.game])].sort();
    if (games.length > MAX_GAMES) {
      problems.push(`B.9: ${proposed.player} would be a permanent player in ${games.length} games of this round (${games.join(', ')}); nobody may be permanent in more than ${MAX_GAMES} games of a round`);
    }
  }
  // The most games at once is reached when some commitment starts: check every start inside the proposed span.
  const starts = [proposed.from, ...mine.map((c) => c.from)].map(at).filter((t) => active(proposed, t)).sort((a, b) => a - b);
  for (const t of starts) {
    const now = [...mine.filter((c) => active(c, t)), proposed];
    const games = [...new Set(now.map((c) => c.game))];
    if (games.length > MAX_GAMES) {
      const list = (kind: Commitment['kind']) => [...new Set(now.filter((c) => c.kind === kind).map((c) => c.game))].sort().join(', ') || 'none';
      problems.push(
        `B.9: ${proposed.player} would be playing ${games.length} games at once from ${new Date(t).toISOString()} (permanent: ${list('permanent')}; temporary: ${list('temporary')}); nobody may play more than ${MAX_GAMES} games at any one time as a permanent player and temporary replacement`,
      );
      break;
    }
  }
  return problems;
}
