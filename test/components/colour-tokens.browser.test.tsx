/**
 * Every colour of the stylesheet on the surface it was made for, in both themes. axe's colour-contrast rule
 * (run on every story, light and dark) sees only what a story shows and only the contrast; this sees the
 * tokens themselves and the states no story holds still (a copy that failed, a note that turned to alert, an
 * error's technical message opened), and the meaning: a token made for text on a tinted background (the
 * marks' `--pcr-mark-missing-fg`, nearly white in dark) used on a neutral card passes a contrast check and
 * still says the wrong thing. The pairs are the stylesheet's own rule (its header):
 * - the neutral text tokens on `--pcr-bg` and `--pcr-surface`;
 * - each other `--pcr-<name>-fg` on its own `--pcr-<name>-bg`, `--pcr-accent-fg` on `--pcr-accent`, and
 *   `--pcr-bg` on `--pcr-fg` (the solid button).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ApiErrorMessage, ComposerPreview, ComposerView, type Prompt, PromptApiError, PromptCard, PromptDiff, UsageBanner } from 'prompt-composer-react';
import { FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import stylesheet from '../../src/styles.css?raw';
import '../../src/styles.css';
import { mockApi, renderConnected, request, setupMockWorker } from './connected-harness.tsx';
import { composerOf, prompt, settle } from './presentational-fixtures.tsx';

setupMockWorker();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Text on the neutral surfaces. */
const NEUTRAL_TEXT = ['--pcr-fg', '--pcr-muted', '--pcr-accent', '--pcr-success-fg', '--pcr-danger-text'];
const NEUTRAL_SURFACES = ['--pcr-bg', '--pcr-surface'];

/** Every colour token of the light palette, by name (the dark palettes set the same names). */
const TOKENS = [...(/:root,\s*\[data-theme='light'\]\s*\{([^}]*)\}/.exec(stylesheet)?.[1] ?? '').matchAll(/(--pcr-[a-z-]+):\s*#[0-9a-f]{3,8};/g)].map((match) => match[1] as string);

/** The surfaces a text token is made for, by the stylesheet's rule. */
function surfacesOf(token: string): string[] {
  if (NEUTRAL_TEXT.includes(token)) return NEUTRAL_SURFACES;
  if (token === '--pcr-accent-fg') return ['--pcr-accent'];
  if (token === '--pcr-bg') return ['--pcr-fg'];
  const own = token.replace(/-fg$/, '-bg');
  return token.endsWith('-fg') && TOKENS.includes(own) ? [own] : [];
}

/** Every text token with the surfaces it is made for. */
const TEXT_PAIRS = TOKENS.flatMap((token) => surfacesOf(token).map((surface) => [token, surface] as const));

type Rgba = [number, number, number, number];

/** A computed colour as four numbers (0 to 255, alpha 0 to 1): `rgb()`, `rgba()` or `color(srgb ...)` as Chromium writes `color-mix()`. */
function parse(colour: string): Rgba {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(colour);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
  const numbers = colour.match(/[\d.]+/g)?.map(Number) ?? [];
  return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0, numbers[3] ?? 1];
}

/** `top` painted over the opaque `bottom`. */
function over([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba {
  return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
}

/** WCAG's contrast ratio of two opaque colours. */
function contrast(first: Rgba, second: Rgba): number {
  const luminance = ([r, g, b]: Rgba) =>
    [r, g, b].map((channel) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }).reduce((sum, value, index) => sum + value * [0.2126, 0.7152, 0.0722][index]!, 0);
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Each token's colour in `theme`, as getComputedStyle writes it. */
function resolveTokens(theme: Theme): Map<string, string> {
  const probe = document.body.appendChild(document.createElement('span'));
  probe.dataset.theme = theme;
  const values = new Map<string, string>();
  for (const token of TOKENS) {
    probe.style.color = `var(${token})`;
    values.set(token, getComputedStyle(probe).color);
  }
  probe.remove();
  return values;
}

/** The tokens whose colour `colour` is, in `values`. */
const tokensOf = (colour: string, values: Map<string, string>) => [...values].filter(([, value]) => value === colour).map(([token]) => token);

describe.each(THEMES)('colour tokens, %s theme', (theme) => {
  it.each(TEXT_PAIRS)('%s on %s reads at 4.5:1 or more', (text, surface) => {
    const values = resolveTokens(theme);
    expect(contrast(parse(values.get(text)!), parse(values.get(surface)!))).toBeGreaterThanOrEqual(4.5);
  });

  it("draws the focus ring and a card's alert bar at 3:1 or more on the neutral surfaces", () => {
    const values = resolveTokens(theme);
    for (const mark of ['--pcr-focus', '--pcr-mark-missing-border']) {
      for (const surface of NEUTRAL_SURFACES) expect(contrast(parse(values.get(mark)!), parse(values.get(surface)!)), `${mark} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
  });
});

/**
 * What each piece of text under `root` is painted in and on: its colour's tokens, the token of the first
 * opaque background behind it, and the contrast with what is behind it (see-through tints laid over it).
 */
function textOn(root: Element, values: Map<string, string>) {
  const found: Array<{ text: string; colours: string[]; surface: string[]; ratio: number; large: boolean }> = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !node.textContent?.trim() || !element.checkVisibility()) continue;
    const style = getComputedStyle(element);
    const tints: Rgba[] = [];
    let surface: Rgba = [255, 255, 255, 1];
    let surfaceColour = '';
    for (let at: Element | null = element; at; at = at.parentElement) {
      const background = getComputedStyle(at).backgroundColor;
      const colour = parse(background);
      if (colour[3] === 0) continue;
      if (colour[3] < 1) tints.push(colour);
      else {
        surface = colour;
        surfaceColour = background;
        break;
      }
    }
    const behind = tints.reduceRight((below, tint) => over(tint, below), surface);
    const size = Number.parseFloat(style.fontSize);
    found.push({
      text: node.textContent.trim().slice(0, 40),
      colours: tokensOf(style.color, values),
      surface: tokensOf(surfaceColour, values),
      ratio: contrast(over(parse(style.color), behind), behind),
      large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
    });
  }
  return found;
}

/** The text under `root` in a colour not made for its surface, or below AA contrast, in words. */
function misfits(root: Element, theme: Theme): string[] {
  const values = resolveTokens(theme);
  return textOn(root, values).flatMap(({ text, colours, surface, ratio, large }) => {
    const problems: string[] = [];
    if (!colours.some((token) => surfacesOf(token).some((made) => surface.includes(made)))) problems.push(`"${text}": ${colours.join(' or ') || 'no token'} on ${surface.join(' or ') || 'no token'}`);
    if (ratio < (large ? 3 : 4.5)) problems.push(`"${text}": contrast ${ratio.toFixed(2)}`);
    return problems;
  });
}

/** Renders `ui` on a page of `theme`, as an app's page would paint it. */
function Themed({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <main data-theme={theme} style={{ background: 'var(--pcr-bg)', color: 'var(--pcr-fg)', width: 640 }}>
      {children}
    </main>
  );
}

const failure = (code: string, status: number, path = '/prompts/welcome-email') =>
  new PromptApiError({ method: 'GET', path, status, code, detail: code, usage: { used: 5_000, limit: 5_000 }, upgradeUrl: '/billing' });

describe.each(THEMES)('every text in its place, %s theme', (theme) => {
  it('in prompt cards: filled, unfilled quietly, unfilled as an alert, and a static segment with a link', async () => {
    render(
      <Themed theme={theme}>
        <ComposerView composer={composerOf([{ type: 'static', content: '<h2>Step</h2><p>See <a href="/guide">the guide</a>.</p><ul><li>One</li></ul>' }])} />
        <PromptCard prompt={prompt} values={{ brand: 'Lumen', customer: { name: 'Ada' }, product: 'Pro' }} />
        <PromptCard prompt={prompt} />
        <PromptCard prompt={prompt} flagMissing />
      </Themed>,
    );
    await settle();
    expect(misfits(document.body, theme)).toEqual([]);
  });

  it('in the copy states: copied, copied with unfilled placeholders (an alert), and failed', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <Themed theme={theme}>
        <PromptCard prompt={prompt} values={{ brand: 'Lumen', customer: { name: 'Ada' }, product: 'Pro' }} />
        <PromptCard prompt={{ ...prompt, promptName: 'Unfilled' }} />
      </Themed>,
    );
    const [complete, unfilled] = screen.getAllByRole('button', { name: /Copy user message/ });
    await userEvent.click(complete!);
    await userEvent.click(unfilled!);
    // The pointer away: a hovered button is a mix of two tokens, as hover states are.
    await userEvent.unhover(unfilled!);
    await vi.waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Copied', expect.stringMatching(/Copied with/)]));
    expect(misfits(document.body, theme)).toEqual([]);
    writeText.mockRejectedValue(new Error('denied'));
    await userEvent.click(complete!);
    await userEvent.unhover(complete!);
    await vi.waitFor(() => expect(screen.getAllByRole('status')[0]?.textContent).toMatch(/^Could not copy/));
    expect(misfits(document.body, theme)).toEqual([]);
  });

  it("in a line diff: each changed word's background at 3:1 or more against its line, and its text at 4.5:1 on it", () => {
    const before: Prompt = { ...(prompt as Prompt), userMessage: 'Summarize version 2.0.0 for the team.' };
    const after: Prompt = { ...before, version: '9.9.9', userMessage: 'Summarize version 1.0.0 for the team.' };
    render(
      <Themed theme={theme}>
        <PromptDiff before={before} after={after} />
      </Themed>,
    );
    const words = [...document.querySelectorAll('[data-message="user"] :is(del, ins) mark')];
    expect(words.map((word) => word.textContent)).toEqual(['2', '1']);
    for (const word of words) {
      const line = word.closest('del, ins')!;
      const mark = parse(getComputedStyle(word).backgroundColor);
      expect(contrast(mark, parse(getComputedStyle(line).backgroundColor)), `${line.tagName} mark against its line`).toBeGreaterThanOrEqual(3);
      expect(contrast(parse(getComputedStyle(word).color), mark), `${line.tagName} mark's text`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('in the error callouts, their actions and their opened details', async () => {
    render(
      <Themed theme={theme}>
        <ApiErrorMessage error={failure('NOT_FOUND', 404)} />
        <ApiErrorMessage error={failure('USAGE_LIMIT_EXCEEDED', 429)} />
        <ApiErrorMessage error={failure('INTERNAL_ERROR', 500)} onRetry={() => undefined} />
      </Themed>,
    );
    for (const summary of screen.getAllByText('Details')) await userEvent.click(summary);
    expect(misfits(document.body, theme)).toEqual([]);
  });

  it('in a preview: loading, then the variables panel beside the cards', async () => {
    renderConnected(
      <Themed theme={theme}>
        <ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} initialValues={{ 'customer.name': 'Ada' }} />
      </Themed>,
      mockApi(undefined, { latency: 300 }).client(),
    );
    expect(screen.getByRole('status').textContent).toBe('Loading composer…');
    expect(misfits(document.body, theme)).toEqual([]);
    await screen.findByRole('heading', { name: 'Onboarding flow' });
    await settle();
    expect(misfits(document.body, theme)).toEqual([]);
  });

  it.each([4_000, 4_800, 5_000])('in the usage banner at %i of 5,000 requests', async (used) => {
    const api = mockApi();
    api.db.setUsage(FIXTURE_KEYS.free, used);
    const client = api.client(FIXTURE_KEYS.free);
    renderConnected(
      <Themed theme={theme}>
        <UsageBanner timeZone="UTC" upgradeUrl="/billing" now={() => api.db.clock.now()} />
      </Themed>,
      client,
    );
    await request(client);
    expect(document.querySelector('.pcr-usage-banner')).not.toBeNull();
    expect(misfits(document.body, theme)).toEqual([]);
  });
});
