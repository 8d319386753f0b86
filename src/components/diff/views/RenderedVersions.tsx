'use client';

import { useState } from 'react';
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillText } from '../../../catalog/format.ts';
import { StaticSegment } from '../../composer/StaticSegment.tsx';

/** The versions compared, for the captions. */
export interface ComparedVersions {
  before: string;
  after: string;
}

interface RenderedVersionsProps {
  /** The older version's HTML; `undefined` where it had none (an added segment). */
  before: string | undefined;
  /** The newer version's HTML; `undefined` where it has none (a removed segment). */
  after: string | undefined;
  versions: ComparedVersions;
  words: DiffCatalog;
}

/**
 * A static segment's versions as a reader sees them, under its markup's diff: closed until opened (the diff
 * is text first), each version captioned and rendered by `StaticSegment`, so through the library's
 * sanitizer (strict policy) and nothing else: no version's HTML is ever rendered unsanitized. Nothing is
 * rendered or sanitized before the first opening: a diff of many segments costs no sanitizing until a
 * reader asks for one.
 */
export function RenderedVersions({ before, after, versions, words }: RenderedVersionsProps) {
  const [opened, setOpened] = useState(false);
  const sides = [
    { side: 'before', html: before, version: versions.before },
    { side: 'after', html: after, version: versions.after },
  ] as const;
  return (
    <details className="pcr-rendered" onToggle={(event) => setOpened((was) => was || event.currentTarget.open)}>
      <summary className="pcr-rendered__summary">{words.diff.rendered}</summary>
      {opened ? (
        <div className="pcr-rendered__versions">
          {sides.map(({ side, html, version }) =>
            html === undefined ? null : (
              <figure key={side} className="pcr-rendered__version" data-side={side}>
                <figcaption className="pcr-rendered__caption">{fillText(words.diff.version, { version }, words.locale)}</figcaption>
                <StaticSegment html={html} />
              </figure>
            ),
          )}
        </div>
      ) : null}
    </details>
  );
}
