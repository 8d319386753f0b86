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

  it("gives the exceeded message the banner's whole width but its icon's on a phone, its actions below it", async () => {
    const banner = await bannerAt(5_000, 340);
    expect(banner.dataset.state).toBe('exceeded');
    const box = (selector: string) => banner.querySelector(selector)!.getBoundingClientRect();
    const innerRight = banner.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(banner).paddingRight) - Number.parseFloat(getComputedStyle(banner).borderRightWidth);
    // From the title's start (beside the icon) to the banner's inner end: no column of buttons beside it.
    expect(box('.pcr-usage-banner__detail').left).toBeCloseTo(box('.pcr-usage-banner__title').left, 0);
    expect(box('.pcr-usage-banner__detail').right).toBeCloseTo(innerRight, 0);
    const upgrade = screen.getByRole('link', { name: /upgrade/i });
    expect(upgrade.getBoundingClientRect().top).toBeGreaterThan(box('.pcr-usage-banner__meter').bottom);
  });

  it('puts the actions beside the words on a wide screen', async () => {
    const banner = await bannerAt(5_000, 900);
    const upgrade = screen.getByRole('link', { name: /upgrade/i }).getBoundingClientRect();
    const detail = banner.querySelector('.pcr-usage-banner__detail')!.getBoundingClientRect();
    expect(upgrade.left).toBeGreaterThan(detail.right - 1);
  });

  it('makes Dismiss an icon button in the corner, named by the catalog, with the words under it on a phone', async () => {
    const banner = await bannerAt(4_800, 340);
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss.textContent).toBe('');
    expect(dismiss.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    const title = banner.querySelector('.pcr-usage-banner__title')!.getBoundingClientRect();
    const detail = banner.querySelector('.pcr-usage-banner__detail')!.getBoundingClientRect();
    const button = dismiss.getBoundingClientRect();
    // Beside the title, at the end of its line; the detail runs on under it.
    expect(button.left).toBeGreaterThanOrEqual(title.right - 1);
    expect(button.top).toBeLessThan(title.bottom);
    expect(detail.right).toBeGreaterThan(button.left);
  });

  it('styles the upgrade link as a button, the one to take', async () => {
    await bannerAt(4_800, 640);
    const upgrade = screen.getByRole('link', { name: /upgrade/i });
    expect(upgrade.dataset.variant).toBe('solid');
    expect(getComputedStyle(upgrade).textDecorationLine).toBe('none');
    expect(upgrade.getBoundingClientRect().height).toBeGreaterThanOrEqual(32);
  });
});
