// CPU seconds used by processes, read from /proc (Linux): a benchmark's own processes, and the
// processes of one PostgreSQL cluster of scripts/pg-cluster.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}

/** CPU seconds by pid of this cluster's processes: its postmaster and the postmaster's children (not other clusters on the machine). */
export function clusterCpu(cluster) {
  const postmaster = readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const children = execFileSync('ps', ['--ppid', postmaster, '-o', 'pid='], { encoding: 'utf8' }).trim().split(/\s+/);
  return new Map([postmaster, ...children].map((pid) => [pid, cpuOf(pid)]));
}

/** CPU used between two samples of clusterCpu (a backend that ended in between is not counted). */
export const cpuBetween = (before, after) => [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
