import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/contributing/architecture.md are lint rules (eslint.config.js): an import that points up or
 * across a boundary fails `npm run lint`. Each case lints one line as if it stood in a file of src/.
 */
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // The first lint loads the parser and every plugin: seconds on a busy machine, outside any one case's time.
  await eslint.lintText('export {};\n', { filePath: 'src/api/example.ts' });
}, 60_000);

async function restricted(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport const value = imported;\n`, { filePath });
  return (result?.messages ?? []).some((message) => message.ruleId === 'no-restricted-imports');
}

const refused: ReadonlyArray<[string, string, string]> = [
  ['sanitize/ imports no React', 'src/sanitize/example.ts', "import { useState as imported } from 'react';"],
  ['sanitize/ imports nothing of api/', 'src/sanitize/example.ts', "import { request as imported } from '../api/request.ts';"],
  ['api/ imports no DOMPurify', 'src/api/example.ts', "import imported from 'dompurify';"],
  ['api/ imports nothing of Node', 'src/api/example.ts', "import { createServer as imported } from 'node:http';"],
  ['template/ imports no React', 'src/template/example.ts', "import { useMemo as imported } from 'react';"],
  ['query/ imports no components', 'src/query/example.ts', "import { PromptCard as imported } from '../components/composer/PromptCard.tsx';"],
  ['components/ import no mocks', 'src/components/usage/example.ts', "import { createMockDb as imported } from '../../mocks/db.ts';"],
  ['components/ import no msw', 'src/components/preview/example.ts', "import { http as imported } from 'msw';"],
  ['components/ import nothing of server/', 'src/components/composer/example.ts', "import { installServerSanitizer as imported } from '../../server/sanitizer.ts';"],
  ['the main entry does not re-export server/', 'src/index.ts', "import { createPromptApiHandler as imported } from './server/index.ts';"],
  ['the handler and the stores import no sanitizer', 'src/server/example.ts', "import { sanitizeHtml as imported } from '../sanitize/sanitizer.ts';"],
  ['the handler and the stores import no jsdom', 'src/server/example.ts', "import { JSDOM as imported } from 'jsdom';"],
  ['server/ has no static node: import (Workers and Edge refuse it)', 'src/server/example.ts', "import { createHash as imported } from 'node:crypto';"],
  ['the server sanitizer entry has no static node: import either', 'src/server/sanitizer.ts', "import { createRequire as imported } from 'node:module';"],
  ['the framework-free entry exports no React', 'src/core.ts', "export { usePrompt as imported } from './query/usePrompt.ts';"],
  ['the framework-free entry exports no sanitizer', 'src/core.ts', "export { sanitizeHtml as imported } from './sanitize/sanitizer.ts';"],
  ['mocks/ import no React', 'src/mocks/example.ts', "import { useState as imported } from 'react';"],
  ['server/ imports no components', 'src/server/example.ts', "import { StaticSegment as imported } from '../components/composer/StaticSegment.tsx';"],
  ['catalog/ imports no React', 'src/catalog/example.ts', "import { useMemo as imported } from 'react';"],
  ['catalog/ imports nothing of api/', 'src/catalog/example.ts', "import type { Prompt as imported } from '../api/types.ts';"],
  ['api/ imports nothing of catalog/', 'src/api/example.ts', "import { englishCatalog as imported } from '../catalog/english.ts';"],
  ['query/ bundles no word of the catalog', 'src/query/example.ts', "import { englishCatalog as imported } from '../catalog/english.ts';"],
  ["the diffs' model imports no React", 'src/components/diff/model/example.ts', "import { useMemo as imported } from 'react';"],
  ["the diffs' model imports nothing of their views", 'src/components/diff/model/example.ts', "import { LineDiff as imported } from '../views/LineDiff.tsx';"],
  ["the diffs' model imports no sanitizer", 'src/components/diff/model/example.ts', "import { sanitizeHtml as imported } from '../../../sanitize/sanitizer.ts';"],
  ["the diffs' model imports no mocks (the components' rule holds there too)", 'src/components/diff/model/example.ts', "import { createMockDb as imported } from '../../../mocks/db.ts';"],
];

const allowed: ReadonlyArray<[string, string, string]> = [
  ['components/ import the sanitizer', 'src/components/composer/example.ts', "import { sanitizeHtml as imported } from '../../sanitize/sanitizer.ts';"],
  ['the server sanitizer entry imports the sanitizer', 'src/server/sanitizer.ts', "import { sanitizeHtml as imported } from '../sanitize/sanitizer.ts';"],
  ['the server sanitizer entry reads jsdom types', 'src/server/sanitizer.ts', "import type { JSDOM as imported } from 'jsdom';"],
  ['the framework-free entry exports the client and the templates', 'src/core.ts', "export { createPromptApiClient as imported } from './api/client.ts';\nexport { interpolate } from './template/interpolate.ts';"],
  ['sanitize/ imports DOMPurify', 'src/sanitize/example.ts', "import imported from 'dompurify';"],
  ['template/ reads api/ types', 'src/template/example.ts', "import type { Prompt as imported } from '../api/types.ts';"],
  ['mocks/ import their own server module', 'src/mocks/example.ts', "import { startMockServer as imported } from './server.ts';"],
  ["query/ reads the catalog's types", 'src/query/example.ts', "import type { CatalogOverride as imported } from '../catalog/catalog.ts';"],
  ['components/ import the catalog', 'src/components/usage/example.ts', "import { englishCatalog as imported } from '../../catalog/english.ts';"],
  ["the diffs' model uses jsdiff", 'src/components/diff/model/example.ts', "import { diffArrays as imported } from 'diff';"],
  ["the diffs' model reads the catalog and the templates", 'src/components/diff/model/example.ts', "import { extractVariables as imported } from '../../../template/parse.ts';"],
  ["the diffs' views use their model", 'src/components/diff/views/example.ts', "import { lineDiff as imported } from '../model/line-diff.ts';"],
];

describe('layer rules (eslint.config.js)', () => {
  it.each(refused)('%s', async (_, filePath, source) => {
    expect(await restricted(filePath, source)).toBe(true);
  });

  it.each(allowed)('allows: %s', async (_, filePath, source) => {
    expect(await restricted(filePath, source)).toBe(false);
  });
});
