import { Fragment, type ReactNode } from 'react';
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { conjunction } from '../../../catalog/format.ts';
import { Icon } from '../../shared/Icon.tsx';

/**
 * Text added by the newer version: an `<ins>` that starts with the visually hidden label "added:" (screen
 * readers announce it; `<ins>` itself is not announced by all of them), so the change is not told by colour alone.
 */
export function Added({ children, words }: { children: ReactNode; words: DiffCatalog }) {
  return (
    <ins className="pcr-diff__added">
      <span className="pcr-diff__label">{words.diff.addedLabel}</span>
      {children}
    </ins>
  );
}

/** Text removed from the older version: a `<del>` that starts with the visually hidden label "removed:". */
export function Removed({ children, words }: { children: ReactNode; words: DiffCatalog }) {
  return (
    <del className="pcr-diff__removed">
      <span className="pcr-diff__label">{words.diff.removedLabel}</span>
      {children}
    </del>
  );
}

/**
 * Code (JSON) with a line-break opportunity after each comma, colon and opening bracket: a narrow screen
 * breaks `{"required":true}` at its structure, never inside a word.
 */
function BreakableCode({ text }: { text: string }) {
  return <code>{text.split(/(?<=[,:[{])/).map((piece, index) => (index === 0 ? piece : [<wbr key={index} />, piece]))}</code>;
}

/** A value as the diffs show it: in `<code>` where it is code (JSON), the catalog's word where there is none. */
export function Value({ value, code = false, words }: { value: string | null; code?: boolean; words: DiffCatalog }) {
  if (value === null) return words.diff.none;
  return code ? <BreakableCode text={value} /> : value;
}

/**
 * A value that changed: the old one removed, the new one added (`<del>0.7</del> → <ins>0.6</ins>`; `null`
 * is the catalog's word for none), in `<code>` with `code`. The two never touch: an arrow icon and spaces
 * stand between them, and the arrow points from old to new, so it turns round right to left.
 */
export function ValueDiff({ before, after, code, words }: { before: string | null; after: string | null; code?: boolean; words: DiffCatalog }) {
  return (
    <>
      <Removed words={words}>
        <Value value={before} code={code} words={words} />
      </Removed>
      {' '}
      {/* An icon, not the character →, which no direction turns round: it points from the old value to the
          new one, to the left right to left. */}
      <Icon name="arrow" className="pcr-diff__arrow" />{' '}
      <Added words={words}>
        <Value value={after} code={code} words={words} />
      </Added>
    </>
  );
}

/** Names in code, joined in the catalog's words: `a`, `a and b`, `a, b and c`. */
export function NameList({ names, words, format = (name) => name }: { names: readonly string[]; words: DiffCatalog; format?: (name: string) => string }) {
  return <Parts parts={conjunction(names.map((name) => <code>{format(name)}</code>), words.list)} />;
}

/** A message's parts in order: its text and the elements put in its `{parts}`. */
export function Parts({ parts }: { parts: ReadonlyArray<ReactNode> }) {
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
