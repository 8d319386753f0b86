import { keepPreviousData } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { usePromptList } from '../query/useLists.ts';
import { usePrompt } from '../query/usePrompt.ts';
import { type HeadingLevel, PromptCard } from './PromptCard.tsx';
import { collectVariables, type PreviewValues } from './preview-variables.ts';
import { QueryErrorMessage } from './QueryErrorMessage.tsx';
import { usePreviewValues } from './usePreviewValues.ts';
import { VariablesForm } from './VariablesForm.tsx';

/** Props of `PromptPreview`. */
export interface PromptPreviewProps {
  /** The prompt to fetch and preview. */
  promptId: string;
  /**
   * The version selected first; the picker changes it. A new `version` or `promptId` resets the picker
   * to this version.
   * @default the latest published version
   */
  version?: string;
  /** Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`). Read on mount only. @default {} */
  initialValues?: PreviewValues;
  /** Called after each edit with every variable's text (empty inputs are left out). @default undefined */
  onValuesChange?: (values: PreviewValues) => void;
  /** The preview's heading. @default 'Prompt preview' */
  title?: string;
  /** Level of the preview's heading; the prompt card's heading uses the next level. @default 2 */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Upgrade link for the quota error when the service sent none. @default undefined */
  upgradeUrl?: string;
  /** Extra class names on the root. @default undefined */
  className?: string;
}

const LATEST = '';

/**
 * The in-app preview of one prompt: a version picker fed by `usePromptList({ includeVersions: true })`
 * ("Latest" first), one labelled input per variable, and the prompt live through `PromptCard`. While
 * another version loads, the previous one stays on screen (`aria-busy`). Errors in human words.
 *
 * @example
 * <PromptPreview promptId="welcome-email" version="1.0.0" />
 */
export function PromptPreview({
  promptId,
  version,
  initialValues,
  onValuesChange,
  title = 'Prompt preview',
  headingLevel = 2,
  upgradeUrl,
  className,
}: PromptPreviewProps) {
  const headingId = useId();
  const pickerId = useId();
  // The picked version, with the props it was picked under: a new prompt or pinned version resets it
  // during this render (no effect, so no request for the old prompt's version).
  const [selection, setSelection] = useState({ promptId, version, selected: version ?? LATEST });
  let selected = selection.selected;
  if (selection.promptId !== promptId || selection.version !== version) {
    selected = version ?? LATEST;
    setSelection({ promptId, version, selected });
  }
  const select = (next: string) => setSelection({ promptId, version, selected: next });
  const list = usePromptList({ includeVersions: true });
  const query = usePrompt(promptId, { version: selected === LATEST ? undefined : selected, placeholderData: keepPreviousData });
  const prompt = query.data;
  const { values, setValue } = usePreviewValues(initialValues, onValuesChange);

  const versions = useMemo(() => {
    const listed = list.data?.find((item) => item.promptId === promptId)?.publishedVersions?.map((entry) => entry.version) ?? [];
    // Newest first; a pinned version the list does not name (yet) stays selectable.
    const all = selected === LATEST || listed.includes(selected) ? listed : [...listed, selected];
    return [...all].reverse();
  }, [list.data, promptId, selected]);
  const systemMessage = prompt?.systemMessage;
  const userMessage = prompt?.userMessage;
  const variables = useMemo(() => collectVariables([systemMessage, userMessage]), [systemMessage, userMessage]);
  const Heading = `h${headingLevel}` as const;

  return (
    <section
      className={['pcr-preview', 'pcr-prompt-preview', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-state={query.status}
    >
      <Heading className="pcr-preview__title" id={headingId}>
        {title}
      </Heading>
      <div className="pcr-preview__version">
        <label className="pcr-preview__version-label" htmlFor={pickerId}>
          Version
        </label>
        <select className="pcr-preview__version-select" id={pickerId} value={selected} onChange={(event) => select(event.currentTarget.value)}>
          <option value={LATEST}>Latest</option>
          {versions.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </select>
      </div>
      {query.isPending ? (
        <div className="pcr-preview__loading">
          <p role="status">Loading prompt…</p>
          <div className="pcr-preview__skeleton" aria-hidden="true" />
        </div>
      ) : null}
      {query.error ? (
        <QueryErrorMessage error={query.error} subject="prompt" upgradeUrl={upgradeUrl} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : null}
      {prompt ? (
        <div className="pcr-preview__body">
          <form className="pcr-preview__form" onSubmit={(event) => event.preventDefault()}>
            <VariablesForm variables={variables} values={values} onChange={setValue} />
          </form>
          <div className="pcr-preview__output">
            <PromptCard prompt={prompt} values={values} headingLevel={(headingLevel + 1) as HeadingLevel} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
