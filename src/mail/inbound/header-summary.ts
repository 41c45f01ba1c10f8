/**
 * What the header block alone says about a message the judge will not parse — one over
 * MAX_MESSAGE_BYTES, or one whose decision failed — read cheaply (no MIME parsing, no body): the
 * From and recipient addresses, the subject as written, and the headers that decide whether an
 * answer is safe (RFC 3834), in the shape {@link loopRisk} reads. Enough to attribute the message
 * to a registered player and a game, and to answer only when that cannot start a mail loop. Pure.
 */
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { headerFields } from './header-fields.js';
import { looksLikeBounce, type InboundMail } from './parse-message.js';
import { storableText } from './storable-text.js';

export type HeaderSummary = Pick<InboundMail, 'from' | 'to' | 'cc' | 'subject' | 'messageId' | 'autoSubmitted' | 'precedence' | 'isBounce'>;

function addresses(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    for (const a of addressparser(v, { flatten: true })) if (a.address) out.push(storableText(a.address.toLowerCase()));
  }
  return out;
}

/** The header block of `raw`, summarised. Pure. */
export function summarizeHeaders(raw: Buffer): HeaderSummary {
  const fields = headerFields(raw);
  const all = (name: string) => fields.filter((f) => f.name === name).map((f) => f.value);
  const first = (name: string) => all(name)[0];
  const from = addresses(all('from').slice(0, 1))[0];
  const auto = first('auto-submitted');
  const precedence = first('precedence')?.trim().toLowerCase();
  const messageId = /<[^<>\s]+>/.exec(first('message-id') ?? '')?.[0];
  return {
    ...(from ? { from } : {}),
    to: addresses(all('to')),
    cc: addresses(all('cc')),
    subject: storableText(first('subject') ?? ''),
    ...(messageId ? { messageId: storableText(messageId) } : {}),
    ...(auto && !/^no\b/i.test(auto.trim()) ? { autoSubmitted: storableText(auto.trim()) } : {}),
    ...(precedence && /^(bulk|junk|list)$/.test(precedence) ? { precedence } : {}),
    isBounce: looksLikeBounce({ contentType: first('content-type') ?? '', returnPath: first('return-path') ?? '', from }),
  };
}
