import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillPlural } from '../../../catalog/format.ts';
import { type DiffRow, foldUnchanged, type LinePiece } from '../model/line-diff.ts';

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
 * One side of a row. A removed line is a `<del>` and an added one an `<ins>`, each with the gutter's sign
 * (seen) and the hidden "removed:" or "added:" (read out), so neither is told by colour alone. A kept line
 * is plain text; its copy on the newer side (shown in the split layout only) is hidden from screen readers,
 * which read it once. A side without a line is an empty cell of the split layout.
 */
function Line({ row, side, words }: { row: DiffRow; side: Side; words: DiffCatalog }) {
  const pieces = row[side];
  if (!pieces) return <span className="pcr-line" data-side={side} data-empty="" />;
  if (row.change === 'same') {
    return (
      <span className="pcr-line" data-side={side} aria-hidden={side === 'after' ? true : undefined}>
        <span className="pcr-line__sign" />
        <LineText pieces={pieces} words={words} />
      </span>
    );
  }
  const Element = side === 'before' ? 'del' : 'ins';
  return (
    <Element className="pcr-line" data-side={side}>
      <span className="pcr-line__sign" aria-hidden="true">
        {side === 'before' ? words.diff.removedSign : words.diff.addedSign}
      </span>
      <span className="pcr-diff__label">{side === 'before' ? words.diff.removedLabel : words.diff.addedLabel}</span>
      <LineText pieces={pieces} words={words} />
    </Element>
  );
}

function Row({ row, words }: { row: DiffRow; words: DiffCatalog }) {
  return (
    <li className="pcr-lines__row" data-change={row.change}>
      <Line row={row} side="before" words={words} />
      <Line row={row} side="after" words={words} />
    </li>
  );
}

/**
 * A line diff as GitHub shows one: a row per line, removed lines red with a `−` in the gutter, added ones
 * green with a `+`, the words that changed inside a line marked, an older line and its replacement side by
 * side (`split`) or one above the other (`unified`, and `split` on a narrow screen). Lines both versions
 * share stay in sight within 3 lines of a change; longer runs of them fold into a native `<details>` ("12
 * unchanged lines") that a reader opens. Lines that are all added or all removed (a segment added whole)
 * have nothing to put beside them: one column. Everything is text: nothing of either version is read as
 * markup.
 */
export function LineDiff({ rows, kind, layout, words }: { rows: readonly DiffRow[]; kind: string; layout: DiffLayout; words: DiffCatalog }) {
  const oneSided = rows.every((row) => row.change === 'added') || rows.every((row) => row.change === 'removed');
  return (
    <div className="pcr-lines" data-layout={oneSided ? 'unified' : layout}>
      <ol className="pcr-lines__rows" data-message={kind}>
        {foldUnchanged(rows).map(({ folded, rows: grouped, start }) =>
          folded ? (
            <li key={start} className="pcr-lines__fold">
              <details>
                <summary className="pcr-lines__fold-summary">{fillPlural(words.diff.unchangedLines, grouped.length, {}, words.locale)}</summary>
                <ol className="pcr-lines__rows">
                  {grouped.map((row, index) => (
                    <Row key={index} row={row} words={words} />
                  ))}
                </ol>
              </details>
            </li>
          ) : (
            grouped.map((row, index) => <Row key={start + index} row={row} words={words} />)
          ),
        )}
      </ol>
    </div>
  );
}
