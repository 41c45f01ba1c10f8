/**
 * Canonical JSON for hashing: object keys sorted (by UTF-16 code units), no whitespace, values
 * normalised through a JSON round trip first (so `undefined` members vanish and Dates become ISO
 * strings, exactly as they would once stored in jsonb and read back).
 */
import type { Json } from './schema.js';

/** `value` as it reads back after storing it as JSON (throws on a value JSON cannot hold, e.g. a BigInt). */
export function toJson(value: unknown): Json {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as Json);
}

function canonical(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as { readonly [key: string]: Json };
  const keys = Object.keys(obj).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(obj[k]!)}`).join(',')}}`;
}

/** The canonical JSON text of `value`: equal for values equal as JSON, whatever their key order. Pure. */
export function canonicalJson(value: unknown): string {
  return canonical(toJson(value));
}
