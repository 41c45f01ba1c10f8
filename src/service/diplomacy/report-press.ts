/**
 * The press one reader sees in a phase report (D.X(1), D.X(2)): press to all, and press addressed to
 * a power the reader holds; the GM, who publishes it, sees all of it. White press carries its author
 * (printed under the author's orders); gray and dark-gray press carries none, in receipt order, so
 * neither the text nor the layout shows who wrote it. Pure.
 */
import type { StoredPress } from '../../db/press-items.js';
import type { Power } from '../../diplomacy/index.js';
import { pressSections, type PressRule } from '../../diplomacy/conduct/press.js';

export interface ReaderPress {
  readonly press: readonly { readonly author?: Power; readonly text: string }[];
  readonly heading: string | undefined;
}

/** The accepted press of a phase as `reader` sees it. */
export function pressForReader(items: readonly StoredPress[], rule: PressRule, reader: { readonly powers: readonly Power[]; readonly gm: boolean }): ReaderPress {
  const visible = items.filter((p) => p.accepted && (reader.gm || p.to === null || p.to.some((t) => reader.powers.includes(t))));
  const s = pressSections(visible.map((p) => ({ author: p.authorPower, kind: p.kind, text: p.text, receivedAt: p.receivedAt })), rule);
  return { press: [...s.white.map((w) => ({ author: w.author, text: w.text })), ...s.anonymous.map((a) => ({ text: a.text }))], heading: s.anonymousHeading };
}
