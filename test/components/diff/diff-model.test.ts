// The diffs' model, below the components: the line diff, the outline of static HTML and structured data
// field by field. Imported from its modules: it is not public API, and what the components make of it is
// tested through them in Chromium (the browser tests beside this file).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareFields } from '../../../src/components/diff/model/field-changes.ts';
import { htmlOutline } from '../../../src/components/diff/model/html-outline.ts';
import { type DiffRow, foldUnchanged, type LinePiece, lineDiff } from '../../../src/components/diff/model/line-diff.ts';

const text = (pieces: readonly LinePiece[]) => pieces.map((piece) => piece.text).join('');
const kept = (pieces: readonly LinePiece[]) => pieces.filter((piece) => !piece.changed).map((piece) => piece.text).join('');
const marked = (pieces: readonly LinePiece[] | null) => (pieces ?? []).filter((piece) => piece.changed).map((piece) => piece.text);
/** One side of a diff, rebuilt from its rows. */
const side = (rows: readonly DiffRow[], which: 'before' | 'after') =>
  rows.flatMap((row) => (row[which] ? [text(row[which])] : [])).join('\n');

describe('lineDiff', () => {
  it('puts a removed line and the line that took its place in one row, each on its own side, with the changed words marked', () => {
    const rows = lineDiff('Summarize version 2.0.0 for ${team}.', 'Summarize version 1.0.0 for ${team}.');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.change).toBe('changed');
    expect(marked(rows[0]!.before)).toEqual(['2']);
    expect(marked(rows[0]!.after)).toEqual(['1']);
    // "21.0.0" cannot happen: neither side holds the other's text.
    expect(text(rows[0]!.before!)).toBe('Summarize version 2.0.0 for ${team}.');
    expect(text(rows[0]!.after!)).toBe('Summarize version 1.0.0 for ${team}.');
  });

  it('marks nothing inside a pair that has too little in common: the whole line is the change', () => {
    const [row] = lineDiff('<p>Sent when the customer has not created a board yet.</p>', '<ul>');
    expect(row?.change).toBe('changed');
    expect(marked(row!.before)).toEqual([]);
    expect(marked(row!.after)).toEqual([]);
  });

  it('marks a run of changed words as one, spaces between them included', () => {
    const [row] = lineDiff('You review a Lumen customer account.', 'You review a Lumen customer account in the next 90 days.');
    expect(marked(row!.before)).toEqual([]);
    expect(marked(row!.after)).toEqual([' in the next 90 days']);
  });

  it('keeps the lines both versions share, and lists removed and added lines left over from a pair alone', () => {
    const rows = lineDiff('Intro\nOld one\nOld two\nOutro', 'Intro\nNew one\nOutro\nSigned');
    expect(rows.map((row) => row.change)).toEqual(['same', 'changed', 'removed', 'same', 'added']);
    expect(rows[2]).toEqual({ change: 'removed', before: [{ text: 'Old two', changed: false }], after: null });
    expect(rows[4]).toEqual({ change: 'added', before: null, after: [{ text: 'Signed', changed: false }] });
  });

  it('shows a change of spacing, and an empty text as no lines', () => {
    expect(lineDiff('a  b', 'a b').map((row) => row.change)).toEqual(['changed']);
    expect(lineDiff('', '')).toEqual([]);
    expect(lineDiff('', 'a\n').map((row) => row.change)).toEqual(['added', 'added']);
  });

  it('gives up on texts that differ in more than 1,000 lines: every line removed, then every line added', () => {
    const lines = (prefix: string) => Array.from({ length: 600 }, (_, index) => `${prefix} ${index}`).join('\n');
    const rows = lineDiff(lines('old'), lines('new'));
    expect(rows).toHaveLength(600);
    expect(rows.every((row) => row.change === 'changed')).toBe(true);
  });

  it('for any two texts: rebuilds both exactly, keeps the same text on both sides of a row, never mixes sides', () => {
    const unit = fc.constantFrom('a', 'b', ' ', '\n', '${x}', '2', '1', '.', 'é', '名');
    const texts = fc.string({ unit, maxLength: 60 });
    fc.assert(
      fc.property(texts, texts, (before, after) => {
        const rows = lineDiff(before, after);
        expect(side(rows, 'before')).toBe(before);
        expect(side(rows, 'after')).toBe(after);
        for (const row of rows) {
          // Where words are marked, a row's two sides differ only in them (and in the spaces a mark takes in
          // between two changed words): the older side's are what was removed, the newer side's what was
          // added, so a removal and an insertion never share a line.
          const marks = marked(row.before).length + marked(row.after).length;
          const words = (pieces: readonly LinePiece[]) => kept(pieces).replace(/\s/g, '');
          if (row.change === 'changed' && marks > 0) expect(words(row.before!)).toBe(words(row.after!));
          if (row.change === 'same') expect(row.before).toEqual(row.after);
          if (row.change === 'added') expect(row.before).toBeNull();
          if (row.change === 'removed') expect(row.after).toBeNull();
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('foldUnchanged', () => {
  const numbered = (count: number, from = 1) => Array.from({ length: count }, (_, index) => `line ${from + index}`);

  it('keeps 3 shared lines around each change in sight and folds longer runs, as GitHub does', () => {
    const before = [...numbered(10), 'old', ...numbered(10, 11)].join('\n');
    const after = [...numbered(10), 'new', ...numbered(10, 11)].join('\n');
    const groups = foldUnchanged(lineDiff(before, after));
    expect(groups.map((group) => [group.folded, group.rows.length, group.start])).toEqual([
      [true, 7, 0],
      [false, 7, 7],
      [true, 7, 14],
    ]);
    expect(groups[1]?.rows.map((row) => row.change)).toEqual(['same', 'same', 'same', 'changed', 'same', 'same', 'same']);
  });

  it('folds nothing shorter than 4 lines, and nothing of a diff without a change', () => {
    const before = [...numbered(9), 'old', ...numbered(3, 10)].join('\n');
    const after = [...numbered(9), 'new', ...numbered(3, 10)].join('\n');
    expect(foldUnchanged(lineDiff(before, after)).map((group) => [group.folded, group.rows.length])).toEqual([
      [true, 6],
      [false, 7],
    ]);
    const same = lineDiff('a\n'.repeat(20), 'a\n'.repeat(20));
    expect(foldUnchanged(same)).toEqual([{ folded: false, rows: same, start: 0 }]);
  });
});

describe('htmlOutline', () => {
  it('puts each block element on a line of its own and its block children under it, inline markup kept in its line', () => {
    const html = '<h3>Day 3</h3><ul><li>Only when <em>no</em> board exists</li><li>Skipped for <a href="/demo">demos</a></li></ul>';
    expect(htmlOutline(html)).toBe(['<h3>Day 3</h3>', '<ul>', '  <li>Only when <em>no</em> board exists</li>', '  <li>Skipped for <a href="/demo">demos</a></li>', '</ul>'].join('\n'));
  });

  it('keeps markup as written, comments, scripts and unclosed elements included: it is text, never rendered', () => {
    const html = '<p onclick="steal()">Hi <!-- note --></p><script>alert(1)</script><p>Bye<img src=x onerror=alert(1)>';
    expect(htmlOutline(html)).toBe(['<p onclick="steal()">Hi <!-- note --></p>', '<script>alert(1)</script>', '<p>Bye<img src=x onerror=alert(1)>'].join('\n'));
  });

  it('ends list items and paragraphs where the next one starts, as browsers do, and keeps spacing inside <pre>', () => {
    expect(htmlOutline('<ul><li>a<li>b</ul><p>One<p>Two')).toBe(['<ul>', '  <li>a', '  <li>b', '</ul>', '<p>One', '<p>Two'].join('\n'));
    expect(htmlOutline('<pre>  two\n  lines</pre>')).toBe('<pre>  two\n  lines</pre>');
  });

  it('stays linear and bounded on hostile nesting: depth and indentation are capped', () => {
    const outline = htmlOutline(`${'<div>'.repeat(20_000)}deep`);
    const lines = outline.split('\n');
    expect(Math.max(...lines.map((line) => line.length - line.trimStart().length))).toBeLessThanOrEqual(16);
    expect(lines.at(-1)?.trim()).toBe('deep');
  });
});

describe('compareFields', () => {
  it('lists the fields of structured data that changed, at any depth, with their values as JSON', () => {
    const before = { account: { name: 'Analytical Engines Ltd', lastLogin: '2026-10-02' }, tier: 'Pro', tags: ['a'] };
    const after = { customer: { name: 'Analytical Engines Ltd' }, tier: 'Team', tags: ['a', 'b'] };
    expect(compareFields(before, after)).toEqual([
      { path: 'customer.name', change: 'added', before: null, after: '"Analytical Engines Ltd"' },
      { path: 'tier', change: 'changed', before: '"Pro"', after: '"Team"' },
      { path: 'tags', change: 'changed', before: '["a"]', after: '["a","b"]' },
      { path: 'account.name', change: 'removed', before: '"Analytical Engines Ltd"', after: null },
      { path: 'account.lastLogin', change: 'removed', before: '"2026-10-02"', after: null },
    ]);
  });

  it('keeps an object only one version has whole with `whole` (a schema field), and ignores the order of keys', () => {
    expect(compareFields({}, { nextStep: { type: 'string', maxLength: 200 } }, 'whole')).toEqual([
      { path: 'nextStep', change: 'added', before: null, after: '{"type":"string","maxLength":200}' },
    ]);
    expect(compareFields({ risk: { type: 'string', required: true } }, { risk: { required: true, type: 'string' } })).toEqual([]);
  });

  it('names keys that are not plain names in brackets, and compares values that are not objects as one field', () => {
    expect(compareFields({ 'first name': 'Ada' }, { 'first name': 'Grace' })).toEqual([{ path: '["first name"]', change: 'changed', before: '"Ada"', after: '"Grace"' }]);
    expect(compareFields(null, { plan: 'Pro' })).toEqual([{ path: 'plan', change: 'added', before: null, after: '"Pro"' }]);
    expect(compareFields('v1', 'v2')).toEqual([{ path: '', change: 'changed', before: '"v1"', after: '"v2"' }]);
    expect(compareFields(undefined, undefined)).toEqual([]);
  });
});
