// Hostile traffic for the fleet benchmark: the request shapes an attacker sends to spend the account's
// quota (a new random value in every request), with a browser's headers and with none (curl).
import { type Sample, send } from './load.ts';

const random = () => Math.random().toString(16).slice(2, 10);

/** Each shape gives a new path at every call. */
export const HOSTILE_SHAPES: Record<string, () => string> = {
  'random id': () => `/api/prompt-api/prompts/${random()}${random()}`,
  'random version of a real prompt': () => `/api/prompt-api/prompts/welcome-email?version=${random()}`,
  'random composer id': () => `/api/prompt-api/composers/${random()}`,
  'case variant of a real id': () => `/api/prompt-api/prompts/${['WELCOME-EMAIL', 'Welcome-Email', 'SUPPORT-REPLY', 'Onboarding-Flow'][Math.floor(Math.random() * 4)]}`,
};

/**
 * `count` hostile requests, round-robin over the servers and the shapes, half of them with the headers of
 * a page of the site and half with none, `concurrency` at a time.
 */
export async function hostileRequests(bases: readonly string[], count: number, concurrency = 40): Promise<Sample[]> {
  const shapes = Object.values(HOSTILE_SHAPES);
  const samples: Sample[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      const instance = index % bases.length;
      const base = bases[instance]!;
      const headers: Record<string, string> = index % 2 === 0 ? { origin: base, 'sec-fetch-site': 'same-origin' } : {};
      samples.push(await send(base, instance, shapes[Math.floor(index / bases.length) % shapes.length]!(), headers));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return samples;
}
