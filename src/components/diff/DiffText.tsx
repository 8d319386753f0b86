import type { ReactNode } from 'react';
import type { DiffPart } from './text-diff.ts';

/**
 * Text added by the newer version: an `<ins>` that starts with visually hidden "added:" (screen readers
 * announce it; `<ins>` itself is not announced by all of them), so the change is not told by colour alone.
 */
export function Added({ children }: { children: ReactNode }) {
  return (
    <ins className="pcr-diff__added">
      <span className="pcr-diff__label">added: </span>
      {children}
    </ins>
  );
}

/** Text removed from the older version: a `<del>` that starts with visually hidden "removed:". */
export function Removed({ children }: { children: ReactNode }) {
  return (
    <del className="pcr-diff__removed">
      <span className="pcr-diff__label">removed: </span>
      {children}
    </del>
  );
}

/**
 * A word diff as text: kept runs as they are, added ones in `<ins>`, removed ones in `<del>`. Only text
 * nodes: nothing in either version is ever read as markup.
 */
export function DiffText({ parts, kind, className = 'pcr-diff__text' }: { parts: readonly DiffPart[]; kind?: string; className?: string }) {
  return (
    <p className={className} data-message={kind}>
      {parts.map((part, index) =>
        part.type === 'same' ? part.value : part.type === 'added' ? <Added key={index}>{part.value}</Added> : <Removed key={index}>{part.value}</Removed>,
      )}
    </p>
  );
}

/** A value that changed: the old one removed, the new one added (`<del>0.7</del> → <ins>0.6</ins>`). */
export function ValueDiff({ before, after }: { before: string; after: string }) {
  return (
    <>
      <Removed>{before}</Removed>
      <span aria-hidden="true"> → </span>
      <Added>{after}</Added>
    </>
  );
}

/** Names in code, joined in words: `a`, `a and b`, `a, b and c`. */
export function NameList({ names, format = (name) => name }: { names: readonly string[]; format?: (name: string) => string }) {
  return names.map((name, index) => (
    <span key={name}>
      {index === 0 ? '' : index === names.length - 1 ? ' and ' : ', '}
      <code>{format(name)}</code>
    </span>
  ));
}
