/**
 * A message from an unregistered address that names a registered player or power (D.X(6): no
 * impersonation): `From: "France" <someone@elsewhere>`, `From: Anna Kovacs <anna.k@freemail>`, or a
 * local part `france@…`. The judge does not answer such a sender unless its From is authenticated,
 * but it tells the real player and the GM (issue 16). Pure.
 */

/** A holder of a power in the game the message is addressed to. */
export interface Holder {
  /** What they hold: a power (`FRANCE`); a Coalition player's screen name or a judge's title. */
  readonly power: string;
  readonly name: string;
  readonly email: string;
  /** Whose name or address it is, in words (`the player Sai Rei`); default `<power>'s player`. */
  readonly whose?: string;
}

/** Whom a message's From names, and how. */
export interface Named {
  readonly holder: Holder;
  /** `the display name "France"`, `the local part "anna.k"`. */
  readonly how: string;
}

/** Lower case, compatibility-folded, accents dropped, only letters and digits kept. Pure. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const words = (text: string) => fold(text).split(' ').filter(Boolean);

/**
 * The holders a From line names but does not come from: a power's name as a word of the display
 * name or local part, a holder's full name as the display name, or a holder's local part as the
 * local part (another domain). A holder whose own address sent the message is never named. Pure.
 */
export function namedHolders(from: { address: string; name?: string | undefined }, holders: readonly Holder[]): Named[] {
  const address = from.address.toLowerCase();
  const local = address.slice(0, address.lastIndexOf('@') < 0 ? undefined : address.lastIndexOf('@'));
  const nameWords = words(from.name ?? '');
  const localWords = words(local);
  const out: Named[] = [];
  for (const h of holders) {
    if (h.email.toLowerCase() === address) continue;
    const power = h.power.toLowerCase();
    const hLocal = h.email.toLowerCase().slice(0, h.email.lastIndexOf('@'));
    const how = nameWords.includes(power)
      ? `the display name "${from.name}" (${h.power})`
      : localWords.includes(power)
        ? `the local part "${local}" (${h.power})`
        : from.name && fold(from.name) !== '' && fold(from.name) === fold(h.name)
          ? `the display name "${from.name}" (${h.whose ?? `${h.power}'s player`}'s name)`
          : local === hLocal
            ? `the local part "${local}" (${h.whose ?? `${h.power}'s player`}'s address is ${h.email})`
            : undefined;
    if (how) out.push({ holder: h, how });
  }
  return out;
}
