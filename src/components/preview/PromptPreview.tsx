'use client';

import { useId, useState } from 'react';
import type { IdOption, PromptId, PromptPreviewValues, PromptVersion, VersionOption } from '../../api/registry.ts';
import { usePromptList } from '../../query/useLists.ts';
import { type HeadingLevel, PromptCard } from '../composer/PromptCard.tsx';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from '../shared/useCatalog.ts';
import type { PreviewValues } from './preview-variables.ts';
import { type PreviewBaseProps, PreviewFrame } from './PreviewFrame.tsx';
import type { RenderPreviewPrompt } from './ScopedPromptCard.tsx';
import { usePromptPreviewAs } from './usePromptPreview.ts';

/**
 * Props of `PromptPreview`. With the typegen registry, `promptId` and `version` take only registered
 * values, and `initialValues` only the variables of that version.
 */
export interface PromptPreviewProps<Id extends string = PromptId, Version extends string | undefined = PromptVersion<Id>>
  extends Omit<PreviewBaseProps, 'values' | 'initialValues'> {
  /** The prompt to fetch and preview. `''`, `'.'` and `'..'` are type errors (no URL path carries them). */
  promptId: IdOption<'prompt', Id>;
  /**
   * The version selected first; the picker changes it. A new `version` or `promptId` resets the picker
   * to this version.
   * @default the latest published version
   */
  version?: VersionOption<'prompt', Version>;
  /**
   * The variables' text, held by the app (controlled, as a React input's `value`): the preview shows these
   * and asks for each edit through `onValuesChange`. Leave it out to let the preview hold them.
   * @default undefined (the preview holds them, from `initialValues`)
   */
  values?: PromptPreviewValues<Id, Version>;
  /**
   * Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`); the others start
   * empty. Read on mount only, and only where the preview holds the values (no `values`). With the typegen
   * registry, variables of the version given (or the latest) only: an unknown name is a type error.
   * @default {}
   */
  initialValues?: PromptPreviewValues<Id, Version>;
  /**
   * Renders the prompt your own way, as `ComposerView`'s `renderPrompt`: `(prompt, 0, values)`. Keep it
   * stable (`useCallback`).
   * @default a `PromptCard` whose copy button is the view's one solid action
   */
  renderPrompt?: RenderPreviewPrompt;
  /**
   * Whether to show the version picker. It is filled by `usePromptList({ includeVersions: true })`, the
   * full list with every version; without the picker that list is never requested, and the preview shows
   * `version` (or the latest).
   * @default true
   */
  versionPicker?: boolean;
  /**
   * The preview's heading, or `false` for none, where the app's page has its own heading: the region is then
   * named by the catalog's title.
   * @default the catalog's `preview.title.prompt` ('Prompt preview')
   */
  title?: string | false;
  /** Level of the preview's heading; the prompt card's heading uses the next level. @default 2 */
  headingLevel?: 2 | 3 | 4 | 5;
}

const LATEST = '';

/**
 * The in-app preview of one prompt: a version picker fed by `usePromptList({ includeVersions: true })`
 * ("Latest" first), one labelled input per variable, and the prompt live through `PromptCard`. While
 * another version of the same prompt loads, the shown one stays on screen (`aria-busy`); a new `promptId`
 * shows the loading state instead. Errors in human words. Built on `usePromptPreview`.
 *
 * @example
 * <PromptPreview promptId="welcome-email" version="1.0.0" />
 */
export function PromptPreview<Id extends PromptId, Version extends PromptVersion<Id> | undefined = undefined>({
  promptId,
  version,
  versionPicker = true,
  values,
  initialValues,
  onValuesChange,
  variableFields,
  renderPrompt,
  title,
  headingLevel = 2,
  upgradeUrl,
  className,
  catalog,
}: PromptPreviewProps<Id, Version>) {
  const pickerId = useId();
  const words = useCatalog(catalog, englishComponentWords);
  // The picked version, with the props it was picked under: a new prompt or pinned version resets it
  // during this render (no effect, so no request for the old prompt's version).
  const [selection, setSelection] = useState({ promptId, version, selected: version ?? LATEST });
  let selected = selection.selected;
  if (selection.promptId !== promptId || selection.version !== version) {
    selected = version ?? LATEST;
    setSelection({ promptId, version, selected });
  }
  const select = (next: string) => setSelection({ promptId, version, selected: next });
  const list = usePromptList({ includeVersions: true, enabled: versionPicker });
  // The picked version is a string from the picker: the registry's checks stop at the props.
  const preview = usePromptPreviewAs('PromptPreview', promptId, {
    version: selected === LATEST ? undefined : selected,
    // Registered values are dotted names to text as well, only with their names spelled out.
    values: values as PreviewValues | undefined,
    initialValues: initialValues as PreviewValues | undefined,
    onValuesChange,
  });
  const shown = preview.segments[0];

  const listed = list.data?.find((item) => item.promptId === promptId)?.publishedVersions?.map((entry) => entry.version) ?? [];
  // Newest first; a pinned version the list does not name (yet) stays selectable. Both arrays are fresh
  // (from `map` or built here), so reversing in place leaves the cached list alone.
  const versions = (selected === LATEST || listed.includes(selected) ? listed : [...listed, selected]).reverse();
  return (
    <PreviewFrame
      subject="prompt"
      title={title}
      words={words}
      headingLevel={headingLevel}
      className={className}
      upgradeUrl={upgradeUrl}
      query={{ ...preview, isPending: preview.status === 'pending' }}
      toolbar={
        versionPicker ? (
          <div className="pcr-preview__version">
            <label className="pcr-preview__version-label" htmlFor={pickerId}>
              {words.preview.version}
            </label>
            <select className="pcr-preview__version-select" id={pickerId} value={selected} onChange={(event) => select(event.currentTarget.value)}>
              <option value={LATEST}>{words.preview.latest}</option>
              {versions.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </select>
          </div>
        ) : null
      }
      variables={preview.variables}
      values={preview.values}
      onChange={preview.setValue}
      variableFields={variableFields}
      outputState={preview.isUpdating ? 'updating' : 'current'}
      output={
        shown?.type !== 'prompt' ? null : renderPrompt ? (
          renderPrompt(shown.segment, 0, shown.values)
        ) : (
          // The preview's one card: its copy button is the view's one solid action.
          <PromptCard prompt={shown.segment} values={shown.values} headingLevel={(headingLevel + 1) as HeadingLevel} copyVariant="solid" catalog={words} />
        )
      }
    />
  );
}
