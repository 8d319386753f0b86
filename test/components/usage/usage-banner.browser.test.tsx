import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UsageBanner, type UsageBannerProps, usePrompt } from 'prompt-composer-react';
import { DEFAULT_BASE_URL, FIXTURE_KEYS, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { expectNoAxeViolations, mockApi, renderConnected, request, setupMockWorker } from '../connected-harness.tsx';

setupMockWorker();

const key = FIXTURE_KEYS.free;
const props: UsageBannerProps = { locale: 'en-GB', timeZone: 'UTC' };

/** A banner over a free key that has used `used` requests before the next one (which counts too). */
async function bannerAt(used: number, extra: UsageBannerProps = {}) {
  const api = mockApi();
  api.db.setUsage(key, used);
  const client = api.client(key);
  // The banner reads the mock clock, so the reset date stays ahead of "now" whatever the real date.
  const now = () => api.db.clock.now();
  const view = renderConnected(<UsageBanner {...props} now={now} {...extra} />, client);
  await request(client);
  /** Sets the usage, then sends one request so the banner hears about it. */
  const usageBecomes = async (next: number) => {
    api.db.setUsage(key, next - 1);
    await request(client);
  };
  return { ...api, client, view, usageBecomes };
}

const banner = () => document.querySelector<HTMLElement>('.pcr-usage-banner');
const UNSAFE_URLS = ['javascript:alert(document.domain)', ' JaVaScRiPt:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>'];

/** Answers every prompt request with a 429 whose body names `upgradeUrl`. */
function answer429With(worker: ReturnType<typeof mockApi>['worker'], upgradeUrl: string) {
  const body = { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5_000, limit: 5_000 }, upgradeUrl };
  const headers = { 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Date.UTC(2026, 11, 1) / 1000) };
  worker.use(http.get(`${DEFAULT_BASE_URL}/prompts/:promptId`, () => HttpResponse.json(body, { status: 429, headers })));
}
const meter = () => screen.getByRole('meter', { name: 'Requests used this month' }) as HTMLMeterElement;

describe('UsageBanner', () => {
  describe('given no response yet', () => {
    it('renders only its empty status region, ready to be filled', () => {
      const api = mockApi();
      renderConnected(<UsageBanner />, api.client());
      const region = screen.getByRole('status');
      expect(region.textContent).toBe('');
      expect(region.dataset.state).toBe('none');
      expect(banner()).toBeNull();
    });
  });

  describe('when a warning arrives', () => {
    it('fills the status region that was already mounted (screen readers miss filled insertions)', async () => {
      const api = mockApi();
      api.db.setUsage(key, 3_999);
      const client = api.client(key);
      renderConnected(<UsageBanner {...props} now={() => api.db.clock.now()} />, client);
      const region = screen.getByRole('status');
      await request(client);
      expect(screen.getByRole('status')).toBe(region);
      expect(region.dataset.state).toBe('warning');
      expect(region.textContent).toContain("You have used 80% of this month's requests");
    });
  });

  describe('given usage below the warning threshold', () => {
    it('renders nothing', async () => {
      await bannerAt(3_998); // 3,999 of 5,000: just under 80 %
      expect(banner()).toBeNull();
      expect(screen.getByRole('status').textContent).toBe('');
    });
  });

  describe('given 80 % used (the default warning threshold)', () => {
    it('shows a dismissible warning with role status, data-state and a meter of used/limit', async () => {
      await bannerAt(3_999);
      const status = screen.getByRole('status');
      expect(status.dataset.state).toBe('warning');
      expect(status.textContent).toContain("You have used 80% of this month's requests");
      expect(status.textContent).toContain('4,000 of 5,000 requests used. The quota resets on 1 December 2026 at 00:00 UTC.');
      expect([meter().value, meter().max]).toEqual([4_000, 5_000]);
      expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
      await expectNoAxeViolations();
    });
  });

  describe('given 95 % used (the default critical threshold)', () => {
    it('shows only the critical banner, with the upgrade link', async () => {
      await bannerAt(4_749, { upgradeUrl: '/billing' });
      const status = screen.getByRole('status');
      expect(status.dataset.state).toBe('critical');
      expect(screen.getAllByRole('status')).toHaveLength(1);
      expect(status.textContent).toContain('Almost out of requests this month');
      expect(status.textContent).toContain('Only 250 of 5,000 requests left.');
      expect(status.textContent).not.toContain('You have used');
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/billing');
      await expectNoAxeViolations();
    });
  });

  describe('given custom thresholds (50 % and 70 %)', () => {
    const thresholds = { warningAt: 0.5, criticalAt: 0.7 };
    it('stays hidden below 50 %, warns from 50 % and turns critical from 70 %', async () => {
      const { usageBecomes } = await bannerAt(2_000, thresholds);
      expect(banner()).toBeNull();
      await usageBecomes(2_500);
      expect(screen.getByRole('status').dataset.state).toBe('warning');
      await usageBecomes(3_500);
      expect(screen.getByRole('status').dataset.state).toBe('critical');
      expect(meter().high).toBeCloseTo(3_500);
    });
  });

  describe('given 0 requests remaining', () => {
    it('shows the exceeded hard stop as an alert, with the reset date and the fallback upgrade link, not dismissible', async () => {
      await bannerAt(4_999, { upgradeUrl: '/billing' });
      const alert = screen.getByRole('alert');
      expect(alert.dataset.state).toBe('exceeded');
      expect(screen.getByRole('status').textContent).toBe('');
      expect(alert.textContent).toContain("This month's requests are used up");
      expect(alert.textContent).toContain('Requests are paused until 1 December 2026 at 00:00 UTC (5,000 of 5,000 used).');
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/billing');
      expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
      await expectNoAxeViolations();
    });
  });

  describe('given a 429 from the service', () => {
    it('shows the exceeded state with the upgrade link from the response body', async () => {
      const api = mockApi();
      const client = api.client(FIXTURE_KEYS.exhausted);
      renderConnected(<UsageBanner {...props} upgradeUrl="/fallback" />, client);
      await request(client);
      expect(screen.getByRole('alert').dataset.state).toBe('exceeded');
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(UPGRADE_URL);
    });
  });

  describe('given the exceeded state after a 429', () => {
    /** A banner over the exhausted key, its 429 received, and the requests that reach the mock API. */
    async function exceededBanner(extra: UsageBannerProps = {}) {
      const api = mockApi();
      const sent: string[] = [];
      api.worker.events.on('request:start', ({ request }) => void sent.push(`GET ${new URL(request.url).pathname}`));
      onTestFinished(() => api.worker.events.removeAllListeners());
      const client = api.client(FIXTURE_KEYS.exhausted);
      renderConnected(<UsageBanner {...props} now={() => api.db.clock.now()} {...extra} />, client);
      await request(client);
      expect(screen.getByRole('alert').dataset.state).toBe('exceeded');
      // The quota guard refuses the next request without sending it.
      await request(client);
      expect(sent).toEqual(['GET /prompts/welcome-email']);
      return { ...api, client, sent };
    }

    describe('when the plan was upgraded and the user presses Check again', () => {
      it('sends one request, shows what it reports (no banner), and keeps focus in the banner region', async () => {
        const { db, client, sent } = await exceededBanner();
        db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5_000 });
        await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
        expect(sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts']);
        expect(client.usage.getSnapshot()).toMatchObject({ limit: 50_000, used: 5_001, exceeded: false });
        expect(document.activeElement).toBe(screen.getByRole('status'));
        // The guard is off: the app's next request is sent.
        await request(client);
        expect(sent).toHaveLength(3);
        await expectNoAxeViolations();
      });
    });

    describe('when the plan was upgraded, with prompt views that failed on the quota', () => {
      it('the views show their prompts again from the list the check fetched, with no other request', async () => {
        const api = mockApi();
        const sent: string[] = [];
        api.worker.events.on('request:start', ({ request }) => void sent.push(`GET ${new URL(request.url).pathname}${new URL(request.url).search}`));
        onTestFinished(() => api.worker.events.removeAllListeners());
        const client = api.client(FIXTURE_KEYS.exhausted);
        function PromptName({ id, version }: { id: string; version?: string }) {
          const { data, error } = usePrompt(id, { version });
          return <p>{data ? `${data.promptName} ${data.version}` : error ? `${id}: ${error.code}` : `loading ${id}`}</p>;
        }
        renderConnected(
          <>
            <UsageBanner {...props} now={() => api.db.clock.now()} />
            <PromptName id="welcome-email" />
            <PromptName id="welcome-email" version="1.0.0" />
          </>,
          client,
        );
        expect(await screen.findByText('welcome-email: USAGE_LIMIT_EXCEEDED')).toBeTruthy();
        api.db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5_000 });
        sent.length = 0;
        await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
        expect(await screen.findByText('Welcome email 2.0.0')).toBeTruthy();
        // The pinned 1.0.0 is not in the list: it stays as it was until its own next fetch.
        await waitFor(() => expect(sent).toEqual(['GET /prompts']));
      });
    });

    describe('when the quota is still spent and the user presses Check again', () => {
      it('sends one request (a 429), keeps the alert on screen throughout, and offers the check again', async () => {
        const { sent } = await exceededBanner();
        const alert = screen.getByRole('alert');
        const user = userEvent.setup();
        await user.click(screen.getByRole('button', { name: 'Check again' }));
        await waitFor(() => expect(sent).toHaveLength(2));
        await screen.findByRole('button', { name: 'Check again' });
        expect(screen.getByRole('alert')).toBe(alert);
        expect(alert.textContent).toContain('Requests are paused until 1 December 2026 at 00:00');
        expect(sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts']);
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check again' }));
      });
    });

    // A proxy that drops the X-RateLimit-* headers, or CORS without Access-Control-Expose-Headers.
    describe('when the plan was upgraded and a 200 answers without rate-limit headers', () => {
      it('clears the alert and says what is known, until a response reports the usage', async () => {
        const { worker, db, client, sent } = await exceededBanner();
        db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5_000 });
        worker.use(http.get(`${DEFAULT_BASE_URL}/prompts`, () => HttpResponse.json([]), { once: true }));
        await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
        expect(sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts']);
        const region = screen.getByRole('status');
        expect(region.textContent).toBe('Requests go through again. The service did not say how many are left.');
        expect(document.body.textContent).not.toContain('Could not reach the service');
        expect(document.activeElement).toBe(region);
        await expectNoAxeViolations();

        // The guard is off: the app's next request is sent, and its headers report the new plan.
        await request(client);
        expect(sent).toHaveLength(3);
        expect(client.usage.getSnapshot()).toMatchObject({ limit: 50_000, exceeded: false });
        expect(screen.getByRole('status').textContent).toBe('');
      });
    });

    describe('when the check brings back no usage', () => {
      const NO_USAGE = {
        'a network error': () => HttpResponse.error(),
        'a 502 page from a proxy, without rate-limit headers': () => new HttpResponse('<h1>Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      };
      it.each(Object.keys(NO_USAGE) as (keyof typeof NO_USAGE)[])(
        '(%s) keeps the alert as it was, says the service could not be reached, and Check again still works',
        async (answer) => {
          const { worker, db, client, sent } = await exceededBanner();
          worker.use(http.get(`${DEFAULT_BASE_URL}/prompts`, NO_USAGE[answer], { once: true }));
          const alert = screen.getByRole('alert');
          const user = userEvent.setup();
          await user.click(screen.getByRole('button', { name: 'Check again' }));
          await screen.findByText('Could not reach the service to check. Try again in a moment.');
          expect(sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts']);
          expect(screen.getByRole('alert')).toBe(alert);
          expect(alert.textContent).toContain('Requests are paused until 1 December 2026 at 00:00 UTC (5,000 of 5,000 used).');
          const button = screen.getByRole('button', { name: 'Check again' });
          expect(button.getAttribute('aria-disabled')).toBe('false');
          expect(document.activeElement).toBe(button);
          await expectNoAxeViolations();

          db.addKey({ key: FIXTURE_KEYS.exhausted, plan: 'pro', used: 5_000 });
          await user.click(button);
          await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
          expect(sent).toEqual(['GET /prompts/welcome-email', 'GET /prompts', 'GET /prompts']);
          expect(client.usage.getSnapshot()).toMatchObject({ limit: 50_000, used: 5_001, exceeded: false });
          expect(document.activeElement).toBe(screen.getByRole('status'));
        },
      );

      it('drops the message once a response reports the usage again', async () => {
        const { worker, client } = await exceededBanner();
        worker.use(http.get(`${DEFAULT_BASE_URL}/prompts`, () => HttpResponse.error(), { once: true }));
        await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
        await screen.findByText(/Could not reach the service/);
        // The guard is off after the check: the app's next request is sent, and its 429 reports the usage.
        await request(client);
        expect(client.usage.getSnapshot()).toMatchObject({ exceeded: true });
        expect(screen.getByRole('alert').textContent).not.toContain('Could not reach the service');
        expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
      });
    });

    describe('given checkAgain={false}', () => {
      it('has no Check again button', async () => {
        await exceededBanner({ checkAgain: false });
        expect(screen.queryByRole('button')).toBeNull();
      });
    });
  });

  describe('given an upgrade link that is not http(s) or relative', () => {
    it.each(UNSAFE_URLS)('drops the link from the props (%s), and keeps the message', async (url) => {
      await bannerAt(4_999, { upgradeUrl: url });
      expect(screen.getByRole('alert').textContent).toContain('Requests are paused until 1 December 2026 at 00:00');
      expect(screen.queryByRole('link')).toBeNull();
      expect(document.body.querySelector('[href]')).toBeNull();
    });

    it.each(UNSAFE_URLS)('drops the link from a 429 body (%s), falling back to the safe prop', async (url) => {
      const api = mockApi();
      answer429With(api.worker, url);
      const client = api.client(key);
      const view = renderConnected(<UsageBanner {...props} now={() => api.db.clock.now()} />, client);
      await request(client);
      expect(screen.getByRole('alert').textContent).toContain("This month's requests are used up");
      expect(screen.queryByRole('link')).toBeNull();
      view.rerender(<UsageBanner {...props} now={() => api.db.clock.now()} upgradeUrl="/billing" />);
      expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/billing');
    });
  });

  describe('given a stored dismissal of the exceeded level (an edited or foreign value)', () => {
    it('still shows the exceeded hard stop', async () => {
      localStorage.setItem('pcr-test-usage', JSON.stringify({ level: 'exceeded', reset: Date.UTC(2026, 11, 1) }));
      await bannerAt(4_999, { storageKey: 'pcr-test-usage' });
      expect(screen.getByRole('alert').dataset.state).toBe('exceeded');
    });
  });

  describe('given the exceeded state when the reset time passes', () => {
    it('hides the stale snapshot on its own, and shows the next response', async () => {
      const reset = Date.UTC(2026, 11, 1);
      // A clock 150 ms before the reset, running in real time.
      const offset = reset - 150 - Date.now();
      const { db, usageBecomes } = await bannerAt(4_999, { now: () => Date.now() + offset });
      expect(screen.getByRole('alert').textContent).toContain('Requests are paused until 1 December 2026');
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 2_000 });
      expect(banner()).toBeNull();
      db.clock.set('2026-12-10T12:00:00Z');
      await usageBecomes(5_000);
      expect(screen.getByRole('alert').textContent).toContain('Requests are paused until 1 January 2027');
    });
  });

  describe('given a locale and a time zone', () => {
    it.each([
      ['de-DE', 'UTC', '1. Dezember 2026'],
      ['en-US', 'America/New_York', 'November 30, 2026'],
    ])('formats the reset date for %s in %s', async (locale, timeZone, expected) => {
      await bannerAt(4_999, { locale, timeZone });
      expect(screen.getByRole('alert').textContent).toContain(expected);
    });
  });

  describe('given a warning', () => {
    describe('when the user dismisses it with Tab and Enter', () => {
      async function dismissedWarning(extra: UsageBannerProps = {}) {
        const onDismiss = vi.fn();
        const setup = await bannerAt(3_999, { onDismiss, ...extra });
        const user = userEvent.setup();
        await user.tab();
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }));
        await user.keyboard('{Enter}');
        expect(onDismiss).toHaveBeenCalledWith('warning');
        expect(banner()).toBeNull();
        return setup;
      }

      it('moves focus to the emptied status region, not to <body>', async () => {
        await dismissedWarning();
        const region = screen.getByRole('status');
        expect(document.activeElement).toBe(region);
        expect(region.textContent).toBe('');
        await expectNoAxeViolations();
      });

      it('stays hidden while usage grows within the warning level', async () => {
        const { usageBecomes } = await dismissedWarning();
        await usageBecomes(4_500);
        expect(banner()).toBeNull();
      });

      it('comes back at a higher level: critical, then exceeded', async () => {
        const { usageBecomes } = await dismissedWarning();
        await usageBecomes(4_800);
        expect(screen.getByRole('status').dataset.state).toBe('critical');
        await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
        expect(banner()).toBeNull();
        await usageBecomes(5_000);
        expect(screen.getByRole('alert').dataset.state).toBe('exceeded');
      });

      it('comes back in the next period at the same level', async () => {
        const { db, usageBecomes } = await dismissedWarning();
        db.clock.set('2026-12-10T12:00:00Z');
        await usageBecomes(4_100);
        expect(screen.getByRole('status').dataset.state).toBe('warning');
        expect(screen.getByRole('status').textContent).toContain('resets on 1 January 2027');
      });

      it('with a storageKey, stays dismissed after a remount (a reload)', async () => {
        const { client, view } = await dismissedWarning({ storageKey: 'pcr-test-usage' });
        expect(JSON.parse(localStorage.getItem('pcr-test-usage') ?? 'null')).toEqual({ level: 'warning', reset: Date.UTC(2026, 11, 1) });
        view.unmount();
        renderConnected(<UsageBanner {...props} storageKey="pcr-test-usage" />, client);
        expect(banner()).toBeNull();
        renderConnected(<UsageBanner {...props} />, client);
        expect(banner()?.dataset.state).toBe('warning');
      });

      it("with storage 'session', remembers it in sessionStorage", async () => {
        await dismissedWarning({ storageKey: 'pcr-test-usage', storage: 'session' });
        expect(sessionStorage.getItem('pcr-test-usage')).toContain('"warning"');
        expect(localStorage.getItem('pcr-test-usage')).toBeNull();
      });
    });
  });

  describe('given dismissible={false}', () => {
    it('has no Dismiss button', async () => {
      await bannerAt(3_999, { dismissible: false });
      expect(screen.getByRole('status').dataset.state).toBe('warning');
      expect(screen.queryByRole('button')).toBeNull();
    });
  });
});
