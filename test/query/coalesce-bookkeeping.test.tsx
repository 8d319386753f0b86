// @vitest-environment jsdom
import type { QueryFunctionContext } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { DEFAULT_BASE_URL, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { promptListQueryOptions, promptQueryOptions, usePrompt, usePromptList } from 'prompt-composer-react';
import { afterEach, expect, it } from 'vitest';
// White-box: what the coalescing keeps is not part of the API, so this one test reads it directly.
import { kindsInFlight } from '../../src/query/coalesce.ts';
import { server } from '../msw-server.ts';
import { createTestQueryClient, renderWithApi, serveMockApi } from './utils.tsx';

const ids = Object.values(FIXTURE_IDS.prompts).filter((id) => id !== FIXTURE_IDS.prompts.draftAnnouncement);

afterEach(() => cleanup());

/** An abort signal that counts the listeners added to it and still attached. */
function countedSignal() {
  const controller = new AbortController();
  const attached = new Set<unknown>();
  const { signal } = controller;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions | boolean) => {
    attached.add(listener);
    add(type, listener, options);
  };
  signal.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: EventListenerOptions | boolean) => {
    attached.delete(listener);
    remove(type, listener, options);
  };
  return { controller, signal, attached };
}

it('thousands of reads, half aborted mid-flight: every one settles, no listener stays on a signal, no kind is kept', async () => {
  const api = serveMockApi();
  const client = api.client();
  const queryClient = createTestQueryClient();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(http.get(`${DEFAULT_BASE_URL}/prompts`, async () => void (await held)));
  const reads = Array.from({ length: 4000 }, (_, index) => {
    const options = promptQueryOptions(client, ids[index % ids.length] as string);
    const counted = countedSignal();
    const context = { signal: counted.signal, client: queryClient, queryKey: options.queryKey, meta: undefined } as unknown as QueryFunctionContext;
    const settled = Promise.resolve((options.queryFn as (context: QueryFunctionContext) => unknown)(context)).then(
      () => 'data',
      () => 'error',
    );
    return { counted, settled, abort: index % 2 === 1 };
  });
  // Half of them leave while their batch's list is in flight.
  await waitFor(() => expect(api.sent).toEqual(['GET /prompts']));
  for (const read of reads) if (read.abort) read.counted.controller.abort();
  release();
  const outcomes = await Promise.all(reads.map((read) => read.settled));
  expect(outcomes.filter((outcome) => outcome === 'data')).toHaveLength(2000);
  expect(reads.filter((read) => read.counted.attached.size > 0)).toHaveLength(0);
  expect(kindsInFlight(queryClient)).toBe(0);
  // One list for all of them: a read that leaves never costs the others their list.
  expect(api.sent).toEqual(['GET /prompts']);
});

it('mounting and unmounting 500 reads, with and without their list, keeps nothing', { timeout: 30_000 }, async () => {
  const api = serveMockApi();
  function Read({ id }: { id: string }) {
    return <p>{usePrompt(id).data?.promptId ?? 'loading'}</p>;
  }
  function List() {
    usePromptList();
    return null;
  }
  const many = Array.from({ length: 500 }, (_, index) => <Read key={index} id={ids[index % ids.length] as string} />);
  const view = renderWithApi(<>{many}<List /></>, { client: api.client() });
  // Unmounted while their list is in flight, then mounted again without it, then unmounted once answered.
  view.rerender(<p>nothing</p>);
  view.rerender(<>{many}</>);
  await waitFor(() => expect(screen.queryAllByText('loading')).toHaveLength(0), { timeout: 20_000 });
  view.rerender(<p>nothing</p>);
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), { timeout: 20_000 });
  expect(kindsInFlight(view.queryClient)).toBe(0);
  expect(api.sent.length).toBeLessThanOrEqual(2);
});

it('a kind forgotten while an older list of it was still in flight never forgets the kind that took its place', async () => {
  const api = serveMockApi();
  const client = api.client();
  const queryClient = createTestQueryClient();
  const holdVersioned = holdList(true);
  const versioned = queryClient.fetchQuery(promptListQueryOptions(client, { includeVersions: true }));
  await waitFor(() => expect(api.sent).toEqual(['GET /prompts?include_versions=true']));
  // A newer plain list is sent and answers first: the kind is idle, and forgotten.
  await queryClient.fetchQuery(promptListQueryOptions(client));
  // A refresh of the plain list is held: a new kind with that list in flight.
  const holdPlain = holdList(false);
  const refresh = queryClient.fetchQuery({ ...promptListQueryOptions(client), staleTime: 0 });
  await waitFor(() => expect(kindsInFlight(queryClient)).toBe(1));
  // The old versioned list settles now: it must not forget the new kind.
  holdVersioned();
  await versioned;
  expect(kindsInFlight(queryClient)).toBe(1);
  // A read started now waits for the refresh in flight instead of sending its own request.
  api.sent.length = 0;
  const read = queryClient.fetchQuery({ ...promptQueryOptions(client, ids[0] as string), staleTime: 0 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(api.sent).toEqual([]);
  holdPlain();
  await Promise.all([refresh, read]);
  expect(kindsInFlight(queryClient)).toBe(0);
});

/** Holds every list request (with or without `include_versions`) until the returned function is called. */
function holdList(includeVersions: boolean): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(`${DEFAULT_BASE_URL}/prompts`, async ({ request }) => {
      if (new URL(request.url).searchParams.has('include_versions') === includeVersions) await held;
    }),
  );
  return release;
}
