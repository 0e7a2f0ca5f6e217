import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CrlfRecords } from './crlf-records';

/** The transform's output for `input` cut into chunks at `cuts` (byte offsets). */
async function through(input: string, cuts: number[] = [], prefix = 'H\r\n'): Promise<string> {
  const bytes = Buffer.from(input, 'utf8');
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return (await buffer(Readable.from(chunks.filter((c) => c.length > 0)).pipe(new CrlfRecords(prefix)))).toString(
    'utf8',
  );
}

describe('CrlfRecords (PostgreSQL CSV to RFC 4180 record ends)', () => {
  it('ends every record with CRLF after the prefix', async () => {
    expect(await through('a,b\nc,\n')).toBe('H\r\na,b\r\nc,\r\n');
  });

  it('leaves line breaks and doubled quotes inside quoted fields as they are', async () => {
    const pg = 'x,"two\nlines",y\n"cr\r\nlf","say ""hi""\n",""""\n';
    expect(await through(pg)).toBe('H\r\nx,"two\nlines",y\r\n"cr\r\nlf","say ""hi""\n",""""\r\n');
  });

  it('keeps track of the quotes across every possible chunk boundary', async () => {
    const pg = 'Анна,"a ""b""\nc",\n"\n"\nz\n';
    const want = 'H\r\nАнна,"a ""b""\nc",\r\n"\n"\r\nz\r\n';
    const length = Buffer.byteLength(pg);
    for (let cut = 1; cut < length; cut++) {
      for (let second = cut + 1; second < length; second += 3) {
        expect(await through(pg, [cut, second])).toBe(want);
      }
    }
  });

  it('sends the prefix alone when there are no rows', async () => {
    expect(await through('', [], '\uFEFFid\r\n')).toBe('\uFEFFid\r\n');
  });
});
