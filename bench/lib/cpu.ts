// CPU time spent by the parts of a loopback benchmark, read from /proc (Linux): the server's
// process, this process (the load client) and every PostgreSQL process on the machine. Taken
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
  postgres: number;
}

export function cpuSample(serverPid: number | undefined): CpuSample {
  let postgres = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    // not Linux
  }
  for (const pid of pids) {
    const p = cpuOf(pid);
    if (p.comm === 'postgres') postgres += p.seconds;
  }
  const own = process.cpuUsage();
  return { server: serverPid ? cpuOf(serverPid).seconds : 0, client: (own.user + own.system) / 1e6, postgres };
}

/** Microseconds of CPU per request of each part between two samples, e.g. "server 95 µs, …". */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): string {
  const us = (k: keyof CpuSample) => Math.round(((after[k] - before[k]) * 1e6) / Math.max(1, requests));
  return `CPU per request: server ${us('server')} µs, PostgreSQL ${us('postgres')} µs, load client ${us('client')} µs`;
}
