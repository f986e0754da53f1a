// CPU accounting the benchmarks share (Linux /proc; elsewhere every figure is 0): what one process has spent,
// and what the whole machine has, so a benchmark can tell a contender's own cost from what the rest of the
// machine (load generator, upstreams, the kernel's loopback work) spends beside it.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time (all its threads, the exited ones too) in user space and in the kernel, in seconds. */
export function processCpuSeconds(pid: number): { user: number; system: number } {
  try {
    // Fields after the command name (which may hold spaces, so read from its closing parenthesis): utime is
    // the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return { user: 0, system: 0 };
  }
}

/**
 * CPU time the whole machine has spent busy, in seconds: every core, all processes and the kernel's own work
 * (interrupts, such as loopback packets): /proc/stat's first line less idle and waiting for I/O.
 */
export function machineBusySeconds(): number {
  try {
    const ticks = readFileSync('/proc/stat', 'latin1').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = ticks;
    return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
