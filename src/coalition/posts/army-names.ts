/** Army names as written in posts: what is a name, and when two names are the same army. */

/** A list marker the player may start a line with: `- `, `* `, `• `, `1. `, `2) `. */
export const BULLET = /^\s*(?:[-*•·]|\d{1,3}[.)])\s+/u;

/** Whitespace collapsed, trailing dots dropped (a sentence's full stop is not part of a name). */
export function normaliseName(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().replace(/[.\s]+$/u, '');
}

/**
 * A name the parser can read back unambiguously: starts with a letter or digit and has none of the
 * characters that structure a line (`:` ends the name, `;` starts engage/replace, `>` is a move,
 * parentheses a route) nor control characters.
 */
export function isArmyName(name: string): boolean {
  return /^[\p{L}\p{N}][^:;<>()\p{Cc}]*$/u.test(name) && !BULLET.test(name);
}

/** Two names are the same army when they match ignoring case. */
export function armyKey(name: string): string {
  return name.toLowerCase();
}
