import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How much of the machine's CPU other processes took while a section ran. The bench wants the
 * machine to itself, but a developer's machine (or a busy CI host) may run other work at the same
 * time; the report says so next to the figures it may have moved.
 */
export interface CpuShare {
  seconds: number;
  /** Share of the whole machine (all cores) that other processes used (at least), and this bench the rest of the busy time. */
  benchPercent: number;
  othersPercent: number;
}

function machineJiffies(): { total: number; busy: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, busy: user + nice + system + irq + softirq + steal };
}

/** utime + stime of every process, and which of them belong to this process's tree. */
function processTimes(): { own: Map<number, number>; ours: Set<number> } {
  const children = new Map<number, number[]>();
  const own = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and brackets: the fields we want come after its last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      own.set(Number(name), Number(rest[11]) + Number(rest[12]));
      children.set(Number(rest[1]), [...(children.get(Number(rest[1])) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const ours = new Set<number>();
  const stack = [process.pid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    ours.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return { own, ours };
}

/**
 * Samples every process twice a second while a section runs and adds up the CPU time of those
 * outside this bench's process tree (the stack, DynamoDB Local, Chromium and every `node` the
 * bench starts are inside it). A process of another that lives less than half a second is
 * missed, so the figure is a floor; the bench's share is the rest of the machine's busy time.
 */
export class CpuMeter {
  private readonly started = performance.now();
  private readonly machineAtStart = machineJiffies();
  private last = processTimes().own;
  private others = 0;
  private readonly timer = setInterval(() => this.sample(), 500);

  private sample(): void {
    const { own, ours } = processTimes();
    for (const [pid, time] of own) {
      if (ours.has(pid)) continue;
      this.others += Math.max(0, time - (this.last.get(pid) ?? 0));
    }
    this.last = own;
  }

  stop(): CpuShare {
    clearInterval(this.timer);
    this.sample();
    const machine = machineJiffies();
    const all = Math.max(1, machine.total - this.machineAtStart.total);
    const busy = machine.busy - this.machineAtStart.busy;
    const others = Math.min(this.others, busy);
    return {
      seconds: Math.round((performance.now() - this.started) / 100) / 10,
      benchPercent: Math.round((Math.max(0, busy - others) / all) * 1000) / 10,
      othersPercent: Math.round((others / all) * 1000) / 10,
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
