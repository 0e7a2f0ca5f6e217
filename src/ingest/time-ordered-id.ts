import { randomFillSync } from 'node:crypto';

/** Random bytes drawn in bulk: one call to the system's generator serves 400 ids. */
const random = Buffer.alloc(4000);
let used = random.length;

/**
 * A UUID in the version 7 layout (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest
 * random. Rows keyed by it are appended at the right edge of the primary key's index instead of splitting
 * pages all over it, as random (version 4) ids do: each new page costs PostgreSQL a write and, after a
 * checkpoint, a full-page image in the WAL.
 */
export function timeOrderedId(now = Date.now()): string {
  if (used + 10 > random.length) {
    randomFillSync(random);
    used = 0;
  }
  const hex = random.toString('hex', used, used + 10);
  used += 10;
  const time = now.toString(16).padStart(12, '0');
  const variant = ((parseInt(hex[3], 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex.slice(0, 3)}-${variant}${hex.slice(4, 7)}-${hex.slice(7, 19)}`;
}
