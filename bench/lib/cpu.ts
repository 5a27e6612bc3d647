// CPU time spent by the parts of a loopback benchmark, read from /proc (Linux): the server's
// process, this process (the load client) and the PostgreSQL backends of the bench's database. Taken
// before and after a load, it says where the time of a request goes. Elsewhere it reads zeros.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const HZ = 100;

/** User plus system CPU seconds of `pid`, or 0 if it is gone or unreadable. */
function cpuOf(pid: number | string): { comm: string; seconds: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / HZ };
  } catch {
    return { comm: '', seconds: 0 };
  }
}

export interface CpuSample {
  server: number;
  client: number;
  /** CPU seconds of each PostgreSQL backend of `database` (by pid; its process title names the database). */
  postgres: Map<string, number>;
}

export function cpuSample(serverPid: number | undefined, database: string): CpuSample {
  const postgres = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    // not Linux
  }
  for (const pid of pids) {
    const p = cpuOf(pid);
    if (p.comm !== 'postgres') continue;
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (title.split(' ').includes(database)) postgres.set(pid, p.seconds);
  }
  const own = process.cpuUsage();
  return { server: serverPid ? cpuOf(serverPid).seconds : 0, client: (own.user + own.system) / 1e6, postgres };
}

/** Microseconds of CPU per request of each part between two samples, e.g. "server 95 µs, …". */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): string {
  const per = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, requests));
  // A backend that started during the load counts whole; one that ended is lost (the pool keeps its connections under load).
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return `CPU per request: server ${per(after.server - before.server)} µs, PostgreSQL (this database's backends) ${per(postgres)} µs, load client ${per(after.client - before.client)} µs`;
}
