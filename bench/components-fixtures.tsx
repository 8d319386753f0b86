/**
 * The benchmark's composer (1,000 segments, static HTML and prompt segments alternating) and the naive
 * baseline preview: DOMPurify with its defaults on every render, no memoization anywhere.
 */
import DOMPurify from 'dompurify';
import { type Composer, type ComposerSegment, extractVariables, interpolate } from 'prompt-composer-react';
import { useState } from 'react';
import { BENCH_PROMPTS } from './account.ts';

const published = BENCH_PROMPTS.filter((prompt) => prompt.status !== 'draft');

/** Static HTML of the size and shape a composer's segments have: a heading, a paragraph with a link, a list. */
function staticHtml(run: number, index: number): string {
  return (
    `<h3>Step ${index} of run ${run}</h3><p>This step explains <strong>what happens next</strong> and links to ` +
    `<a href="https://prompt-composer.test/docs/${index}" target="_blank">the guide</a>.</p>` +
    `<ul><li>Check the account</li><li>Send the message</li><li>Record the answer for ${index}</li></ul>`
  );
}

/**
 * A composer of `size` segments, half static, half prompts (the fixture prompts in turn). `run` makes
 * every static segment's content unique to one run, so no cache carries over between mounts.
 */
export function bigComposer(run: number, size = 1_000): Composer {
  const segments = Array.from({ length: size }, (_, index): ComposerSegment => {
    if (index % 2 === 0) return { type: 'static', content: staticHtml(run, index) };
    const prompt = published[(index >> 1) % published.length]!;
    const { promptId, promptName, version, systemMessage, userMessage, config } = prompt;
    return { type: 'prompt', promptId, promptName, version, systemMessage, userMessage, config: { model: config.model, temperature: config.temperature } };
  });
  return { composerId: `bench-composer-${run}`, composerName: `Benchmark composer ${run}`, version: '1.0.0', config: { schema: [], inputData: null, inputDataRootName: null }, segments };
}

/** The naive view: sanitizes every static segment and interpolates every prompt on every render. */
export function NaiveComposerView({ composer, values }: { composer: Composer; values: Record<string, string> }) {
  return (
    <section>
      <h2>{composer.composerName}</h2>
      <ol>
        {composer.segments.map((segment, index) => (
          <li key={index}>
            {segment.type === 'static' ? (
              <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(segment.content) }} />
            ) : (
              <article>
                <h3>{segment.promptName}</h3>
                <dl>
                  <dt>Version</dt><dd>{segment.version}</dd>
                  <dt>Model</dt><dd>{segment.config.model}</dd>
                  <dt>Temperature</dt><dd>{segment.config.temperature}</dd>
                  <dt>System message</dt><dd>{interpolate(segment.systemMessage, values)}</dd>
                  <dt>User message</dt><dd>{interpolate(segment.userMessage, values)}</dd>
                </dl>
              </article>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The naive preview: variables derived on every render, the values form and the view in one component. */
export function NaivePreview({ composer }: { composer: Composer }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const variables = [
    ...new Set(composer.segments.flatMap((segment) => (segment.type === 'prompt' ? [...extractVariables(segment.systemMessage), ...extractVariables(segment.userMessage)] : []))),
  ];
  return (
    <>
      <fieldset>
        <legend>Variables</legend>
        {variables.map((name) => (
          <label key={name}>
            {name}
            <input type="text" value={values[name] ?? ''} onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })} />
          </label>
        ))}
      </fieldset>
      <NaiveComposerView composer={composer} values={values} />
    </>
  );
}
