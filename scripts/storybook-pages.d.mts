import type { Browser, Page } from 'playwright-core';

export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function launchChromium(): Promise<Browser>;
export function serveDirectory(directory: string): Promise<{ url: string; close: () => Promise<void> }>;
export function waitForStorybookPage(page: Page, viewMode: 'story' | 'docs', timeout?: number): Promise<void>;
export function sizeViewportToPage(page: Page): Promise<number>;
