/**
 * The From address read from the raw header when mailparser cannot read it (issue 25: `From: Italy
 * (Player <italy@example.org>` with an unbalanced parenthesis, or a stray byte before it): nothing a
 * registered player sends may be dropped for a malformed From. Only an unambiguous header counts:
 * exactly one address in it. Pure.
 */
import { headerFields } from './header-fields.js';

const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

/** The one address of the raw `From:` field(s), lower case; `undefined` when there is none, or more than one, or two From fields disagree. */
export function readRawFromAddress(raw: Buffer): string | undefined {
  const fields = headerFields(raw).filter((f) => f.name === 'from');
  const found = new Set<string>();
  for (const f of fields) for (const m of f.value.matchAll(ADDRESS)) found.add(m[0].toLowerCase().replace(/^\.+|\.+$/g, ''));
  return found.size === 1 ? [...found][0] : undefined;
}
