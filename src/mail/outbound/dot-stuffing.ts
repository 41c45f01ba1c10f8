/**
 * Issue 29: nodemailer's SMTP DATA escaping without its per-byte loop on mail that needs none.
 *
 * nodemailer pipes every message through its `DataStream` (nodemailer/lib/smtp-connection/
 * data-stream.js): a Transform whose `_transform` looks at each byte in JavaScript to stuff a dot at
 * the start of a line (RFC 5321 4.5.2) and turn a bare CR or a bare LF into CRLF. A results mail is
 * ~370 KB, nearly all base64 lines that need none of it; the loop was the largest single item of a
 * deadline's sending (24 ms of the judge's main thread per board of 8 mails). nodemailer offers no
 * option to hand it content already escaped (searched: its docs and issues), so
 * {@link installFastDotStuffing} replaces `DataStream.prototype._transform` with a drop-in that
 * first checks, with `Buffer.indexOf` (native), whether the chunk would be changed at all: when it
 * would not (every CR followed by LF, every LF preceded by CR, no dot after an LF, counting the last
 * byte of the previous chunk as nodemailer does), it passes the chunk through exactly as the original's
 * no-change branch does (the same counters, the same `lastByte`); otherwise it calls the original
 * `_transform`, untouched. So the bytes on the wire are the original's in every case:
 * `test/mail/outbound/dot-stuffing.test.ts` runs both on random inputs (bare CR, bare LF, dots at
 * line starts, CRLF split across chunk boundaries) and compares output and counters. A nodemailer
 * update that changes the original's behaviour fails that test, and the drop-in delegates to whatever
 * the new original is for any chunk it does not pass through.
 */
import DataStream from 'nodemailer/lib/smtp-connection/data-stream.js';

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

/**
 * Whether nodemailer's DataStream would pass `chunk` through unchanged, `lastByte` being the last byte
 * of the previous chunk (`false` before the first): no bare CR, no bare LF, no dot at a line's start
 * (the start of the message included). Pure.
 */
export function needsNoEscaping(chunk: Uint8Array, lastByte: number | false): boolean {
  const n = chunk.length;
  if (n === 0) return true;
  const first = chunk[0]!;
  if (lastByte === CR && first !== LF) return false; // a bare CR at the end of the previous chunk
  if (first === LF && lastByte !== CR) return false; // a bare LF
  if (first === DOT && (lastByte === LF || lastByte === false)) return false; // a dot starting a line
  const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // An LF at 0 was checked above (it follows the previous chunk's CR); a dot after it is checked here.
  let pos = first === LF ? 1 : 0;
  if (pos === 1 && n > 1 && buf[1] === DOT) return false;
  for (;;) {
    const cr = buf.indexOf(CR, pos);
    const lf = buf.indexOf(LF, pos);
    if (cr === -1) return lf === -1; // no CR left: any LF left is bare
    if (lf !== -1 && lf < cr) return false; // an LF before the next CR: bare
    if (cr === n - 1) return true; // a CR at the end: the next chunk's first byte decides (above)
    if (lf !== cr + 1) return false; // a bare CR
    if (cr + 2 < n && buf[cr + 2] === DOT) return false; // a dot at the start of a line
    pos = cr + 2;
  }
}

/**
 * Messages their composer checked, piece by piece, with {@link needsNoEscaping} from the start of
 * the message (send.ts's composeMail: each prepared picture part once, the rest of each mail as it
 * is composed): the drop-in passes such a Buffer through when it arrives whole as the first chunk,
 * without scanning it again.
 */
const checkedMessages = new WeakSet<Buffer>();

/** Record that `message` needs no escaping as a whole message (its composer checked it; see above). */
export function markNeedsNoEscaping(message: Buffer): void {
  checkedMessages.add(message);
}

/** Whether `message` was recorded by {@link markNeedsNoEscaping} (tests). */
export function markedNeedsNoEscaping(message: Buffer): boolean {
  return checkedMessages.has(message);
}

type TransformFn = (this: DataStream, chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void) => void;

const proto = DataStream.prototype as unknown as { _transform: TransformFn & { original?: TransformFn } };

/** nodemailer's own `_transform`, as it was before {@link installFastDotStuffing} (for the test). */
export const originalTransform: TransformFn = proto._transform.original ?? proto._transform;

/**
 * Replace `DataStream.prototype._transform` with the drop-in (see the module comment). Idempotent;
 * every SMTP transport of the process uses it once installed.
 */
export function installFastDotStuffing(): void {
  if (proto._transform.original) return;
  const original = proto._transform;
  const fast: TransformFn & { original?: TransformFn } = function (this: DataStream, chunk, encoding, done) {
    if (typeof chunk !== 'string' && chunk && chunk.length > 0 && ((this.lastByte === false && checkedMessages.has(chunk)) || needsNoEscaping(chunk, this.lastByte))) {
      // The original's branch for a chunk it inserts nothing into.
      this.inByteCount += chunk.length;
      this.outByteCount += chunk.length;
      this.push(chunk);
      this.lastByte = chunk[chunk.length - 1]!;
      done();
      return;
    }
    original.call(this, chunk, encoding, done);
  };
  fast.original = original;
  proto._transform = fast;
}
