import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How much of the machine's CPU other processes took while a section ran. The bench wants the
 * machine to itself, but a developer's machine (or a busy CI host) may run other work at the same
 * time; the report says so next to the figures it may have moved.
 */
export interface CpuShare {
  seconds: number;
  /** Share of the whole machine (all cores) that this bench's processes used, and that other processes used. */
  benchPercent: number;
  othersPercent: number;
}

function machineJiffies(): { total: number; busy: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, busy: user + nice + system + irq + softirq + steal };
}

/** utime + stime of each process in this process's tree (the stack, DynamoDB Local, Chromium, …). */
function treeJiffies(): Map<number, number> {
  const children = new Map<number, number[]>();
  const own = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and brackets: the fields we want come after its last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(rest[1]);
      own.set(Number(name), Number(rest[11]) + Number(rest[12]));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Map<number, number>();
  const stack = [process.pid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    tree.set(pid, own.get(pid) ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * Samples the machine and this bench's process tree every second while a section runs: a process
 * of ours that lives less than a second between samples (a short Chromium helper) is missed, one
 * that lives longer is counted even if nobody of ours reaps it.
 */
export class CpuMeter {
  private readonly started = performance.now();
  private readonly machineAtStart = machineJiffies();
  private last = treeJiffies();
  private ours = 0;
  private readonly timer = setInterval(() => this.sample(), 1000);

  private sample(): void {
    const now = treeJiffies();
    for (const [pid, jiffies] of now) this.ours += Math.max(0, jiffies - (this.last.get(pid) ?? 0));
    this.last = now;
  }

  stop(): CpuShare {
    clearInterval(this.timer);
    this.sample();
    const machine = machineJiffies();
    const total = Math.max(1, machine.total - this.machineAtStart.total);
    const busy = machine.busy - this.machineAtStart.busy;
    const others = Math.max(0, busy - this.ours);
    return {
      seconds: Math.round((performance.now() - this.started) / 100) / 10,
      benchPercent: Math.round((Math.min(this.ours, busy) / total) * 1000) / 10,
      othersPercent: Math.round((others / total) * 1000) / 10,
    };
  }
}

/**
 * Waits, up to `maxMinutes`, for a 10-second window in which other processes take less than
 * `thresholdPercent` of the machine; answers what the last window showed.
 */
export async function waitForQuietMachine(maxMinutes: number, thresholdPercent: number, log: (line: string) => void): Promise<CpuShare> {
  const deadline = performance.now() + maxMinutes * 60_000;
  for (;;) {
    const meter = new CpuMeter();
    await sleep(10_000);
    const share = meter.stop();
    if (share.othersPercent < thresholdPercent || performance.now() >= deadline) return share;
    log(`other processes take ${share.othersPercent}% of the CPU; waiting for a quieter machine`);
  }
}
