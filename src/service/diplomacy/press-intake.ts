/**
 * Press received with a player's message (D.X): stored with its author (for the TD alone, D.X(2))
 * and the game's press rule applied at once (`pressSections`): accepted press is published with the
 * phase's results; refused press (black always, others under alternative rules A/B/C) gets a note
 * saying why. Published where: white with the author's orders, the rest in the anonymous section.
 */
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import { insertPress } from '../../db/press-items.js';
import type { Db, StoredPressKind } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { pressSections } from '../../diplomacy/conduct/press.js';
import type { PressItem as SheetPress } from '../../diplomacy/sheet/types.js';

/** The sheet's press colour as stored (`darkGray` → `dark-gray`). Pure. */
export function storedPressKind(kind: SheetPress['kind']): StoredPressKind {
  return kind === 'darkGray' ? 'dark-gray' : kind;
}

const COLOUR: Record<StoredPressKind, string> = { white: 'white', gray: 'gray', 'dark-gray': 'dark-gray', black: 'black' };

/** Store each press item; returns one note per item for the acknowledgement. */
export async function recordPress(
  db: Db,
  p: { game: Game; phase: string; power: Power; person: Person; inboundMessageId: number; receivedAt: Date; items: readonly SheetPress[] },
): Promise<string[]> {
  const notes: string[] = [];
  for (const item of p.items) {
    const kind = storedPressKind(item.kind);
    const to = item.to === 'all' ? null : [...item.to];
    const text = item.text.trim();
    const verdict = pressSections([{ author: p.power, kind, text, receivedAt: p.receivedAt }], p.game.policies.pressRule);
    const refusal = text === '' ? 'the press has no text' : verdict.refused[0]?.reason;
    await insertPress(db, {
      gameId: p.game.id,
      phase: p.phase,
      authorPower: p.power,
      personId: p.person.id,
      inboundMessageId: p.inboundMessageId,
      line: item.line,
      receivedAt: p.receivedAt,
      kind,
      to,
      attribution: item.attribution ?? null,
      text,
      accepted: refusal === undefined,
      refusal: refusal ?? null,
    });
    const audience = to ? `to ${to.join(', ')}` : 'to all';
    if (refusal !== undefined) notes.push(`Your ${COLOUR[kind]} press (line ${item.line}) was not accepted: ${refusal}.`);
    else if (kind === 'white') notes.push(`Your press ${audience} (line ${item.line}) will be published with the ${p.phase} results, under your orders (D.X(1)).`);
    else notes.push(`Your ${COLOUR[kind]} press ${audience} (line ${item.line}) will be published with the ${p.phase} results in the "${verdict.anonymousHeading}" section; its author is never revealed, not even to the GM (D.X(2)).`);
  }
  return notes;
}
