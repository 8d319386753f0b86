import { StaticSegment, useComposerPreview } from 'prompt-composer-react';

/**
 * The composer preview rebuilt by an app: `useComposerPreview` and plain elements, in the app's own markup and
 * classes (no `pcr-` class but the one `StaticSegment` keeps for the sanitized HTML).
 */
export function MyComposerPreview({ composerId }: { composerId: string }) {
  const preview = useComposerPreview(composerId, { initialValues: { plan: 'Pro' } });
  if (preview.status === 'pending') return <p role="status">Loading the composer…</p>;
  if (!preview.data) return <p role="alert">Could not load the composer: {preview.error?.message}</p>;
  return (
    <section className="app-preview" aria-label={preview.data.composerName}>
      <form className="app-preview__form" onSubmit={(event) => event.preventDefault()}>
        {preview.variables.map((name) => (
          <label key={name} className="app-preview__field">
            {name}
            <input value={preview.values[name] ?? ''} onChange={(event) => preview.setValue(name, event.target.value)} />
          </label>
        ))}
      </form>
      <ol className="app-preview__segments">
        {preview.segments.map((segment) => (
          <li key={segment.index}>
            {segment.type === 'static' ? (
              <StaticSegment html={segment.segment.content} />
            ) : (
              <article aria-label={segment.segment.promptName}>
                <h3>{segment.segment.promptName}</h3>
                <p className="app-preview__message">
                  {segment.userMessage.map((part, index) => (part.type === 'text' ? part.value : <mark key={index}>{part.value ?? part.raw}</mark>))}
                </p>
                {segment.missing.length > 0 ? <p>To fill in: {segment.missing.join(', ')}</p> : null}
              </article>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
