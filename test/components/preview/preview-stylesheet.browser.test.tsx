/**
 * The connected previews with the shipped stylesheet: on a wide screen the variables form stays in view
 * beside the preview; on a phone (one column) it scrolls away above it instead of covering its text.
 */
import { screen } from '@testing-library/react';
import { ComposerPreview } from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/styles.css';
import { mockApi, renderConnected, setupMockWorker } from '../connected-harness.tsx';

setupMockWorker();

afterEach(async () => {
  await page.viewport(414, 896);
});

async function renderAt(width: number) {
  await page.viewport(width, 640);
  renderConnected(<ComposerPreview composerId={FIXTURE_IDS.composers.onboardingFlow} />, mockApi().client());
  await screen.findByRole('heading', { name: 'Onboarding flow' });
  return screen.getByRole('group', { name: 'Variables' }).closest('.pcr-preview__form')!;
}

describe('ComposerPreview with the stylesheet', () => {
  it('keeps the form beside the preview in view on a wide screen', async () => {
    const form = await renderAt(1280);
    expect(getComputedStyle(form).position).toBe('sticky');
  });

  it('lets the form scroll away above the preview on a phone, so it never covers the preview text', async () => {
    const form = await renderAt(360);
    expect(getComputedStyle(form).position).toBe('static');
    const preview = document.querySelector('.pcr-preview__output')!;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const formBox = form.getBoundingClientRect();
    const previewBox = preview.getBoundingClientRect();
    // Scrolled to the end, the form is still above the preview, not over it.
    expect(formBox.bottom).toBeLessThanOrEqual(previewBox.top);
  });
});
