'use client';

import { lazy, Suspense, useState } from 'react';
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillText } from '../../../catalog/format.ts';

/**
 * `StaticSegment`, loaded when a reader first opens "As rendered": an app's bundler puts it (with the
 * sanitizer and DOMPurify) in a chunk of its own, so a page of diffs loads none of it until then.
 */
const StaticSegment = lazy(() => import('../../composer/StaticSegment.tsx').then((module) => ({ default: module.StaticSegment })));

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
 * rendered, loaded or sanitized before the first opening.
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
                <Suspense fallback={null}>
                  <StaticSegment html={html} />
                </Suspense>
              </figure>
            ),
          )}
        </div>
      ) : null}
    </details>
  );
}
