import { Fragment, type ReactNode } from 'react';
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { conjunction } from '../../catalog/format.ts';
import type { DiffPart } from './text-diff.ts';

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
 * A word diff as text: kept runs as they are, added ones in `<ins>`, removed ones in `<del>`. Only text
 * nodes: nothing in either version is ever read as markup.
 */
export function DiffText({ parts, kind, words, className = 'pcr-diff__text' }: { parts: readonly DiffPart[]; kind?: string; words: DiffCatalog; className?: string }) {
  return (
    <p className={className} data-message={kind}>
      {parts.map((part, index) =>
        part.type === 'same' ? (
          part.value
        ) : part.type === 'added' ? (
          <Added key={index} words={words}>
            {part.value}
          </Added>
        ) : (
          <Removed key={index} words={words}>
            {part.value}
          </Removed>
        ),
      )}
    </p>
  );
}

/**
 * A value that changed: the old one removed, the new one added (`<del>0.7</del> → <ins>0.6</ins>`; `null`
 * is the catalog's word for none). The arrow points from old to new, so it turns round right to left.
 */
export function ValueDiff({ before, after, words }: { before: string | null; after: string | null; words: DiffCatalog }) {
  return (
    <>
      <Removed words={words}>{before ?? words.diff.none}</Removed>
      <span aria-hidden="true">
        {' '}
        <span className="pcr-diff__arrow">→</span>{' '}
      </span>
      <Added words={words}>{after ?? words.diff.none}</Added>
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
