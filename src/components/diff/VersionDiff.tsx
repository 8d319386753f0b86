'use client';

import type { ComponentType } from 'react';
import type { Composer, Prompt } from '../../api/types.ts';
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { useDetail } from '../../query/useDetail.ts';
import { useVersionChoices } from '../../query/useVersions.ts';
import type { Versioned } from '../../query/versions.ts';
import type { HeadingLevel } from '../composer/PromptCard.tsx';
import { englishDiffWords } from '../../catalog/english-diffs.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import { useVersionSelection } from './useVersionSelection.ts';
import { type VersionDiffBaseProps, VersionDiffFrame } from './VersionDiffFrame.tsx';

/** The level of the diff's heading, one below the frame's. */
const NEXT_LEVEL = { 2: 3, 3: 4, 4: 5, 5: 6 } as const satisfies Record<NonNullable<VersionDiffBaseProps['headingLevel']>, HeadingLevel>;

interface VersionDiffProps<T extends Prompt | Composer> extends VersionDiffBaseProps {
  /** The public component's name, for the error thrown outside a provider. */
  name: string;
  versioned: Versioned<T>;
  id: string;
  /** What shows the two versions' differences: `PromptDiff` or `ComposerDiff`. */
  Diff: ComponentType<{ before: T; after: T; headingLevel: HeadingLevel; catalog: DiffCatalog }>;
}

/**
 * `PromptVersionDiff` and `ComposerVersionDiff`, for any kind of versioned item: the pickers' versions
 * and the latest from the include-versions list (one `select` per id, so a render reads nothing of the
 * list), the two picked versions read with `useDetail` (pinned reads), and `Diff` between them in the frame.
 */
export function VersionDiff<T extends Prompt | Composer>({ name, versioned, id, from, to, headingLevel = 2, catalog, Diff, ...frame }: VersionDiffProps<T>) {
  const words = useCatalog(catalog, englishDiffWords);
  const choices = useVersionChoices(name, versioned, id);
  const selection = useVersionSelection(id, from, to, choices.data?.versions, choices.data?.latest);
  // The picked versions are strings from the pickers: the registry's checks stop at the props.
  const before = useDetail(name, versioned.collection, selection.from === undefined ? undefined : id, { version: selection.from });
  const after = useDetail(name, versioned.collection, selection.to === undefined ? undefined : id, { version: selection.to });
  return (
    <VersionDiffFrame
      {...frame}
      headingLevel={headingLevel}
      words={words}
      catalog={catalog}
      subject={versioned.kind}
      versions={choices.data?.versions}
      latest={choices.data?.latest}
      selection={selection}
      queries={[choices, before, after]}
    >
      {before.data && after.data ? <Diff before={before.data} after={after.data} headingLevel={NEXT_LEVEL[headingLevel]} catalog={words} /> : null}
    </VersionDiffFrame>
  );
}
