/**
 * Which game a message is for, and whether it names the game's address (D.II(2)). Pure.
 *
 * Addresses are compared whole and case-insensitively (`Judge+WM01@Example.TEST` is
 * `judge+wm01@example.test`): domains are case-insensitive (RFC 5321 2.4), and although a local part
 * may in theory be case-sensitive, our own MTA treats it as not, so two spellings reach one mailbox.
 *
 * Subaddresses (RFC 5233, `judge+<game>@domain`): a game whose address carries a tag is named only by
 * that exact tag — `judge+wm01@` is wm01's address; `judge@` and `judge+wm02@` name another game or
 * none, although they may reach the same mailbox. A game whose address has no tag is named only by
 * that address, not by `judge+anything@`: in a deployment that mixes the two forms, `judge+wm02@`
 * would otherwise name two games at once. So D.II(2)'s "the GM's e-mail address" is always one
 * exact address, and a player who wrote another one is told which.
 */

/** An address reduced to the form compared: trimmed, without angle brackets, lower case. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/^<(.*)>$/, '$1').trim().toLowerCase();
}

/**
 * D.II(2): "Unless the GM states another policy at the outset of the game, orders must contain the
 * GM's e-mail address in either the 'TO' or 'CC' box to be valid." True when `gameAddress` is among
 * `to` or `cc` (compared as described above); Bcc, Reply-To and the envelope do not count.
 */
export function addressedToGame(mail: { readonly to: readonly string[]; readonly cc: readonly string[] }, gameAddress: string): boolean {
  const want = normalizeAddress(gameAddress);
  if (want === '') return false;
  return [...mail.to, ...mail.cc].some((a) => normalizeAddress(a) === want);
}

/** A game the judge serves: its id and its address (one per game, or shared with a subject tag). */
export interface GameCandidate {
  readonly id: string;
  readonly address: string;
}

export type GameMatch =
  /** `addressed`: the message names the game's address in To/Cc (D.II(2)); false when only the subject tag found it. */
  | { readonly gameId: string; readonly by: 'address' | 'subject'; readonly addressed: boolean }
  /** No game, or several: `candidates` lists the ids that could be meant (empty when none). */
  | { readonly gameId: undefined; readonly candidates: readonly string[] };

/** The game ids tagged in a subject: `[wm01]` anywhere, or `Game: wm01` / `Game wm01`. */
export function subjectTags(subject: string): string[] {
  const tags: string[] = [];
  for (const m of subject.matchAll(/\[\s*([^\]\s]+)\s*\]/g)) tags.push(m[1]!.toLowerCase());
  for (const m of subject.matchAll(/\bgame\s*[:#]?\s*([A-Za-z0-9][\w.-]*)/gi)) tags.push(m[1]!.toLowerCase().replace(/[.-]+$/, ''));
  return tags;
}

/**
 * Which game a message is for. `addresses` are its To and Cc recipients.
 *
 * 1. The games whose address it names. One → that game.
 * 2. Several (a shared address, or two games' addresses in one message) → the one of them its subject
 *    tags (`[wm01]`, `Game: wm01`); none or more than one tagged → ambiguous, candidates listed.
 * 3. None → a game its subject tags, marked `addressed: false` so the caller refuses it under D.II(2)
 *    with a reply naming the right address, rather than losing it; several tagged → ambiguous.
 *
 * Tags are matched case-insensitively against the candidates' ids; other bracketed words
 * (`[Final]`, `[EXTERNAL]`) are ignored.
 */
export function gameFromAddresses(addresses: readonly string[], subject: string, candidates: readonly GameCandidate[]): GameMatch {
  const named = new Set(addresses.map(normalizeAddress));
  // A game may be listed under several addresses (a Coalition game's thread, PM and battle addresses): one game.
  const byAddress = [...new Map(candidates.filter((g) => named.has(normalizeAddress(g.address))).map((g) => [g.id, g])).values()];
  const tags = new Set(subjectTags(subject));
  const tagged = (games: readonly GameCandidate[]) => games.filter((g) => tags.has(g.id.toLowerCase()));
  if (byAddress.length === 1) return { gameId: byAddress[0]!.id, by: 'address', addressed: true };
  if (byAddress.length > 1) {
    const t = tagged(byAddress);
    if (t.length === 1) return { gameId: t[0]!.id, by: 'subject', addressed: true };
    return { gameId: undefined, candidates: (t.length > 1 ? t : byAddress).map((g) => g.id) };
  }
  const t = [...new Map(tagged(candidates).map((g) => [g.id, g])).values()];
  if (t.length === 1) return { gameId: t[0]!.id, by: 'subject', addressed: false };
  return { gameId: undefined, candidates: t.map((g) => g.id) };
}
