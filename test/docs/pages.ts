/**
 * The Markdown pages the docs tests read: the README, the changelog and every page under docs/, in every
 * folder. Pages are found, not listed: a new page, in a new folder too, is checked like the others.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.md` file under docs/, relative to the repository root (`docs/hooks/client.md`), sorted. */
export function docsPages(root: string): string[] {
  return readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name.split('\\').join('/')}`)
    .sort();
}

/** The README, then every page under docs/. */
export function readmeAndDocs(root: string): string[] {
  return ['README.md', ...docsPages(root)];
}
