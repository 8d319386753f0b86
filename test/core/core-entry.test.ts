// prompt-composer-react/core, the framework-free entry: the main entry's names (the same objects), and a
// worker bundle of it that holds no React, TanStack Query, DOMPurify or jsdom even with every module kept.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as core from 'prompt-composer-react/core';
import * as main from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

/** What a Worker's bundler (wrangler's esbuild) makes of `entry`, with tree-shaking off: every module kept. */
async function workerBundle(entry: string) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    treeShaking: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    external: ['node:*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  const inputs = Object.keys(result.metafile.inputs);
  return { minified: bytes.length, gzipped: gzipSync(bytes).length, inputs };
}

describe('prompt-composer-react/core', () => {
  it('exports the main entry’s client, cache, errors and templates, the same objects', () => {
    const names = Object.keys(core);
    expect(names).toEqual(expect.arrayContaining(['createPromptApiClient', 'createPromptCache', 'memoryStore', 'PromptApiError', 'isPromptApiError', 'parseRateLimit', 'interpolate', 'parseTemplate']));
    for (const name of names) expect(core[name as keyof typeof core], name).toBe(main[name as keyof typeof main]);
    expect(names).not.toContain('usePrompt');
    expect(names).not.toContain('PromptApiProvider');
  });

  it('a worker bundle of it, every module kept, holds no React, TanStack Query, DOMPurify, jsdom or UI', async () => {
    const worker = await workerBundle('src/core.ts');
    const forbidden = worker.inputs.filter((path) =>
      /node_modules\/(react|react-dom|scheduler|@tanstack|dompurify|jsdom|msw|diff)\/|src\/(query|components|sanitize|catalog|mocks|server|cli)\//.test(path),
    );
    expect(forbidden).toEqual([]);
    expect(worker.inputs.filter((path) => path.startsWith('src/')).length).toBeGreaterThan(20);
    // The main entry kept whole, for comparison: React and TanStack Query come with it.
    const whole = await workerBundle('src/index.ts');
    expect(whole.inputs.some((path) => /node_modules\/react\//.test(path))).toBe(true);
    console.log(
      `worker bundle, every module kept: the core entry ${worker.minified} B minified (${worker.gzipped} B gzip); ` +
        `the main entry ${whole.minified} B minified (${whole.gzipped} B gzip)`,
    );
  });
});
