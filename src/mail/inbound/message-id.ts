/**
 * A raw message's Message-ID, read from its header block without parsing it (dedupe before parsing),
 * in a module of its own: `mailjudge ingest` reads it before anything else of the intake loads (docs/startup.md).
 */
import { headerFields } from './header-fields.js';
import { storableText } from './storable-text.js';

/** The Message-ID from the raw header block, without parsing the message (dedupe before parsing); storable (no NUL). */
export function rawMessageId(raw: Buffer): string | undefined {
  const value = headerFields(raw).find((f) => f.name === 'message-id')?.value;
  const id = value === undefined ? undefined : /<[^>\r\n]+>/.exec(value)?.[0];
  return id === undefined ? undefined : storableText(id);
}
