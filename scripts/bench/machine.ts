import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  java: string;
  date: string;
}

const firstLine = (run: () => string) => {
  try {
    return (
      run()
        .split('\n')
        .find((line) => line.trim())
        ?.trim() ?? 'unknown'
    );
  } catch {
    return 'unknown';
  }
};

/** What the figures were measured on: CPU, cores, memory, OS, Node, Chromium and Java versions, date. */
export function describeMachine(chromiumPath: string): Machine {
  const osName = firstLine(() => /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '');
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${osName} (Linux ${release()})`,
    node: process.version,
    chromium: firstLine(() =>
      execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }),
    ),
    // `java -version` writes to stderr.
    java: firstLine(() => execFileSync('sh', ['-c', 'java -version 2>&1'], { encoding: 'utf8', timeout: 20_000 })),
    date: new Date().toISOString(),
  };
}
