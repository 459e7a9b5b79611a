import { vi } from 'vitest';

type BusinessMetrics = typeof import('../../functions/shared/metrics')['businessMetrics'];

/**
 * A fresh copy of the metrics module under `env` (stubbed: the caller unstubs), and every line it
 * writes to stdout while `emit` runs, parsed: the EMF documents CloudWatch would read.
 */
export async function emittedMetrics(env: Record<string, string>, emit: (metrics: BusinessMetrics) => void) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { businessMetrics } = await import('../../functions/shared/metrics');
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    emit(businessMetrics);
  } finally {
    write.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, any>);
}
