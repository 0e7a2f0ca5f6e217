import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';

/**
 * Documents a CSV download: the body is the file, streamed. Only the 200 answer is CSV (no `@ApiProduces`, which
 * would give the `{ message }` errors a CSV media type too).
 */
export function ApiCsvResponse(columns: string) {
  return applyDecorators(
    ApiOkResponse({
      description:
        `UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), ` +
        `a header row and the JSON list's columns: ${columns}. Sent as \`attachment\` named ` +
        '`<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    }),
  );
}
