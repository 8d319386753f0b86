import { report } from './report.ts';

type StdoutLike = { write(text: string): boolean };

/**
 * `report()` in the browser: there is no `process.stdout` there, so the table is collected from a
 * stand-in and printed with one `console.log`, which Vitest forwards to the terminal.
 */
export function reportInBrowser(title: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const host = globalThis as unknown as { process?: { stdout?: StdoutLike } };
  const saved = host.process;
  let table = '';
  host.process = { ...saved, stdout: { write: (text) => ((table += text), true) } };
  try {
    report(title, rows);
  } finally {
    host.process = saved;
  }
  console.log(table);
  return table;
}

/** Median and 90th percentile of some samples, in ms. */
export function summarize(samples: readonly number[]): { median: number; p90: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? at(0.5) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, p90: at(0.9) };
}
