/**
 * What a mail client fetches of a message to show it (issue 30, stop 44): the body parts it displays,
 * not the whole source. A results mail is ~350–700 kB, nearly all of it the two map pictures in base64
 * (and the calendar event twice); the scripted players act on its text alone. From the message's
 * BODYSTRUCTURE, {@link shownParts} picks the text parts mailparser would make `text` of, and the
 * attachments the reader asks for by name (the standings CSV); {@link reducedSource} builds from the
 * message's own header and those parts (as the server sent them, still encoded) a small message that
 * mailparser reads to the same subject, Message-ID, In-Reply-To, From, text and kept attachments as
 * the whole source (test/e2e/players-reader.test.ts, on the judge's own mail).
 *
 * Only shapes where that holds are reduced: every text leaf text/plain shown inline, every text/html
 * leaf an alternative to a text/plain one (mailparser never makes `text` of it then); anything else
 * (an HTML-only mail, HTML beside text in a mixed part, a single-part message) is fetched whole, as is
 * a message whose parts left out come to less than `minSkippedBytes` (a reply of a kilobyte or two:
 * the second round trip is not worth it).
 */

/** The BODYSTRUCTURE node as imapflow parses it (the fields used here). */
export interface StructureNode {
  readonly part?: string;
  readonly type: string;
  readonly disposition?: string;
  readonly dispositionParameters?: { readonly [key: string]: string };
  readonly parameters?: { readonly [key: string]: string };
  readonly size?: number;
  readonly childNodes?: readonly StructureNode[];
}

/** What to fetch of one message: `whole`, or these parts (with their MIME headers) and the message header. */
export type FetchPlan = { readonly whole: true } | { readonly whole: false; readonly parts: readonly string[]; readonly skippedBytes: number };

/** A leaf's file name (Content-Disposition's filename, else Content-Type's name). */
function fileName(n: StructureNode): string | undefined {
  return n.dispositionParameters?.filename ?? n.parameters?.name;
}

/**
 * The parts to fetch of a message with this structure: the text/plain parts shown inline, and the
 * attachments `keep` wants; `whole` where the reduction would not read the same (see the file comment).
 */
export function shownParts(root: StructureNode, keep: (filename: string, type: string) => boolean, minSkippedBytes = 16_384): FetchPlan {
  if (!root.childNodes || root.childNodes.length === 0) return { whole: true };
  const parts: string[] = [];
  let skippedBytes = 0;
  let reducible = true;
  const hasPlain = (n: StructureNode): boolean => (n.childNodes ? n.childNodes.some(hasPlain) : n.type.toLowerCase() === 'text/plain');
  const walk = (n: StructureNode, alternativeWithPlain: boolean) => {
    const type = n.type.toLowerCase();
    if (n.childNodes && n.childNodes.length > 0) {
      const alt = alternativeWithPlain || (type === 'multipart/alternative' && hasPlain(n));
      for (const c of n.childNodes) walk(c, alt);
      return;
    }
    const disposition = (n.disposition ?? '').toLowerCase();
    const inline = disposition === '' || disposition === 'inline';
    const name = fileName(n);
    if (type === 'text/plain' && inline && n.part) parts.push(n.part);
    else if ((type === 'text/plain' || type === 'text/html' || type === 'message/delivery-status') && inline && !(type === 'text/html' && alternativeWithPlain)) reducible = false;
    else if (name !== undefined && keep(name, type) && n.part) parts.push(n.part);
    else skippedBytes += n.size ?? 0;
  };
  walk(root, false);
  if (!reducible || parts.length === 0 || skippedBytes < minSkippedBytes) return { whole: true };
  return { whole: false, parts, skippedBytes };
}

/**
 * A message of `header` (the message's own, its Content-Type and Content-Transfer-Encoding fields
 * replaced) and the given parts, each its MIME header (`BODY[n.MIME]`, ending in the blank line) and
 * its body (`BODY[n]`, still transfer-encoded), as one multipart/mixed.
 */
export function reducedSource(header: Buffer, parts: readonly { readonly mime: Buffer; readonly body: Buffer }[]): Buffer {
  const lines = header.toString('binary').replace(/\r?\n$/, '').replace(/\r?\n$/, '').split(/\r?\n/);
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    dropping = /^content-(type|transfer-encoding)\s*:/i.test(line);
    if (!dropping) kept.push(line);
  }
  const boundary = '--rehearse-shown-parts';
  const out: Buffer[] = [Buffer.from(`${kept.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n`, 'binary')];
  for (const p of parts) {
    out.push(Buffer.from(`--${boundary}\r\n`), p.mime, p.body, Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}
