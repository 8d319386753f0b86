import { markdownTable } from '../scripts/markdown-table.mjs';

/** Prints a small aligned table to stdout, so `npm run bench` shows it whatever the reporter. */
export function report(title: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): void {
  process.stdout.write(`${markdownTable(title, rows)}\n\n`);
}
