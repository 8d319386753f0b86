'use client';

import type { ComposerId, ComposerPreviewValues, ComposerVersion, IdOption, VersionOption } from '../../api/registry.ts';
import type { ComposerViewProps } from '../composer/ComposerView.tsx';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import type { PreviewValues } from './preview-variables.ts';
import { type PreviewBaseProps, PreviewFrame } from './PreviewFrame.tsx';
import { PreviewSegmentList } from './PreviewSegmentList.tsx';
import type { RenderPreviewPrompt } from './ScopedPromptCard.tsx';
import { useComposerPreviewAs } from './useComposerPreview.ts';

/**
 * Props of `ComposerPreview`. With the typegen registry, `composerId` and `version` take only registered
 * values, and `values` and `initialValues` only the variables of the latest version's prompt segments.
 */
export interface ComposerPreviewProps<Id extends string = ComposerId, Version extends string | undefined = ComposerVersion<Id>>
  extends Omit<PreviewBaseProps, 'values' | 'initialValues'> {
  /** The composer to fetch and preview. `''`, `'.'` and `'..'` are type errors (no URL path carries them). */
  composerId: IdOption<'composer', Id>;
  /** Version to fetch. @default the latest published version */
  version?: VersionOption<'composer', Version>;
  /**
   * The variables' text, held by the app (controlled, as a React input's `value`): the preview shows these
   * and asks for each edit through `onValuesChange`. Leave it out to let the preview hold them.
   * @default undefined (the preview holds them, from `initialValues`)
   */
  values?: ComposerPreviewValues<Id, Version>;
  /**
   * Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`); the others start
   * empty. Read on mount only, and only where the preview holds the values (no `values`). With the typegen
   * registry, variables of the latest version's prompt segments only: an unknown name is a type error (older
   * versions: any names, as their segments are not listed).
   * @default {}
   */
  initialValues?: ComposerPreviewValues<Id, Version>;
  /**
   * The preview's heading, or `false` for none, where the app's page has its own heading: the region is then
   * named by the catalog's title, and the composer's name keeps `headingLevel`.
   * @default the catalog's `preview.title.composer` ('Composer preview')
   */
  title?: string | false;
  /**
   * Level of the preview's heading and of the composer's name (the same level: static HTML often starts
   * with its own `<h2>`, and prompt cards must follow it without skipping a level).
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5;
  /**
   * Renders a static segment your own way, as `ComposerView`'s: keep `<StaticSegment>` in it for the
   * sanitizer.
   * @default the sanitized HTML in `StaticSegment`
   */
  renderStatic?: ComposerViewProps['renderStatic'];
  /**
   * Renders a prompt segment your own way, as `ComposerView`'s: `(segment, index, values)`, where `values`
   * are the values of that segment's own variables. Keep it stable (`useCallback`).
   * @default a `PromptCard`
   */
  renderPrompt?: RenderPreviewPrompt;
  /**
   * The sanitizer policy of the composer's static HTML segments; see `SanitizePolicy`. Compared by content.
   * @default undefined (strict)
   */
  policy?: ComposerViewProps['policy'];
  /**
   * The sanitizer of the static HTML segments, from `createHtmlSanitizer` (another window, cache size,
   * Trusted Types policy name); see `StaticSegment`. Create it once, outside render.
   * @default the shared sanitizer, the one `sanitizeHtml` uses
   */
  sanitizer?: ComposerViewProps['sanitizer'];
}

/**
 * The in-app preview of a composer: fetches it, derives one labelled input per variable of its prompt
 * segments, and previews the composer live through `ComposerView`. Shows a loading state and every API error
 * in human words (with Retry for server and network errors). Built on `useComposerPreview`, with the parts
 * an app can lay out itself: `VariablesForm`, `PreviewSegmentList`, `PromptCard`.
 *
 * @example
 * <ComposerPreview composerId="onboarding-flow" initialValues={{ name: 'Ada' }} />
 */
export function ComposerPreview<Id extends ComposerId, Version extends ComposerVersion<Id> | undefined = undefined>({
  composerId,
  version,
  values,
  initialValues,
  onValuesChange,
  variableFields,
  title,
  headingLevel = 2,
  renderStatic,
  renderPrompt,
  upgradeUrl,
  className,
  policy,
  sanitizer,
  catalog,
}: ComposerPreviewProps<Id, Version>) {
  const words = useCatalog(catalog, englishComponentWords);
  // Registered values are dotted names to text as well, only with their names spelled out.
  const preview = useComposerPreviewAs('ComposerPreview', composerId, { version, values: values as PreviewValues | undefined, initialValues: initialValues as PreviewValues | undefined, onValuesChange });
  return (
    <PreviewFrame
      subject="composer"
      title={title}
      words={words}
      headingLevel={headingLevel}
      className={className}
      upgradeUrl={upgradeUrl}
      query={{ ...preview, isPending: preview.status === 'pending' }}
      variables={preview.variables}
      values={preview.values}
      onChange={preview.setValue}
      variableFields={variableFields}
      outputState={preview.isUpdating ? 'updating' : 'current'}
      output={
        preview.data ? (
          <PreviewSegmentList
            preview={preview}
            renderStatic={renderStatic}
            renderPrompt={renderPrompt}
            headingLevel={headingLevel}
            policy={policy}
            sanitizer={sanitizer}
            catalog={words}
          />
        ) : null
      }
    />
  );
}
