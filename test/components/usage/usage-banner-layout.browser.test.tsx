/** The usage banner with the shipped stylesheet: three levels that look different, readable on a phone. */
import { screen } from '@testing-library/react';
import { UsageBanner } from 'prompt-composer-react';
import { FIXTURE_KEYS, UPGRADE_URL } from 'prompt-composer-react/mocks';
import { describe, expect, it } from 'vitest';
import '../../../src/styles.css';
import { mockApi, renderConnected, request, setupMockWorker } from '../connected-harness.tsx';
import { axeViolations } from '../presentational-fixtures.tsx';

setupMockWorker();

/** A banner over the Free key at `used` requests (the request that reports it counts too), `width` px wide. */
async function bannerAt(used: number, width = 640, theme: 'light' | 'dark' = 'light') {
  const api = mockApi();
  api.db.setUsage(FIXTURE_KEYS.free, used);
  const client = api.client(FIXTURE_KEYS.free);
  renderConnected(
    <div style={{ width }} data-theme={theme}>
      <UsageBanner locale="en-GB" timeZone="UTC" upgradeUrl={UPGRADE_URL} now={() => api.db.clock.now()} />
    </div>,
    client,
  );
  await request(client);
  return document.querySelector<HTMLElement>('.pcr-usage-banner')!;
}

describe('UsageBanner with the stylesheet', () => {
  it('paints warning, critical and exceeded in three different colours', async () => {
    const colours = [];
    for (const used of [4_000, 4_800, 5_000]) {
      const banner = await bannerAt(used);
      const style = getComputedStyle(banner);
      colours.push(`${style.backgroundColor} ${style.borderLeftColor}`);
      banner.parentElement?.parentElement?.remove();
    }
    expect(new Set(colours).size).toBe(3);
  });

  it.each(['light', 'dark'] as const)('keeps every level readable in the %s theme (WCAG AA contrast, axe)', async (theme) => {
    for (const used of [4_000, 4_800, 5_000]) {
      const banner = await bannerAt(used, 640, theme);
      expect(banner.dataset.state).not.toBe('none');
      expect(await axeViolations(banner)).toEqual([]);
      banner.parentElement?.parentElement?.remove();
    }
  });

  it("gives the exceeded message the banner's whole width on a phone", async () => {
    const banner = await bannerAt(5_000, 340);
    expect(banner.dataset.state).toBe('exceeded');
    const detail = banner.querySelector('.pcr-usage-banner__detail')!;
    const inner = banner.clientWidth - Number.parseFloat(getComputedStyle(banner).paddingLeft) - Number.parseFloat(getComputedStyle(banner).paddingRight);
    expect(detail.getBoundingClientRect().width).toBeGreaterThan(inner * 0.9);
    expect(screen.getByRole('link', { name: /upgrade/i })).toBeTruthy();
  });

  it('puts Dismiss under the text on a phone, not beside it', async () => {
    const banner = await bannerAt(4_800, 340);
    const detail = banner.querySelector('.pcr-usage-banner__detail')!;
    const dismiss = screen.getByRole('button', { name: /dismiss/i });
    expect(dismiss.getBoundingClientRect().top).toBeGreaterThan(detail.getBoundingClientRect().bottom - 1);
  });
});
