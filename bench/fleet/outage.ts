// The fleet benchmark's outage phases: what each failure costs upstream while the API fails for a while.
// Every version the lists name looped during an outage, the ids spelled like a kind, and a list with one
// item outside the contract read for many ids.
import { HttpResponse, http } from 'msw';
import type { MockDb } from 'prompt-composer-react/mocks';
import { elapsed, type Sample, send } from './load.ts';

const BASE = '/api/prompt-api';

/** Every published version the lists name that is not its item's latest: pinned reads. */
export function pinnedVersionPaths(db: MockDb): string[] {
  const older = <T extends { version: string; publishedVersions?: { version: string }[] }>(kind: string, items: T[], id: (item: T) => string) =>
    items.flatMap((item) => (item.publishedVersions ?? []).filter((entry) => entry.version !== item.version).map((entry) => `${BASE}/${kind}/${id(item)}?version=${entry.version}`));
  return [
    ...older('prompts', db.listPrompts({ includeVersions: true }), (prompt) => prompt.promptId),
    ...older('composers', db.listComposers({ includeVersions: true }), (composer) => composer.composerId),
  ];
}

/** The ids spelled like a kind, with and without a version: what the greedy route pattern read as lists. */
export const KIND_NAMED_PATHS = ['prompts', 'composers'].flatMap((kind) =>
  ['prompts', 'composers'].flatMap((id) => [`${BASE}/${kind}/${id}`, `${BASE}/${kind}/${id}?version=1.0.0`]),
);

/** The path of each of `count` generated prompts `p0` ... (bench/scale/account.ts names them so). */
export const itemPaths = (ids: readonly string[]) => ids.map((id) => `${BASE}/prompts/${id}`);

/**
 * Sends `paths` round-robin over the servers, one at a time per server, for `ms`, with no headers (as curl
 * would), `paceMs` apart on each server.
 */
export async function loopFor(bases: readonly string[], paths: readonly string[], ms: number, paceMs = 100): Promise<Sample[]> {
  const samples: Sample[] = [];
  const end = elapsed() + ms;
  let next = 0;
  await Promise.all(
    bases.map(async (base, instance) => {
      while (elapsed() < end) {
        samples.push(await send(base, instance, paths[next++ % paths.length]!));
        await new Promise((resolve) => setTimeout(resolve, paceMs));
      }
    }),
  );
  return samples;
}

/**
 * While `broken()` says so, the prompts list (and the item's own endpoint) answers item `id` outside the
 * contract: a temperature of 3.
 */
export function brokenItemHandlers(db: MockDb, id: string, broken: () => boolean) {
  const outside = <T extends { config: object }>(prompt: T) => ({ ...prompt, config: { ...prompt.config, temperature: 3 } });
  return [
    http.get('*/prompts', () => {
      if (!broken()) return undefined;
      return HttpResponse.json(db.listPrompts({ includeVersions: true }).map((prompt) => (prompt.promptId === id ? outside(prompt) : prompt)));
    }),
    http.get(`*/prompts/${id}`, () => {
      if (!broken()) return undefined;
      const prompt = db.listPrompts().find((each) => each.promptId === id);
      return prompt ? HttpResponse.json(outside(prompt)) : undefined;
    }),
  ];
}
