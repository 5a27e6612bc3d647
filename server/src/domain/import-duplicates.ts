// The rows of a profile import whose address the server already has, or an earlier row of the same
// file has (importing the same CSV twice would otherwise double every profile). Addresses are sealed
// with a random IV, so they cannot be compared sealed: the server's own are opened, a slice at a
// time (domain/cooperative.ts), and compared as the trimmed share links the import stores.
import { mapCooperatively } from './cooperative';

export interface DuplicateScan<R> {
  /** The rows to import when duplicates are skipped, in file order. */
  fresh: R[];
  /** How many rows repeat an address. */
  duplicates: number;
}

/**
 * Splits `rows` into fresh rows and duplicates by `addressOf`, against the server's stored tokens
 * (`open` reads one; a token it cannot open counts as no address).
 */
export async function scanDuplicates<R>(
  rows: readonly R[],
  addressOf: (row: R) => string,
  storedTokens: readonly string[],
  open: (token: string) => string,
): Promise<DuplicateScan<R>> {
  const opened = await mapCooperatively(storedTokens, (token) => {
    try {
      return open(token);
    } catch {
      return undefined;
    }
  });
  const seen = new Set(opened.filter((a): a is string => a !== undefined));
  const fresh: R[] = [];
  for (const row of rows) {
    const address = addressOf(row);
    if (seen.has(address)) continue;
    seen.add(address);
    fresh.push(row);
  }
  return { fresh, duplicates: rows.length - fresh.length };
}
