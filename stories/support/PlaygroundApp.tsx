import { ComposerPreview, type PromptApiError, PromptPreview, useComposerList, usePromptList, UsageBanner, useUsage } from 'prompt-composer-react';
import { useState } from 'react';
import './playground.css';

type Item = { kind: 'composer' | 'prompt'; id: string };
type Selection = Item | null;

/** One list of the library: its items as toggle buttons, or why there are none. */
function LibrarySection(props: {
  title: string;
  query: { error: PromptApiError | null };
  items: Array<Item & { name: string }> | undefined;
  current: Selection;
  onSelect: (item: Item) => void;
}) {
  const { title, query, items, current, onSelect } = props;
  return (
    <>
      <h2>{title}</h2>
      {query.error ? <p>Could not load {title.toLowerCase()} ({query.error.code}).</p> : null}
      {items?.length === 0 ? <p>No {title.toLowerCase()} yet.</p> : null}
      <ul>
        {items?.map(({ kind, id, name }) => (
          <li key={id}>
            <button type="button" aria-pressed={current?.kind === kind && current.id === id} onClick={() => onSelect({ kind, id })}>
              {name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The in-app preview as a team would build it from the library's hooks and components. */
export function PlaygroundApp() {
  const composers = useComposerList();
  const prompts = usePromptList();
  const usage = useUsage();
  const [selected, setSelected] = useState<Selection>(null);
  const current = selected ?? (composers.data?.[0] ? { kind: 'composer' as const, id: composers.data[0].composerId } : null);
  return (
    <div className="pcr-playground">
      <header>
        <h1>Prompt library</h1>
        <p>{usage ? `${usage.remaining.toLocaleString()} of ${usage.limit.toLocaleString()} requests left this month` : 'Usage not known yet'}</p>
        <UsageBanner />
      </header>
      <nav aria-label="Library">
        <LibrarySection
          title="Composers"
          query={composers}
          items={composers.data?.map((composer) => ({ kind: 'composer' as const, id: composer.composerId, name: composer.composerName }))}
          current={current}
          onSelect={setSelected}
        />
        <LibrarySection
          title="Prompts"
          query={prompts}
          items={prompts.data?.map((prompt) => ({ kind: 'prompt' as const, id: prompt.promptId, name: prompt.promptName }))}
          current={current}
          onSelect={setSelected}
        />
      </nav>
      <main>
        {current?.kind === 'composer' ? <ComposerPreview key={current.id} composerId={current.id} /> : null}
        {current?.kind === 'prompt' ? <PromptPreview key={current.id} promptId={current.id} /> : null}
        {current === null && (composers.isPending || prompts.isPending) ? <p role="status">Loading the library…</p> : null}
      </main>
    </div>
  );
}
