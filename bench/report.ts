/** Prints a small aligned table to stdout, so `npm run bench` shows it whatever the reporter. */
export function report(title: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length))) ?? [];
  const line = (row: ReadonlyArray<string | number>) =>
    `| ${row.map((cell, column) => (typeof cell === 'number' ? String(cell).padStart(widths[column] ?? 0) : String(cell).padEnd(widths[column] ?? 0))).join(' | ')} |`;
  const [head, ...body] = rows;
  const out = [`\n${title}`, line(head ?? []), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...body.map(line), ''];
  process.stdout.write(`${out.join('\n')}\n`);
}
