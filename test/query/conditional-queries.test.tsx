// @vitest-environment jsdom
import { skipToken, useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { composerQueryOptions, useComposer, usePrompt, usePromptApi, promptQueryOptions } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, serveMockApi } from './utils.tsx';

const { welcomeEmail } = FIXTURE_IDS.prompts;
const { onboardingFlow } = FIXTURE_IDS.composers;

afterEach(() => cleanup());

/** How each way of asking turns "no id yet" (undefined) into a query. */
const ways: Array<[string, (id: string | undefined) => { data: unknown; status: string; fetchStatus: string }]> = [
  ['usePrompt(undefined)', function usePromptOrUndefined(id) {
    return usePrompt(id, { version: '1.0.0' });
  }],
  ['usePrompt(skipToken)', function usePromptOrSkip(id) {
    return usePrompt(id ?? skipToken);
  }],
  ['useComposer(undefined)', function useComposerOrUndefined(id) {
    return useComposer(id && onboardingFlow);
  }],
  ['useComposer(skipToken)', function useComposerOrSkip(id) {
    return useComposer(id ? onboardingFlow : skipToken);
  }],
  ['useQuery(promptQueryOptions(client, skipToken))', function usePromptFactory(id) {
    const { client } = usePromptApi();
    return useQuery(promptQueryOptions(client, id ?? skipToken));
  }],
  ['useQuery(composerQueryOptions(client, skipToken))', function useComposerFactory(id) {
    const { client } = usePromptApi();
    return useQuery(composerQueryOptions(client, id ? onboardingFlow : skipToken));
  }],
];

describe.each(ways)('%s', (_, use) => {
  function Probe({ id }: { id: string | undefined }) {
    const { data, status, fetchStatus } = use(id);
    return <p>{data ? 'loaded' : `${status} ${fetchStatus}`}</p>;
  }

  it('sends nothing while there is no id, then fetches once the id arrives', async () => {
    const api = serveMockApi();
    const view = renderWithApi(<Probe id={undefined} />, { client: api.client() });
    expect(screen.getByText('pending idle')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent).toEqual([]);
    view.rerender(<Probe id={welcomeEmail} />);
    await screen.findByText('loaded');
    expect(api.sent).toHaveLength(1);
  });
});
