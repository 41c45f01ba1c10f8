/**
 * Reading a delivery report (issue 27): who did not get the mail, why, and which mail it was. The
 * standard form is RFC 3464 (`multipart/report; report-type=delivery-status` with a
 * `message/delivery-status` part: one block per recipient with `Final-Recipient`, `Action`, `Status`,
 * `Diagnostic-Code`), which Postfix, Exchange, Gmail and most large providers send; the common
 * non-standard forms are Exim's text bounce (`X-Failed-Recipients`, "The following address(es)
 * failed:"), qmail's ("Hi. This is the qmail-send program"), and any other text report that names a
 * permanent SMTP code. The mail it answers is named by the original `Message-ID` it quotes (a
 * `message/rfc822` or `text/rfc822-headers` part, or the copy below a text bounce); the return path
 * (return-path.ts) names it even when nothing is quoted. Pure: text in, data out, never throws.
 */

/** One recipient's fate as the report gives it. */
export interface ReportedRecipient {
  /** Lower case, without `rfc822;` or angle brackets. */
  readonly address: string;
  /** RFC 3464 Action: `failed`, `delayed`, `delivered`, `relayed`, `expanded` (text forms: `failed`). */
  readonly action: string;
  /** RFC 3463 status code (`5.2.2`), when the report gives one. */
  readonly status?: string;
  /** What the refusing server said (`552 5.2.2 Mailbox full`), or the report's words. */
  readonly diagnostic: string;
}

export interface DeliveryReport {
  readonly format: 'rfc3464' | 'exim' | 'qmail' | 'text';
  readonly recipients: readonly ReportedRecipient[];
  /** The Message-ID of the mail it answers (with angle brackets), when quoted. */
  readonly originalMessageId?: string;
  /** The reporting MTA (`dns; mx.example.org` → `mx.example.org`), when given. */
  readonly reportingMta?: string;
  /** A `text` report's only reading: the first permanent SMTP reply in it (it names no recipient). */
  readonly diagnostic?: string;
}

interface Part {
  readonly headers: ReadonlyMap<string, string>;
  /** Lower case, without parameters. */
  readonly type: string;
  /** Decoded (base64 / quoted-printable) text. */
  readonly body: string;
  readonly parts: readonly Part[];
}

/** Limits of the walk: a report is small; a hostile one must not make the judge work. */
const MAX_DEPTH = 4;
const MAX_PARTS = 32;

/** Header fields of a block (unfolded), names lower case; the first of a repeated name wins. */
function headerBlock(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const m = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
    if (m && !fields.has(m[1]!.toLowerCase())) fields.set(m[1]!.toLowerCase(), m[2]!.trim());
  }
  return fields;
}

function splitHead(text: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(text);
  return m ? { head: text.slice(0, m.index), body: text.slice(m.index + m[0].length) } : { head: text, body: '' };
}

function param(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return body;
}

function parsePart(text: string, depth: number, budget: { parts: number }): Part {
  const { head, body } = splitHead(text);
  const headers = headerBlock(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = param(contentType, 'boundary');
  const parts: Part[] = [];
  if (type.startsWith('multipart/') && boundary && depth < MAX_DEPTH) {
    const chunks = body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'));
    for (const chunk of chunks.slice(1, -1)) {
      if (budget.parts++ >= MAX_PARTS) break;
      parts.push(parsePart(chunk.replace(/^\r?\n/, ''), depth + 1, budget));
    }
  }
  // A quoted message is kept as it is: its Message-ID is read from its own header block.
  const decoded = type === 'message/rfc822' ? body : decode(body, headers.get('content-transfer-encoding'));
  return { headers, type, body: decoded, parts };
}

function allParts(p: Part): Part[] {
  return [p, ...p.parts.flatMap(allParts)];
}

function bareAddress(value: string): string {
  return value.replace(/^[^;]*;\s*/, (m) => (/@/.test(m) ? m : '')).replace(/^<|>$/g, '').trim().toLowerCase();
}

function statusIn(text: string): string | undefined {
  return /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1];
}

/** The first line naming an SMTP reply code (`550 5.1.1 …`), joined with what follows it on continuation lines. */
function smtpReply(lines: readonly string[]): string | undefined {
  const at = lines.findIndex((l) => /(^|\s|:)[45]\d\d[ -]/.test(l));
  if (at < 0) return undefined;
  const line = lines[at]!.trim();
  return line.replace(/^.*?(?=\b[45]\d\d[ -])/, '');
}

function quotedMessageId(parts: readonly Part[], text: string): string | undefined {
  for (const p of parts) {
    if (p.type === 'message/rfc822' || p.type === 'text/rfc822-headers' || p.type === 'message/global' || p.type === 'message/global-headers') {
      const id = headerBlock(splitHead(p.body).head).get('message-id') ?? headerBlock(p.body).get('message-id');
      const m = id ? /<[^>\s]+>/.exec(id) : null;
      if (m) return m[0];
    }
  }
  const m = /^Message-ID:[ \t]*(<[^>\s]+>)/im.exec(text);
  return m?.[1];
}

function rfc3464(status: Part): { recipients: ReportedRecipient[]; reportingMta?: string } {
  const blocks = status.body.replace(/\r\n/g, '\n').split(/\n[ \t]*\n/).map((b) => b.trim()).filter((b) => b !== '');
  const perMessage = blocks.length > 0 && !/^(final|original)-recipient:/im.test(blocks[0]!) ? headerBlock(blocks[0]!) : undefined;
  const recipients: ReportedRecipient[] = [];
  for (const block of blocks) {
    const f = headerBlock(block);
    const who = f.get('final-recipient') ?? f.get('original-recipient');
    if (!who) continue;
    const diagnostic = (f.get('diagnostic-code') ?? '').replace(/^[a-z-]+;\s*/i, '').trim();
    const code = f.get('status')?.trim();
    recipients.push({
      address: bareAddress(who),
      action: (f.get('action') ?? (code?.startsWith('5') ? 'failed' : 'unknown')).toLowerCase().trim(),
      ...(code ? { status: code } : {}),
      diagnostic: diagnostic || (code ? `status ${code}` : 'no diagnostic given'),
    });
  }
  const mta = perMessage?.get('reporting-mta')?.replace(/^[a-z]+;\s*/i, '').trim();
  return { recipients, ...(mta ? { reportingMta: mta } : {}) };
}

/** Exim: addresses indented below "The following address(es) failed:", each followed by its more-indented reasons. */
function exim(text: string, failedHeader: string | undefined): ReportedRecipient[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => /following address(\(es\)|es)? failed/i.test(l));
  const out: ReportedRecipient[] = [];
  if (start >= 0) {
    let current: { address: string; reasons: string[] } | undefined;
    const flush = () => {
      if (!current) return;
      const reply = smtpReply(current.reasons) ?? current.reasons.map((r) => r.trim()).filter(Boolean).join(' ');
      out.push({ address: current.address, action: 'failed', ...(statusIn(reply) ? { status: statusIn(reply)! } : {}), diagnostic: reply || 'no diagnostic given' });
      current = undefined;
    };
    for (const line of lines.slice(start + 1)) {
      if (/^-{3,}|^\s*-{6}/.test(line) || /copy of the message/i.test(line)) break;
      const addr = /^ {1,3}<?([^\s<>@]+@[^\s<>]+?)>?:?\s*$/.exec(line);
      if (addr) {
        flush();
        current = { address: addr[1]!.toLowerCase(), reasons: [] };
      } else if (current && /^\s{4,}\S/.test(line)) {
        current.reasons.push(line);
      }
    }
    flush();
  }
  if (out.length === 0 && failedHeader) {
    const reply = smtpReply(lines) ?? '';
    for (const a of failedHeader.split(',')) out.push({ address: bareAddress(a), action: 'failed', ...(statusIn(reply) ? { status: statusIn(reply)! } : {}), diagnostic: reply || 'no diagnostic given' });
  }
  return out;
}

/** qmail: `<address>:` at the start of a line, then the remote host's words, up to a blank line. */
function qmail(text: string): ReportedRecipient[] {
  const body = text.replace(/\r\n/g, '\n').split(/^--- Below this line is a copy of the message\./m)[0]!;
  const out: ReportedRecipient[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const m = /^<([^\s<>@]+@[^\s<>]+)>:\s*\n?([\s\S]*)$/.exec(block.trim());
    if (!m) continue;
    const lines = m[2]!.split('\n').map((l) => l.trim()).filter(Boolean);
    const said = lines.find((l) => /^Remote host said:/i.test(l))?.replace(/^Remote host said:\s*/i, '');
    const diagnostic = said ?? smtpReply(lines) ?? lines.join(' ');
    out.push({ address: m[1]!.toLowerCase(), action: 'failed', ...(statusIn(diagnostic) ? { status: statusIn(diagnostic)! } : {}), diagnostic: diagnostic || 'no diagnostic given' });
  }
  return out;
}

/**
 * Read `raw` as a delivery report, or `undefined` when it is none of the known forms. A report of a
 * kind not recognised but naming a permanent SMTP refusal comes back as `text` with no recipients:
 * the caller ties it to a mail by its return path or quoted Message-ID.
 */
export function readDeliveryReport(raw: string | Buffer): DeliveryReport | undefined {
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const top = parsePart(text, 0, { parts: 0 });
  const parts = allParts(top);
  const bodyText = parts.filter((p) => p.type === 'text/plain' || p.parts.length === 0 && p.type.startsWith('text/')).map((p) => p.body).join('\n');
  const originalMessageId = quotedMessageId(parts, top.parts.length > 0 ? parts.filter((p) => p !== top).map((p) => p.body).join('\n') : top.body);
  const withId = <T extends object>(r: T): T & { originalMessageId?: string } => (originalMessageId ? { ...r, originalMessageId } : r);

  const status = parts.find((p) => p.type === 'message/delivery-status' || p.type === 'message/global-delivery-status');
  if (status) {
    const r = rfc3464(status);
    if (r.recipients.length > 0) return withId({ format: 'rfc3464' as const, ...r });
  }
  const failedHeader = top.headers.get('x-failed-recipients');
  if (failedHeader || /following address(\(es\)|es)? failed/i.test(bodyText)) {
    const r = exim(bodyText, failedHeader);
    if (r.length > 0) return withId({ format: 'exim' as const, recipients: r });
  }
  if (/This is the qmail-send program/i.test(bodyText)) {
    const r = qmail(bodyText);
    if (r.length > 0) return withId({ format: 'qmail' as const, recipients: r });
  }
  const reply = smtpReply(bodyText.split(/\r?\n/).slice(0, 200));
  if (reply && /^5/.test(reply)) return withId({ format: 'text' as const, recipients: [], diagnostic: reply });
  return undefined;
}
