import { Transform, TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * PostgreSQL's `COPY … (FORMAT csv)` bytes in, RFC 4180 records out: every record-ending LF becomes CRLF. A line
 * break inside a quoted field is data and passes unchanged, so the transform follows the quotes across chunks (a
 * doubled quote inside a field closes and reopens it, which leaves the state right). `prefix` (the BOM and the
 * header row) goes out first, with the first chunk or alone if there is none.
 */
export class CrlfRecords extends Transform {
  private quoted = false;
  private prefix: Buffer | null;

  constructor(prefix: string) {
    super();
    this.prefix = Buffer.from(prefix, 'utf8');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const out = this.crlf(chunk);
    if (this.prefix) {
      this.push(this.prefix);
      this.prefix = null;
    }
    done(null, out);
  }

  override _flush(done: TransformCallback): void {
    done(null, this.prefix ?? undefined);
  }

  /** The chunk with a CR before each LF outside quotes; jumps from quote to line break with indexOf, not per byte. */
  private crlf(chunk: Buffer): Buffer {
    const ends: number[] = [];
    const length = chunk.length;
    let quoted = this.quoted;
    let at = 0;
    // Where the next quote and line break are (length: none left), each searched again only once passed.
    let nextQuote = -1;
    let nextLf = -1;
    while (at < length) {
      if (quoted) {
        const close = chunk.indexOf(QUOTE, at);
        if (close === -1) break;
        quoted = false;
        at = close + 1;
        continue;
      }
      if (nextQuote < at) {
        nextQuote = chunk.indexOf(QUOTE, at);
        if (nextQuote === -1) nextQuote = length;
      }
      if (nextLf < at) {
        nextLf = chunk.indexOf(LF, at);
        if (nextLf === -1) nextLf = length;
      }
      if (nextLf < nextQuote) {
        ends.push(nextLf);
        at = nextLf + 1;
      } else if (nextQuote < length) {
        quoted = true;
        at = nextQuote + 1;
      } else {
        break;
      }
    }
    this.quoted = quoted;
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(length + ends.length);
    let from = 0;
    let to = 0;
    for (const lf of ends) {
      to += chunk.copy(out, to, from, lf);
      out[to++] = CR;
      out[to++] = LF;
      from = lf + 1;
    }
    chunk.copy(out, to, from, length);
    return out;
  }
}
