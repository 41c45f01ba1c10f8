/** Standard input, read whole (empty when there is none). */
import { readFileSync } from 'node:fs';

export function readStdinBytes(): Buffer {
  try {
    return readFileSync(0);
  } catch {
    return Buffer.alloc(0);
  }
}

export function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}
