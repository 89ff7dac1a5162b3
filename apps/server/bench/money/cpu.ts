import { readdirSync, readFileSync } from 'node:fs';

/*
 * Where a case's CPU went, from /proc (Linux): user and kernel time of the server process and of
 * every PostgreSQL process, and of this process (the load generator), as milliseconds per call.
 * A diagnostic of the money benchmark (bench/README.md, where the money path's time goes).
 */

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

interface Times {
  user: number;
  system: number;
}

interface Process extends Times {
  pid: number;
  parent: number;
  command: string;
}

/** Every process's command, parent and utime and stime (ms). */
function processes(): Process[] {
  const found: Process[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command is in parentheses and may hold spaces; the fields after it: state, ppid, … utime (12th), stime.
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / TICKS;
    found.push({ pid: Number(pid), parent: Number(fields[1]), command, user: ms(fields[11]), system: ms(fields[12]) });
  }
  return found;
}

type Part = 'server' | 'database' | 'load';

/** The server is its process and its workers (SERVER_WORKERS), the database every postgres process. */
function partOf(p: Process, serverPid: number): Part | undefined {
  if (p.pid === serverPid || p.parent === serverPid) return 'server';
  if (p.command === 'postgres') return 'database';
  return p.pid === process.pid ? 'load' : undefined;
}

/** Each process's times by pid, of the parts counted. */
function snapshot(serverPid: number): Map<number, Process & { part: Part }> {
  const found = new Map<number, Process & { part: Part }>();
  for (const p of processes()) {
    const part = partOf(p, serverPid);
    if (part) found.set(p.pid, { ...p, part });
  }
  return found;
}

/** Starts counting; `stop(calls)` gives each part's user/kernel ms per call, as one line. */
export function countCpu(serverPid: number): { stop(calls: number): string } {
  const before = snapshot(serverPid);
  return {
    stop(calls) {
      // By process: one that ended meanwhile (a pool's connection closing) is left out, not subtracted.
      const used: Record<Part, Times> = {
        server: { user: 0, system: 0 },
        database: { user: 0, system: 0 },
        load: { user: 0, system: 0 },
      };
      for (const p of snapshot(serverPid).values()) {
        const was = before.get(p.pid);
        used[p.part].user += p.user - (was?.user ?? 0);
        used[p.part].system += p.system - (was?.system ?? 0);
      }
      const part = (name: Part) => {
        const user = used[name].user / calls;
        const system = used[name].system / calls;
        return `${name} ${user.toFixed(2)} user + ${system.toFixed(2)} kernel`;
      };
      return `CPU ms per call: ${part('server')}; ${part('database')}; ${part('load')}`;
    },
  };
}
