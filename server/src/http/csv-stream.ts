// A CSV answer written a batch at a time (the server-written list exports, src/contract/exports.ts):
// the text comes from the project's one CSV writer (src/contract/csv.ts csvHead and csvLines: the
// byte-order mark, the formula guard, no bidi controls), and the body is a stream that asks for the
// next batch only when the one before has been sent (Readable.from pulls as the socket drains), so
// a million rows pass through a few batches of memory. A client that goes away ends the stream,
// which ends the batches' generator (no further statement runs). A failure after the first bytes
// can only cut the answer short: the connection is closed and the download fails in the browser.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvHead, csvLines, type CsvCell } from '../../../src/contract/csv';
import { EXPORT_FILE_NAME } from '../../../src/contract';

/** What a streamed export tells the caller besides its body. */
export const EXPORT_HEADERS = {
  'content-type': 'text/csv; charset=utf-8',
  // named like the panel's own exports (docs/product.md §9: report)
  'content-disposition': `attachment; filename="${EXPORT_FILE_NAME}.csv"`,
  'cache-control': 'no-store',
} as const;

/** The 200 answer of a streamed export, for the OpenAPI page. */
export const CSV_RESPONSE = {
  description: 'The CSV file (report.csv): UTF-8 with a byte-order mark, CRLF lines, a header row',
  content: { 'text/csv': { schema: { type: 'string' } } },
};

/** The CSV of `header` and of every batch's rows (each row turned into cells by `cells`), as a byte stream. */
export function csvStream<R>(header: readonly string[], batches: AsyncGenerator<R[]>, cells: (row: R) => CsvCell[]): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      yield Buffer.from(csvHead(header), 'utf8');
      for await (const rows of batches) {
        if (rows.length) yield Buffer.from(csvLines(rows.map(cells)), 'utf8');
      }
    } finally {
      // Stops the generator (and so its statements) when the stream ends early.
      await batches.return(undefined);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Answers the stream as the export's CSV file. */
export function sendCsv(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.headers(EXPORT_HEADERS).send(body);
}
