/**
 * Press in the adjudication report (D.X(1), D.X(2)). Four colours:
 * - white: "press correctly identifying the author", published with the author's orders;
 * - gray: "press to be published anonymously";
 * - dark gray: "press unofficially attributed to any person" (signed inside the text, not by the GM);
 * - black: "press officially attributed by the GM to another person" — never accepted.
 * The game's policy, stated at the outset (D.I(1)(b)):
 * - `standard`: white, gray and dark gray accepted; gray and dark gray go to an "Anonymous or
 *   Unofficial Press" section separate from the orders;
 * - `A`: white and gray accepted, dark gray and black refused; gray goes to an "Anonymous Press" section;
 * - `B`: white only;
 * - `C`: "No Press to be published by the GM. All Press must be published by the players themselves."
 * Anonymous items carry no author field at all and are ordered by receipt time, never by power, so
 * that neither the report nor its layout reveals who wrote them (D.X(2)). Pure.
 */
import type { Power } from '../index.js';

export type PressKind = 'white' | 'gray' | 'dark-gray' | 'black';
export type PressRule = 'standard' | 'A' | 'B' | 'C';

export interface PressItem {
  /** The power that actually sent it (known to the judge only). */
  readonly author: Power;
  readonly kind: PressKind;
  readonly text: string;
  readonly receivedAt: Date;
  /** The sender's own reference for it (e.g. the inbound message id), echoed in refusals. */
  readonly ref?: string;
}

export interface PressRefusal {
  /** For the private reply to the author only. */
  readonly author: Power;
  readonly kind: PressKind;
  readonly ref?: string;
  readonly reason: string;
}

export interface PressSections {
  /** White press, to print under each author's orders. */
  readonly white: readonly { readonly author: Power; readonly text: string }[];
  /** Gray (and, under the standard rule, dark-gray) press: no author. */
  readonly anonymous: readonly { readonly text: string }[];
  /** The heading of the anonymous section, or `undefined` when the game publishes none. */
  readonly anonymousHeading: 'Anonymous or Unofficial Press' | 'Anonymous Press' | undefined;
  readonly refused: readonly PressRefusal[];
}

const ACCEPTED: Record<PressRule, readonly PressKind[]> = {
  standard: ['white', 'gray', 'dark-gray'],
  A: ['white', 'gray'],
  B: ['white'],
  C: [],
};

const HEADING: Record<PressRule, PressSections['anonymousHeading']> = {
  standard: 'Anonymous or Unofficial Press',
  A: 'Anonymous Press',
  B: undefined,
  C: undefined,
};

/**
 * The colour of a press message from what its sender asked for: the GM to attribute it to someone
 * (`attributeTo`) — white if that is the sender, black otherwise — or not, in which case it is dark gray
 * when it claims an author in its text (`signedAs`) and gray when it does not.
 */
export function pressKind(sender: Power, ask: { readonly attributeTo?: Power | string; readonly signedAs?: string }): PressKind {
  if (ask.attributeTo !== undefined) return ask.attributeTo === sender ? 'white' : 'black';
  return ask.signedAs !== undefined ? 'dark-gray' : 'gray';
}

function refusalReason(kind: PressKind, rule: PressRule): string {
  if (rule === 'C') return 'the GM publishes no press in this game: publish it yourself to the players (D.X(1), Alternative Rule C)';
  if (kind === 'black') return 'press officially attributed by the GM to another person (black press) is not accepted (D.X(1))';
  if (rule === 'B') return 'this game accepts only press that names its author (white press) (D.X(1), Alternative Rule B)';
  return 'this game accepts white and anonymous press, not press attributed to someone unofficially (dark gray) (D.X(1), Alternative Rule A)';
}

/** Sort press into the report's sections under the game's rule; never throws. */
export function pressSections(items: readonly PressItem[], rule: PressRule): PressSections {
  const sorted = [...items].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  const white: { author: Power; text: string }[] = [];
  const anonymous: { text: string }[] = [];
  const refused: PressRefusal[] = [];
  for (const item of sorted) {
    if (!ACCEPTED[rule].includes(item.kind)) {
      refused.push({ author: item.author, kind: item.kind, ...(item.ref !== undefined ? { ref: item.ref } : {}), reason: refusalReason(item.kind, rule) });
    } else if (item.kind === 'white') white.push({ author: item.author, text: item.text });
    else anonymous.push({ text: item.text });
  }
  return { white, anonymous, anonymousHeading: HEADING[rule], refused };
}
