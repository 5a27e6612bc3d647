// The export of a server-paged list: every row of the list's current filters and sort,
// not the page shown, written by the server and streamed (GET apps/devices/export, GET audit/export;
// src/contract/exports.ts). The browser never holds the rows as objects: it reads the answer's
// bytes as they arrive, counting the lines for a progress bar against the list's count, and saves
// the bytes as the file when the last one has come (a Blob the browser keeps out of the JS heap).
// The request carries the session's token like every call (a plain link could not), and can be
// cancelled.
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTH_SCHEME, EXPORT_FILE_NAME } from '@/contract';
import { apiUrl } from '@/lib/api';
import { selectLocale, selectToken, useAppSelector, useNotify } from '@/lib/state';
import { downloadCsvParts } from './rows';
import type { ExportProgress, ServerExport } from './types';

const LF = 0x0a;

/** Thrown when the server refused the export or the answer broke off. */
export class ExportFailed extends Error {
  constructor(readonly status: number) {
    super(`export failed (${status})`);
  }
}

/**
 * Reads the export's answer: its bytes, and the rows seen so far after each chunk (a line ends with
 * CRLF; the first is the header). Resolves with the bytes and the row count. A cell holding a line
 * break counts as two lines here: the count is for the progress bar and the empty-list toast only.
 */
export async function readServerExport(
  url: string,
  token: string | null,
  { signal, onRows }: { signal?: AbortSignal; onRows?: (rows: number) => void } = {},
): Promise<{ parts: Uint8Array<ArrayBuffer>[]; rows: number }> {
  const response = await fetch(url, { headers: token ? { Authorization: `${AUTH_SCHEME} ${token}` } : {}, signal });
  if (!response.ok) throw new ExportFailed(response.status);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  let last: number | undefined;
  const take = (chunk: Uint8Array<ArrayBuffer>) => {
    if (!chunk.length) return;
    parts.push(chunk);
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === LF) lines++;
    last = chunk[chunk.length - 1];
    onRows?.(Math.max(0, lines - 1));
  };
  if (!response.body) take(new Uint8Array(await response.arrayBuffer()));
  else {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) take(value);
    }
  }
  // a last line without its line end is a line too
  if (last !== undefined && last !== LF) lines++;
  return { parts, rows: Math.max(0, lines - 1) };
}

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/**
 * The export of a server-paged list: `run` streams the file (nothing when `total` is 0: the
 * "Table is empty" toast), `progress` is set while it runs, `cancel` stops it. Leaving the page
 * stops it too.
 */
export function useServerExport(spec: ServerExport | undefined, total: number) {
  const token = useAppSelector(selectToken);
  const locale = useAppSelector(selectLocale);
  const notify = useNotify();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const cancel = useCallback(() => running.current?.abort(), []);

  const run = useCallback(async () => {
    if (!spec || running.current) return;
    if (total === 0) {
      notify.error('dataTable.export.empty');
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress({ rows: 0, total });
    try {
      const url = apiUrl(spec.path, { ...spec.params, lang: locale });
      // The list's count may be an estimate (a large device list): the bar never claims more than all.
      const { parts, rows } = await readServerExport(url, token, {
        signal: controller.signal,
        onRows: (n) => setProgress({ rows: n, total: Math.max(total, n) }),
      });
      if (rows === 0) notify.error('dataTable.export.empty');
      else downloadCsvParts(parts, spec.fileName ?? EXPORT_FILE_NAME);
    } catch (err) {
      if (!isAbort(err)) notify.error(spec.errorMessageId ?? 'dataTable.export.error');
    } finally {
      running.current = null;
      setProgress(null);
    }
  }, [spec, total, token, locale, notify]);

  return { run, progress, cancel };
}
