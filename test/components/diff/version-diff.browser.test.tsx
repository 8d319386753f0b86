/** PromptVersionDiff and ComposerVersionDiff against the mock API: requests spent, pickers, states, axe. */
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ComposerVersionDiff, PromptVersionDiff, promptListQueryOptions, usePromptList } from 'prompt-composer-react';
import { createMockDb, FIXTURE_IDS, FIXTURE_KEYS, FIXTURE_PROMPTS, type MockPromptSeed } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/styles.css';
import { countedList } from '../../counted-list.ts';
import { mockApi, NOW, renderConnected, setupMockWorker } from '../connected-harness.tsx';
import { expectAccessibleAndFitting, LOOKS, resetViewport, Themed } from './diff-fixtures.tsx';

setupMockWorker();

const { accountReview, meetingSummary, welcomeEmail } = FIXTURE_IDS.prompts;
const { renewalCheck } = FIXTURE_IDS.composers;

afterEach(resetViewport);

/** A mock API whose requests are listed as `path?query`. */
function countedApi(options: Parameters<typeof mockApi>[1] = {}) {
  const api = mockApi(undefined, options);
  const sent: string[] = [];
  api.worker.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    sent.push(`${url.pathname}${url.search}`);
  });
  return { ...api, sent, stop: () => api.worker.events.removeAllListeners() };
}

const fromPicker = () => screen.getByRole('combobox', { name: 'From version' }) as HTMLSelectElement;
const toPicker = () => screen.getByRole('combobox', { name: 'To version' }) as HTMLSelectElement;
const summary = () => document.querySelector('.pcr-diff__summary')?.textContent;

describe('PromptVersionDiff', () => {
  describe('given a prompt with three versions', () => {
    it('compares the version before the latest with the latest, for one list request and one pinned read', async () => {
      const api = countedApi();
      renderConnected(<PromptVersionDiff promptId={accountReview} />, api.client());
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      expect(fromPicker().value).toBe('2.0.0');
      expect(toPicker().value).toBe('2.1.0');
      expect([...toPicker().options].map((option) => option.textContent)).toEqual(['2.1.0 (latest)', '2.0.0', '1.0.0']);
      // The latest version comes from the list's cache; only the older one is read.
      expect(api.sent).toEqual(['/prompts?include_versions=true', '/prompts/account-review?version=2.0.0']);
      api.stop();
    });

    it('lets the user pick another version with the keyboard; a version read once is never read again', async () => {
      const api = countedApi();
      renderConnected(<PromptVersionDiff promptId={accountReview} />, api.client());
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      // The "From version" picker is the first stop of the Tab order.
      await userEvent.tab();
      expect(document.activeElement).toBe(fromPicker());
      await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(fromPicker().value).toBe('1.0.0'));
      await waitFor(() => expect(summary()).toMatch(/^Changes: model, temperature/));
      expect(screen.getByText('Variables').nextElementSibling?.textContent).toMatch(/removes \$\{account\.name\}, \$\{tier\}/);
      expect(document.activeElement).toBe(fromPicker());
      await userEvent.keyboard('{ArrowUp}');
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      expect(api.sent).toEqual(['/prompts?include_versions=true', '/prompts/account-review?version=2.0.0', '/prompts/account-review?version=1.0.0']);
      api.stop();
    });

    it('costs no list request where usePromptList({ includeVersions: true }) has the list', async () => {
      const api = countedApi();
      function Page() {
        const list = usePromptList({ includeVersions: true });
        return list.data ? <PromptVersionDiff promptId={welcomeEmail} from="1.0.0" to="2.0.0" /> : <p>loading the list</p>;
      }
      renderConnected(<Page />, api.client());
      await waitFor(() => expect(summary()).toMatch(/^Changes: /));
      expect(api.sent).toEqual(['/prompts?include_versions=true', '/prompts/welcome-email?version=1.0.0']);
      api.stop();
    });

    it('resets the pickers when the props change', async () => {
      const api = countedApi();
      const view = renderConnected(<PromptVersionDiff promptId={accountReview} />, api.client());
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      await userEvent.selectOptions(fromPicker(), '1.0.0');
      await waitFor(() => expect(summary()).toMatch(/^Changes: model/));
      view.rerender(<PromptVersionDiff promptId={welcomeEmail} />);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome email' })).toBeTruthy());
      expect(fromPicker().value).toBe('1.1.0');
      expect(toPicker().value).toBe('2.0.0');
      expect(api.sent.filter((path) => path.startsWith('/prompts/welcome-email'))).toEqual(['/prompts/welcome-email?version=1.1.0']);
      api.stop();
    });

    it('reads nothing of the cached list when it renders again: no scan for the prompt or its latest, no new sort', async () => {
      const api = mockApi();
      const client = api.client();
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      // The prompt last in the list, so that a scan for it reads every item.
      const { list, reads } = countedList([...(await client.listPrompts({ includeVersions: true }))].reverse());
      queryClient.setQueryData(promptListQueryOptions(client, { includeVersions: true }).queryKey, list);
      const view = renderConnected(<PromptVersionDiff promptId={accountReview} />, client, queryClient);
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      reads.count = 0;
      for (let render = 0; render < 3; render++) view.rerender(<PromptVersionDiff promptId={accountReview} />);
      expect(summary()).toBe('Changes: temperature.');
      expect(reads.count).toBe(0);
    });

    it('says "Loading versions…" in a status region that stays mounted, so a screen reader announces the change', async () => {
      // Answers slow enough that picking a version (a few hundred ms on a busy machine) ends before its own.
      renderConnected(<PromptVersionDiff promptId={accountReview} />, mockApi(undefined, { latency: 1000 }).client());
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'), { timeout: 8000 });
      const status = screen.getByRole('status');
      expect(status.textContent).toBe('');
      // Empty, it is out of the layout (no gap in the grid) yet still in the accessibility tree.
      expect(getComputedStyle(status).position).toBe('absolute');
      await userEvent.selectOptions(fromPicker(), '1.0.0');
      expect(screen.getByRole('status')).toBe(status);
      expect(status.textContent).toBe('Loading versions…');
      expect(getComputedStyle(status).position).toBe('static');
      await waitFor(() => expect(summary()).toMatch(/^Changes: model/), { timeout: 8000 });
      expect(screen.getByRole('status')).toBe(status);
      expect(status.textContent).toBe('');
      await expectAccessibleAndFitting();
    });

    it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px', async ({ theme, width }) => {
      await page.viewport(width, 800);
      renderConnected(
        <Themed theme={theme}>
          <PromptVersionDiff promptId={accountReview} from="1.0.0" />
        </Themed>,
        mockApi().client(),
      );
      await waitFor(() => expect(summary()).toMatch(/^Changes: model/));
      await expectAccessibleAndFitting();
    });
  });

  describe('given a fix published on an older line after a newer version (1.0.0, 2.0.0, then 1.0.1)', () => {
    it('lists them by number, marks the service’s latest (1.0.1) and compares it with the version before it', async () => {
      const base = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === meetingSummary) as MockPromptSeed;
      const prompts = ['1.0.0', '2.0.0', '1.0.1'].map((version) => ({ ...base, promptId: 'hotfix', version, userMessage: `Summarize version ${version} for \${team}.` }));
      renderConnected(<PromptVersionDiff promptId="hotfix" />, mockApi(createMockDb({ now: NOW, prompts })).client());
      await waitFor(() => expect(summary()).toBe('Changes: user message.'));
      expect([...toPicker().options].map((option) => option.textContent)).toEqual(['2.0.0', '1.0.1 (latest)', '1.0.0']);
      expect(toPicker().value).toBe('1.0.1');
      expect(fromPicker().value).toBe('1.0.0');
    });
  });

  describe('given a rollback: 1.0.0 published after 2.0.0, so the latest is the lowest version', () => {
    it('compares the newest other version with the latest, not the latest with itself', async () => {
      const base = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === meetingSummary) as MockPromptSeed;
      const prompts = ['2.0.0', '1.0.0'].map((version) => ({ ...base, promptId: 'rollback', version, userMessage: `Summarize version ${version} for \${team}.` }));
      renderConnected(<PromptVersionDiff promptId="rollback" />, mockApi(createMockDb({ now: NOW, prompts })).client());
      await waitFor(() => expect(summary()).toBe('Changes: user message.'));
      expect([...toPicker().options].map((option) => option.textContent)).toEqual(['2.0.0', '1.0.0 (latest)']);
      expect(fromPicker().value).toBe('2.0.0');
      expect(toPicker().value).toBe('1.0.0');
    });
  });

  describe('given a prompt with one published version', () => {
    it('says there is nothing to compare yet, and offers no pickers', async () => {
      renderConnected(<PromptVersionDiff promptId={meetingSummary} />, mockApi().client());
      expect(await screen.findByText('Only one published version (1.0.0): there is nothing to compare it with yet.')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Compare versions' }).dataset.state).toBe('success');
      // No two pickers that hold the same single version: there is nothing to pick.
      expect(screen.queryAllByRole('combobox')).toEqual([]);
      await expectAccessibleAndFitting();
    });
  });

  describe('given the versions are in flight', () => {
    it('shows a busy loading state with role status, keeping the heading', async () => {
      renderConnected(<PromptVersionDiff promptId={accountReview} title="What changed" />, mockApi(undefined, { latency: 300 }).client());
      expect(screen.getByRole('status').textContent).toBe('Loading versions…');
      expect(screen.getByRole('region', { name: 'What changed' }).getAttribute('aria-busy')).toBe('true');
      await expectAccessibleAndFitting();
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'), { timeout: 3000 });
    });
  });

  describe('given errors', () => {
    it('an unknown prompt is NOT_FOUND, from the one list request', async () => {
      const api = countedApi();
      renderConnected(<PromptVersionDiff promptId="no-such-prompt" />, api.client());
      const alert = await screen.findByRole('alert');
      expect(alert.dataset.code).toBe('NOT_FOUND');
      expect(within(alert).getByText('This prompt does not exist or is not published.')).toBeTruthy();
      expect(api.sent).toEqual(['/prompts?include_versions=true']);
      expect(screen.queryByRole('combobox')).toBeNull();
      api.stop();
    });

    it('a version given as a prop that does not exist is VERSION_NOT_FOUND, and stays in the picker', async () => {
      renderConnected(<PromptVersionDiff promptId={accountReview} from="9.9.9" />, mockApi().client());
      expect((await screen.findByRole('alert')).dataset.code).toBe('VERSION_NOT_FOUND');
      expect(fromPicker().value).toBe('9.9.9');
    });

    it('a `to` version the list does not name is VERSION_NOT_FOUND; both pickers stay, so another version can be picked', async () => {
      renderConnected(<PromptVersionDiff promptId={accountReview} to="9.9.9" />, mockApi().client());
      expect((await screen.findByRole('alert')).dataset.code).toBe('VERSION_NOT_FOUND');
      expect(screen.getAllByRole('combobox')).toHaveLength(2);
      expect(toPicker().value).toBe('9.9.9');
      expect([...toPicker().options].map((option) => option.textContent)).toEqual(['9.9.9', '2.1.0 (latest)', '2.0.0', '1.0.0']);
      // `from` defaults to the newest version, the one before any version the list does not place.
      expect(fromPicker().value).toBe('2.1.0');
      await expectAccessibleAndFitting();
      await userEvent.selectOptions(toPicker(), '2.0.0');
      await waitFor(() => expect(summary()).toBe('Changes: temperature.'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('region', { name: 'Compare versions' }).dataset.state).toBe('success');
    });

    it.each(['light', 'dark'] as const)('a used-up quota shows the reset date and the upgrade link (%s theme, axe)', async (theme) => {
      renderConnected(
        <Themed theme={theme}>
          <PromptVersionDiff promptId={accountReview} />
        </Themed>,
        mockApi().client(FIXTURE_KEYS.exhausted),
      );
      expect((await screen.findByRole('alert')).dataset.code).toBe('USAGE_LIMIT_EXCEEDED');
      expect(screen.getByRole('link', { name: /upgrade/i })).toBeTruthy();
      await expectAccessibleAndFitting();
    });
  });
});

describe('ComposerVersionDiff', () => {
  it('compares the two latest versions for one composer list request and one pinned read', async () => {
    const api = countedApi();
    renderConnected(<ComposerVersionDiff composerId={renewalCheck} />, api.client());
    await waitFor(() => expect(summary()).toBe('Segments: 2 segments added, 1 removed, 2 changed, 2 unchanged.'));
    expect(api.sent).toEqual(['/composers?include_versions=true', '/composers/renewal-check?version=1.0.0']);
    api.stop();
  });

  it('swaps the versions with the pickers', async () => {
    renderConnected(<ComposerVersionDiff composerId={renewalCheck} />, mockApi().client());
    await waitFor(() => expect(summary()).toMatch(/^Segments: 2 segments added/));
    await userEvent.selectOptions(toPicker(), '1.0.0');
    await userEvent.selectOptions(fromPicker(), '2.0.0');
    await waitFor(() => expect(summary()).toBe('Segments: 1 segment added, 2 removed, 2 changed, 2 unchanged.'));
  });

  it('an unknown composer is NOT_FOUND', async () => {
    renderConnected(<ComposerVersionDiff composerId="no-such-composer" />, mockApi().client());
    expect((await screen.findByRole('alert')).dataset.code).toBe('NOT_FOUND');
    expect(screen.getByText('This composer does not exist or is not published.')).toBeTruthy();
  });

  it('a server error offers Retry, which recovers', async () => {
    const api = mockApi();
    api.db.faults.inject({ kind: 'server-error', times: 1 });
    renderConnected(<ComposerVersionDiff composerId={renewalCheck} />, api.client());
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(summary()).toMatch(/^Segments: /));
    await act(async () => undefined);
  });

  it.each(LOOKS)('has no axe violation and fits the screen in the $theme theme at $width px', async ({ theme, width }) => {
    await page.viewport(width, 800);
    renderConnected(
      <Themed theme={theme}>
        <ComposerVersionDiff composerId={renewalCheck} />
      </Themed>,
      mockApi().client(),
    );
    await waitFor(() => expect(summary()).toMatch(/^Segments: /));
    await expectAccessibleAndFitting();
  });
});
