/**
 * A title line, then `rows` as an aligned Markdown table: the first row is the header; numbers are
 * right-aligned, everything else left-aligned.
 */
export function markdownTable(title: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): string;
