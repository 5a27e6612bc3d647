// Group commit for the phones' reports (POST apps/client/report), like the registrations'
// (devices/register-batch.ts): the calls that arrive while a fold is in flight are folded together
// as the next one, one statement and one transaction for all of them. A call is answered only
// after its fold has committed, so what a phone was told is accepted is stored. The pairs a fold
// touched are then re-judged (field-health-verdicts.ts) a moment later, once for all the folds of
// that moment, off the calls' path.
import type { Db } from '../db/client';
import { foldReports, pruneFieldHealth, type FoldRow } from './field-health';
import { evaluatePairs, pairsToSweep, type Evaluation, type Pair } from './field-health-verdicts';

interface Pending {
  rows: FoldRow[];
  resolve: (accepted: number) => void;
  reject: (err: unknown) => void;
}

export interface FieldHealthOptions {
  /** Reports per fold at most. */
  maxRows?: number;
  /** How long touched pairs wait to be judged, so that a burst of folds is judged once; default 1 s. */
  judgeDelayMs?: number;
  /** The sweep that lets the window slide on without reports (verdicts expire, probations end); default 60 s, 0 for none. */
  sweepMs?: number;
  onError: (err: unknown) => void;
}

export function fieldHealthService(db: Db, options: FieldHealthOptions) {
  const maxRows = options.maxRows ?? 2000;
  const queue: Pending[] = [];
  const dirty = new Map<string, Pair>();
  let inFlight = false;
  let scheduled = false;
  let judgeTimer: NodeJS.Timeout | undefined;
  let judging: Promise<unknown> = Promise.resolve();
  let folding: Promise<void> = Promise.resolve();
  let ordSeq = 0;

  const pump = () => {
    scheduled = false;
    if (inFlight || !queue.length) return;
    const batch: Pending[] = [];
    let rows = 0;
    while (queue.length && (rows === 0 || rows + queue[0].rows.length <= maxRows)) {
      const next = queue.shift()!;
      rows += next.rows.length;
      batch.push(next);
    }
    inFlight = true;
    folding = write(batch).finally(() => {
      inFlight = false;
      pump();
    });
  };

  async function write(batch: Pending[]) {
    // Each call's rows get batch-unique ords, so the answer is counted per call.
    const owner = new Map<number, number>();
    const all: FoldRow[] = [];
    batch.forEach((p, i) => {
      for (const r of p.rows) {
        const ord = ordSeq++;
        owner.set(ord, i);
        all.push({ ...r, ord });
      }
    });
    let accepted: Set<number>;
    try {
      accepted = await db.transaction((tx) => foldReports(tx, all));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    const counts = batch.map(() => 0);
    for (const ord of accepted) counts[owner.get(ord)!]++;
    batch.forEach((p, i) => p.resolve(counts[i]));
    for (const r of all) if (accepted.has(r.ord)) dirty.set(`${r.profileId}|${r.operator}`, { profileId: r.profileId, operator: r.operator });
    if (!judgeTimer && dirty.size) {
      judgeTimer = setTimeout(() => void judge(), options.judgeDelayMs ?? 1000);
      judgeTimer.unref();
    }
  }

  /** Judges the pairs touched since the last time; resolves with what changed. */
  function judge(now = new Date()): Promise<Evaluation> {
    if (judgeTimer) clearTimeout(judgeTimer);
    judgeTimer = undefined;
    const pairs = [...dirty.values()];
    dirty.clear();
    const run = judging.then(() => evaluatePairs(db, pairs, now));
    judging = run.catch(options.onError);
    return run;
  }

  /** Re-judges every pair with recent counters or a standing verdict, and prunes old rows. */
  async function sweep(now = new Date()): Promise<Evaluation> {
    await pruneFieldHealth(db, now);
    const pairs = await pairsToSweep(db, now);
    const run = judging.then(() => evaluatePairs(db, pairs, now));
    judging = run.catch(options.onError);
    return run;
  }

  const sweepMs = options.sweepMs ?? 60_000;
  const sweeper = sweepMs > 0 ? setInterval(() => void sweep().catch(options.onError), sweepMs) : undefined;
  sweeper?.unref();

  return {
    /** Folds one call's reports; resolves with how many were accepted, once they are stored. */
    submit(rows: Omit<FoldRow, 'ord'>[]): Promise<number> {
      if (!rows.length) return Promise.resolve(0);
      return new Promise((resolve, reject) => {
        queue.push({ rows: rows.map((r) => ({ ...r, ord: 0 })), resolve, reject });
        if (!scheduled && !inFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    /** Waits for the folds under way, then judges what they touched (tests and shutdown). */
    async settle(now?: Date): Promise<Evaluation> {
      while (inFlight || queue.length || scheduled) {
        await folding;
        await new Promise((r) => setImmediate(r));
      }
      return judge(now);
    },
    sweep,
    stop(): void {
      if (sweeper) clearInterval(sweeper);
      if (judgeTimer) clearTimeout(judgeTimer);
    },
  };
}

export type FieldHealthService = ReturnType<typeof fieldHealthService>;
