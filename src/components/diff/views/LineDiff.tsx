import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillPlural, fillText } from '../../../catalog/format.ts';
import { type DiffRow, foldUnchanged, hunkRange, type LineNumbers, type LinePiece, numberRows, type RowGroup } from '../model/line-diff.ts';

/**
 * How a line diff is laid out: `split` puts the older version's lines beside the newer one's where the
 * diff is at least 40rem wide (one column, as `unified`, where it is narrower: a phone); `unified` always
 * shows one column, each changed line above the line that took its place.
 */
export type DiffLayout = 'split' | 'unified';

type Side = 'before' | 'after';

/** A line's text, the changed words in `<mark>`; an empty line says so out of sight. */
function LineText({ pieces, words }: { pieces: readonly LinePiece[]; words: DiffCatalog }) {
  const empty = pieces.every((piece) => piece.text === '');
  return (
    <span className="pcr-line__text">
      {empty ? <span className="pcr-diff__label">{words.diff.blankLine}</span> : null}
      {pieces.map((piece, index) =>
        piece.changed ? (
          <mark key={index} className="pcr-line__word">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </span>
  );
}

/**
 * The line's numbers in the older and the newer version, seen, not read out (a screen reader hears the line).
 * The split layout shows a side's own number; one column shows both, as GitHub does.
 */
function Numbers({ numbers }: { numbers: LineNumbers }) {
  return (
    <>
      <span className="pcr-line__number" data-side="before" aria-hidden="true">
        {numbers.before ?? ''}
      </span>
      <span className="pcr-line__number" data-side="after" aria-hidden="true">
        {numbers.after ?? ''}
      </span>
    </>
  );
}

interface LineProps {
  row: DiffRow;
  numbers: LineNumbers;
  side: Side;
  words: DiffCatalog;
}

/**
 * One side of a row. A removed line is a `<del>` and an added one an `<ins>`, each with the gutter's sign
 * (seen) and the hidden "removed:" or "added:" (read out), so neither is told by colour alone. A kept line
 * is plain text; its copy on the newer side (shown in the split layout only) is hidden from screen readers,
 * which read it once. A side without a line is an empty cell of the split layout.
 */
function Line({ row, numbers, side, words }: LineProps) {
  const pieces = row[side];
  if (!pieces) return <span className="pcr-line" data-side={side} data-empty="" />;
  if (row.change === 'same') {
    return (
      <span className="pcr-line" data-side={side} aria-hidden={side === 'after' ? true : undefined}>
        <Numbers numbers={numbers} />
        <span className="pcr-line__sign" />
        <LineText pieces={pieces} words={words} />
      </span>
    );
  }
  const Element = side === 'before' ? 'del' : 'ins';
  return (
    <Element className="pcr-line" data-side={side}>
      <Numbers numbers={side === 'before' ? { before: numbers.before, after: null } : { before: null, after: numbers.after }} />
      <span className="pcr-line__sign" aria-hidden="true">
        {side === 'before' ? words.diff.removedSign : words.diff.addedSign}
      </span>
      <span className="pcr-diff__label">{side === 'before' ? words.diff.removedLabel : words.diff.addedLabel}</span>
      <LineText pieces={pieces} words={words} />
    </Element>
  );
}

function Row({ row, numbers, words }: { row: DiffRow; numbers: LineNumbers; words: DiffCatalog }) {
  return (
    <li className="pcr-lines__row" data-change={row.change}>
      <Line row={row} numbers={numbers} side="before" words={words} />
      <Line row={row} numbers={numbers} side="after" words={words} />
    </li>
  );
}

/** The hunk header of the lines after a fold (`@@ -16,7 +16,8 @@`): seen, not read out. */
function HunkHeader({ numbers, words }: { numbers: readonly LineNumbers[]; words: DiffCatalog }) {
  const range = hunkRange(numbers);
  // Line positions, as a tool writes them: digits without grouping.
  const parts = Object.fromEntries(Object.entries(range).map(([name, value]) => [name, String(value)]));
  return (
    <span className="pcr-lines__hunk" aria-hidden="true">
      {fillText(words.diff.hunkHeader, parts, words.locale)}
    </span>
  );
}

/**
 * A line diff as GitHub shows one: a row per line with its numbers on both sides, removed lines red with a `−`
 * in the gutter, added ones green with a `+`, the words that changed inside a line marked by their background,
 * an older line and its replacement side by side (`split`) or one above the other (`unified`, and `split` on
 * a narrow screen). Lines both versions share stay in sight within 3 lines of a change; longer runs of them
 * fold into a native `<details>` ("12 unchanged lines", with the hunk header of the lines after it) that a
 * reader opens. Lines that are all added or all removed (a segment added whole) have nothing to put beside
 * them: one column. Everything is text: nothing of either version is read as markup.
 */
export function LineDiff({ rows, kind, layout, words }: { rows: readonly DiffRow[]; kind: string; layout: DiffLayout; words: DiffCatalog }) {
  const oneSided = rows.every((row) => row.change === 'added') || rows.every((row) => row.change === 'removed');
  const numbers = numberRows(rows);
  const groups = foldUnchanged(rows);
  const numbersOf = (group: RowGroup) => numbers.slice(group.start, group.start + group.rows.length);
  return (
    <div className="pcr-lines" data-layout={oneSided ? 'unified' : layout}>
      <ol className="pcr-lines__rows" data-message={kind}>
        {groups.map((group, groupIndex) => {
          const next = groups[groupIndex + 1];
          return group.folded ? (
            <li key={group.start} className="pcr-lines__fold">
              <details>
                <summary className="pcr-lines__fold-summary">
                  {next ? <HunkHeader numbers={numbersOf(next)} words={words} /> : null}
                  <span>{fillPlural(words.diff.unchangedLines, group.rows.length, {}, words.locale)}</span>
                </summary>
                <ol className="pcr-lines__rows">
                  {group.rows.map((row, index) => (
                    <Row key={index} row={row} numbers={numbers[group.start + index] as LineNumbers} words={words} />
                  ))}
                </ol>
              </details>
            </li>
          ) : (
            group.rows.map((row, index) => <Row key={group.start + index} row={row} numbers={numbers[group.start + index] as LineNumbers} words={words} />)
          );
        })}
      </ol>
    </div>
  );
}
