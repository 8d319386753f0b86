import {
  ApiErrorMessage,
  ComposerPreview,
  PromptPreview,
  useComposerList,
  usePromptList,
  UsageBanner,
  useUsage,
} from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { useState } from 'react';
import './playground.css';

type Item = { kind: 'composer' | 'prompt'; id: string };

/** What a list query tells the navigation. */
interface ListState {
  isPending: boolean;
  isError: boolean;
}

/** One list of the library: its items as toggle buttons, or a short word on why there are none. */
function LibrarySection(props: {
  title: string;
  query: ListState;
  items: Array<Item & { name: string }> | undefined;
  current: Item | null;
  onSelect: (item: Item) => void;
}) {
  const { title, query, items, current, onSelect } = props;
  let note: string | null = null;
  if (query.isPending) note = 'Loading…';
  else if (query.isError) note = 'Not available';
  else if (items?.length === 0) note = 'None yet';
  return (
    <section className="pcr-playground__section" aria-label={title}>
      <h2>{title}</h2>
      {note ? <p className="pcr-playground__note">{note}</p> : null}
      <ul>
        {items?.map(({ kind, id, name }) => (
          <li key={id}>
            <button type="button" aria-pressed={current?.kind === kind && current.id === id} onClick={() => onSelect({ kind, id })}>
              {name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The composer the Playground opens on: a real workflow, not the sanitizer's test fixture. */
const FIRST_COMPOSER = FIXTURE_IDS.composers.onboardingFlow;

/**
 * The in-app preview as a team would build it from the library's hooks and components: a library
 * navigation, the quota, and a preview; a failed or empty library in the library's own words.
 */
export function PlaygroundApp() {
  const composers = useComposerList();
  const prompts = usePromptList();
  const usage = useUsage();
  const [selected, setSelected] = useState<Item | null>(null);
  const composerItems = composers.data?.map((composer) => ({ kind: 'composer' as const, id: composer.composerId, name: composer.composerName }));
  const promptItems = prompts.data?.map((prompt) => ({ kind: 'prompt' as const, id: prompt.promptId, name: prompt.promptName }));
  const opening = composerItems?.find((item) => item.id === FIRST_COMPOSER) ?? composerItems?.[0] ?? promptItems?.[0] ?? null;
  const current = selected ?? opening;
  const error = composers.error ?? prompts.error;
  const bothLoaded = composers.isSuccess && prompts.isSuccess;

  let main;
  if (current?.kind === 'composer') main = <ComposerPreview key={current.id} composerId={current.id} />;
  else if (current?.kind === 'prompt') main = <PromptPreview key={current.id} promptId={current.id} />;
  else if (error) {
    main = (
      <ApiErrorMessage
        error={error}
        subject="composer"
        resetAt={usage?.reset ?? null}
        retrying={composers.isFetching || prompts.isFetching}
        onRetry={() => {
          void composers.refetch();
          void prompts.refetch();
        }}
      />
    );
  } else if (bothLoaded) {
    main = (
      <div className="pcr-playground__empty" role="status">
        <h2>Nothing published yet</h2>
        <p>This account has no published composers or prompts. Publish one, then come back to preview it.</p>
      </div>
    );
  } else main = <p role="status">Loading the library…</p>;

  return (
    <div className="pcr-playground">
      <header>
        <h1>Prompt library</h1>
        <p>{usage ? `${usage.remaining.toLocaleString('en-US')} of ${usage.limit.toLocaleString('en-US')} requests left this month` : 'Usage not known yet'}</p>
        <UsageBanner />
      </header>
      <nav aria-label="Library">
        <LibrarySection title="Composers" query={composers} items={composerItems} current={current} onSelect={setSelected} />
        <LibrarySection title="Prompts" query={prompts} items={promptItems} current={current} onSelect={setSelected} />
      </nav>
      <main>{main}</main>
    </div>
  );
}
