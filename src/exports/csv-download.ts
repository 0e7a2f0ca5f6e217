import type { Response } from 'express';
import { Transform, TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { csvRecord, UTF8_BOM } from './csv';

/** Rows fetched from the server-side cursor per round trip. */
const BATCH_ROWS = 2000;
/** Bytes gathered before a write: one write per few hundred rows instead of one per row. */
const CHUNK_BYTES = 64 * 1024;

export interface CsvQuery {
  /** Every column selected as text (or null), in the order of `header`. */
  sql: string;
  params: unknown[];
  header: readonly string[];
}

/**
 * Streams a query's rows as a CSV download, read through a server-side cursor (pg-query-stream) a batch at a
 * time: the pipeline reads the next batch only when the client has taken the last, so memory stays flat
 * whatever the size. A client that goes away destroys the pipeline, which closes the cursor; the connection
 * then goes back to the pool, or is discarded if the cursor could not be closed cleanly.
 */
export async function sendCsv(res: Response, pool: Pool, fileName: string, query: CsvQuery): Promise<void> {
  const client: PoolClient = await pool.connect();
  let failure: unknown;
  try {
    const rows = client.query(new QueryStream(query.sql, query.params, { batchSize: BATCH_ROWS, rowMode: 'array' }));
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    await pipeline(rows, new CsvEncoder(query.header), res);
  } catch (error) {
    failure = error;
  } finally {
    client.release(failure instanceof Error ? failure : undefined);
  }
  // A client that left is no failure of ours; anything else after the headers went out can only cut the body.
  if (failure && !res.headersSent) throw failure;
}

/** Array rows in, CSV text out (BOM and header first), gathered into chunks of about CHUNK_BYTES. */
class CsvEncoder extends Transform {
  private pending: string;

  constructor(header: readonly string[]) {
    super({ writableObjectMode: true, writableHighWaterMark: BATCH_ROWS });
    this.pending = UTF8_BOM + csvRecord(header);
  }

  override _transform(row: Array<string | null>, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending += csvRecord(row);
    if (this.pending.length >= CHUNK_BYTES) {
      this.push(this.pending);
      this.pending = '';
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pending);
  }
}
