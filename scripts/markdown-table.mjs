// One aligned Markdown table for every report the benchmarks and package checks print.

/**
 * A title line, then `rows` as an aligned Markdown table: the first row is the header; numbers are
 * right-aligned, everything else left-aligned.
 * @param {string} title
 * @param {ReadonlyArray<ReadonlyArray<string | number>>} rows
 * @returns {string}
 */
export function markdownTable(title, rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  const line = (row) =>
    `| ${row.map((cell, column) => (typeof cell === 'number' ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [`\n${title}`, line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
