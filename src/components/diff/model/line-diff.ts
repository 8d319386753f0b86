import { diffArrays, diffWordsWithSpace } from 'diff';

/**
 * A run of a line's text. `changed` runs differ from the line it is paired with (the words a reader's eye
 * should land on); the others are the same on both sides.
 */
export interface LinePiece {
  text: string;
  changed: boolean;
}

/**
 * How a row of a line diff changed: `same` (the line is in both versions), `removed` (only in the older),
 * `added` (only in the newer), or `changed` (an older line and the newer line that took its place).
 */
export type RowChange = 'same' | 'removed' | 'added' | 'changed';

/**
 * A row of a line diff: the older version's line on one side, the newer one's on the other (`null` where a
 * side has none). A removed and an added line are never in one line: a row holds each on its own side.
 */
export interface DiffRow {
  change: RowChange;
  before: readonly LinePiece[] | null;
  after: readonly LinePiece[] | null;
}

/**
 * Past this many lines (or, inside a pair of lines, words) added and removed, the diff gives up: the cost
 * of Myers' algorithm grows with the number of edits, and past it a reader is better served by the two
 * versions than by thousands of small changes.
 */
const MAX_EDIT_LENGTH = 1_000;

/**
 * Below this share of kept characters (in the longer line of a pair), two lines have too little in common
 * for their changed words to mean anything: the whole line is the change, as when a paragraph becomes a list.
 */
const MIN_KEPT_SHARE = 0.4;

const whole = (text: string): LinePiece[] => [{ text, changed: false }];
const visibleLength = (text: string) => text.replace(/\s/g, '').length;

/** Adjacent pieces of the same kind as one; whitespace alone between two changed runs joins them. */
function joined(pieces: readonly LinePiece[]): LinePiece[] {
  const result: LinePiece[] = [];
  pieces.forEach((piece, index) => {
    const between = !piece.changed && piece.text.trim() === '' && pieces[index - 1]?.changed && pieces[index + 1]?.changed;
    const current = between ? { text: piece.text, changed: true } : piece;
    const last = result.at(-1);
    if (last && last.changed === current.changed) result[result.length - 1] = { text: last.text + current.text, changed: current.changed };
    else if (current.text !== '') result.push(current);
  });
  return result;
}

/**
 * The words that changed between a line and the line that took its place (jsdiff's `diffWordsWithSpace`:
 * words, punctuation and whitespace are tokens, so each side is rebuilt exactly). Lines with too little in
 * common, or too many changes, are returned whole: the line itself is the change.
 */
export function linePair(before: string, after: string): { before: LinePiece[]; after: LinePiece[] } {
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  const kept = changes?.filter((change) => !change.added && !change.removed).reduce((length, change) => length + visibleLength(change.value), 0) ?? 0;
  if (!changes || kept < MIN_KEPT_SHARE * Math.max(visibleLength(before), visibleLength(after))) return { before: whole(before), after: whole(after) };
  const side = (skipped: 'added' | 'removed') =>
    joined(changes.filter((change) => !change[skipped]).map((change) => ({ text: change.value, changed: change.added || change.removed })));
  return { before: side('added'), after: side('removed') };
}

/**
 * A line diff of two texts, as GitHub shows one: the lines both versions share, and between them each run
 * of removed and added lines, paired in order (the first removed line with the first added one, and so on)
 * with the changed words of a pair marked; the lines left over are removed or added alone. Lines are split
 * on `\n`; nothing is trimmed, so a change of spacing is a change. Texts that differ in more than 1,000
 * lines are one removal and one addition of every line.
 *
 * @example
 * lineDiff('Version 2.0.0', 'Version 1.0.0')
 * // [{ change: 'changed', before: [{ text: 'Version ', changed: false }, { text: '2', changed: true }, ...], after: [...] }]
 */
export function lineDiff(before: string, after: string): DiffRow[] {
  const beforeLines = before === '' ? [] : before.split('\n');
  const afterLines = after === '' ? [] : after.split('\n');
  const changes = diffArrays(beforeLines, afterLines, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: beforeLines, removed: true, added: false, count: beforeLines.length },
    { value: afterLines, removed: false, added: true, count: afterLines.length },
  ];
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  const flush = (added: readonly string[]) => {
    for (let index = 0; index < Math.max(removed.length, added.length); index++) {
      const older = removed[index];
      const newer = added[index];
      if (older !== undefined && newer !== undefined) rows.push({ change: 'changed', ...linePair(older, newer) });
      else if (older !== undefined) rows.push({ change: 'removed', before: whole(older), after: null });
      else if (newer !== undefined) rows.push({ change: 'added', before: null, after: whole(newer) });
    }
    removed = [];
  };
  for (const change of changes) {
    if (change.removed) removed = [...removed, ...change.value];
    else if (change.added) flush(change.value);
    else {
      flush([]);
      for (const line of change.value) rows.push({ change: 'same', before: whole(line), after: whole(line) });
    }
  }
  flush([]);
  return rows;
}

/** Whether a line diff holds any change. */
export function rowsChanged(rows: readonly DiffRow[]): boolean {
  return rows.some((row) => row.change !== 'same');
}

/** A row's line numbers: the older version's and the newer one's (`null` on a side without the line). */
export interface LineNumbers {
  before: number | null;
  after: number | null;
}

/** Each row's line numbers, counted from 1 on each side, as GitHub numbers both sides of a diff. */
export function numberRows(rows: readonly DiffRow[]): LineNumbers[] {
  let before = 0;
  let after = 0;
  return rows.map((row) => ({ before: row.before ? ++before : null, after: row.after ? ++after : null }));
}

/**
 * The hunk header of the rows `numbers` (a shown group after a fold), as unified diffs write one: where the
 * group starts on each side and how many of its lines each side has (`@@ -16,7 +16,8 @@`).
 */
export function hunkRange(numbers: readonly LineNumbers[]): { beforeStart: number; beforeCount: number; afterStart: number; afterCount: number } {
  const sides = (side: keyof LineNumbers) => numbers.map((row) => row[side]).filter((number): number is number => number !== null);
  const before = sides('before');
  const after = sides('after');
  return { beforeStart: before[0] ?? 0, beforeCount: before.length, afterStart: after[0] ?? 0, afterCount: after.length };
}

/** Rows shown, or rows both versions share folded away until a reader opens them. */
export interface RowGroup {
  folded: boolean;
  rows: readonly DiffRow[];
  /** The index of the group's first row among all rows. */
  start: number;
}

/** Lines both versions share kept in sight around each change, as GitHub keeps them. */
const CONTEXT = 3;
/** A fold hides at least this many lines: folding fewer saves no room. */
const MIN_FOLDED = 4;

/**
 * The rows of a line diff in groups: the lines both versions share stay in sight within 3 lines of a
 * change, and longer runs of them are folded (a fold of at least 4 lines), as GitHub folds a file's
 * unchanged lines. A diff without any change is not folded.
 */
export function foldUnchanged(rows: readonly DiffRow[]): RowGroup[] {
  if (!rowsChanged(rows)) return rows.length > 0 ? [{ folded: false, rows, start: 0 }] : [];
  // Rows shown one after another join the open group in place: a run of k changed lines costs k, not k².
  const groups: Array<RowGroup & { rows: DiffRow[] }> = [];
  let shownSoFar = 0;
  const add = (folded: boolean, added: readonly DiffRow[]) => {
    if (added.length === 0) return;
    const last = groups.at(-1);
    if (last && !last.folded && !folded) for (const row of added) last.rows.push(row);
    else groups.push({ folded, rows: [...added], start: shownSoFar });
    shownSoFar += added.length;
  };
  const show = (shown: readonly DiffRow[]) => add(false, shown);
  let start = 0;
  while (start < rows.length) {
    let end = start;
    while (end < rows.length && rows[end]?.change === 'same') end++;
    if (end === start) {
      show([rows[start] as DiffRow]);
      start++;
      continue;
    }
    const run = rows.slice(start, end);
    const keepBefore = start === 0 ? 0 : CONTEXT;
    const keepAfter = end === rows.length ? 0 : CONTEXT;
    if (run.length - keepBefore - keepAfter < MIN_FOLDED) show(run);
    else {
      show(run.slice(0, keepBefore));
      add(true, run.slice(keepBefore, run.length - keepAfter));
      show(run.slice(run.length - keepAfter));
    }
    start = end;
  }
  return groups;
}
