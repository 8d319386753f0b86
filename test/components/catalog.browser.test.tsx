import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  ApiErrorMessage,
  type CatalogOverride,
  ComposerPreview,
  CopyButton,
  englishCatalog,
  germanCatalog,
  type PromptApiClient,
  PromptApiProvider,
  PromptCard,
  PromptApiError,
  pseudoLocalize,
  UsageBanner,
} from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, request, setupMockWorker } from './connected-harness.tsx';
import { prompt } from './presentational-fixtures.tsx';

setupMockWorker();
afterEach(() => vi.restoreAllMocks());

const pseudo = pseudoLocalize(englishCatalog);

/** Renders `ui` under a QueryClient and a provider with `catalog`, as an app gives its language once. */
function renderWithCatalog(ui: ReactNode, client: PromptApiClient, catalog: CatalogOverride | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client} retry={false} catalog={catalog}>
        {ui}
      </PromptApiProvider>
    </QueryClientProvider>,
  );
}

describe('the catalog', () => {
  describe('given germanCatalog on the provider', () => {
    it('words every connected component in German, the cards inside them too', async () => {
      const api = mockApi();
      renderWithCatalog(<ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} />, api.client(), germanCatalog);
      expect(await screen.findByRole('group', { name: 'Variablen' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Composer-Vorschau' })).toBeTruthy();
      const card = screen.getAllByRole('article')[0] as HTMLElement;
      expect(within(card).getByText('Modell')).toBeTruthy();
      expect(within(card).getByText('Systemnachricht')).toBeTruthy();
      expect(within(card).getByRole('button', { name: /^Benutzernachricht kopieren, / })).toBeTruthy();
      expect(within(card).getByText(/^\d+ Variablen? nicht ausgefüllt: /)).toBeTruthy();
    });

    it('writes numbers and dates the German way', async () => {
      const api = mockApi();
      api.db.setUsage(FIXTURE_KEYS.free, 4_099);
      const client = api.client(FIXTURE_KEYS.free);
      renderWithCatalog(<UsageBanner timeZone="UTC" now={() => api.db.clock.now()} />, client, germanCatalog);
      await request(client);
      const banner = await screen.findByRole('status');
      // German writes a no-break space before the percent sign.
      expect(banner.textContent).toContain('Sie haben 82\u00a0% der Anfragen dieses Monats verbraucht');
      expect(banner.textContent).toContain('4.100 von 5.000 Anfragen verbraucht. Das Kontingent wird am 1. Dezember 2026 um 00:00 UTC zurückgesetzt.');
      expect(screen.getByRole('meter', { name: 'Verbrauchte Anfragen in diesem Monat' })).toBeTruthy();
    });

    it("takes a component's own catalog on top: the keys it gives, the provider's for the rest", async () => {
      const api = mockApi();
      const own: CatalogOverride = { preview: { title: { composer: 'Vorschau' } } };
      renderWithCatalog(<ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} catalog={own} />, api.client(), germanCatalog);
      expect(await screen.findByRole('group', { name: 'Variablen' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Vorschau' })).toBeTruthy();
    });
  });

  describe('given a partial catalog and no provider', () => {
    it('changes only its keys: the rest stays English', () => {
      render(<PromptCard prompt={prompt} values={{}} catalog={{ card: { model: 'Engine' } }} />);
      expect(screen.getByText('Engine')).toBeTruthy();
      expect(screen.getByText('Temperature')).toBeTruthy();
      expect(screen.getByText('3 variables to fill in: brand, customer.name, product')).toBeTruthy();
    });
  });

  describe('given the pseudo-locale, in the states an interaction reaches', () => {
    it('words the copy button after a copy and after a refusal', async () => {
      const api = mockApi();
      // After setup(), which puts a clipboard of its own on navigator.
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
      renderWithCatalog(<CopyButton text="Hello" labelContext="Greeting" />, api.client(), pseudo);
      const name = pseudo.copy.labelWithContext.replace('{label}', pseudo.copy.label).replace('{context}', 'Greeting');
      const button = screen.getByRole('button', { name });
      await user.click(button);
      expect(screen.getByRole('status').textContent).toBe(pseudo.copy.copied);
      await user.click(button);
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(pseudo.copy.failed));
      expect(writeText).toHaveBeenCalledTimes(2);
    });

    it('words Retrying…', () => {
      const error = new PromptApiError({ method: 'GET', path: '/prompts/x', status: 503, code: 'INTERNAL_ERROR', detail: 'Service unavailable' });
      render(<ApiErrorMessage error={error} onRetry={() => {}} retrying catalog={pseudo} />);
      expect(screen.getByRole('button').textContent).toBe(pseudo.errors.retrying);
      expect(screen.getByRole('alert').textContent).not.toMatch(/Server error|Retry|Details/);
    });

    it("words the banner's notes after Check again: not reached, then through without a count", async () => {
      const api = mockApi();
      const client = api.client(FIXTURE_KEYS.exhausted);
      renderWithCatalog(<UsageBanner timeZone="UTC" now={() => api.db.clock.now()} />, client, pseudo);
      await request(client);
      const user = userEvent.setup();
      api.worker.use(http.get(`${DEFAULT_BASE_URL}/prompts`, () => HttpResponse.error(), { once: true }));
      await user.click(await screen.findByRole('button', { name: pseudo.usage.checkAgain }));
      expect(await screen.findByText(pseudo.usage.unreached)).toBeTruthy();
      api.db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5_000 });
      api.worker.use(http.get(`${DEFAULT_BASE_URL}/prompts`, () => HttpResponse.json([]), { once: true }));
      await user.click(screen.getByRole('button', { name: pseudo.usage.checkAgain }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(pseudo.usage.unreported));
    });
  });
});
