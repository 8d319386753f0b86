import type { ScenarioName } from 'prompt-composer-react/mocks';
import type { TOOLBAR_KEYS } from './mock-api.ts';

/** What the Playground must show for one toolbar state. */
export type PlaygroundOutcome =
  | { kind: 'library'; banner: 'none' | 'critical' }
  | {
      kind: 'error';
      code: 'INTERNAL_ERROR' | 'INVALID_KEY' | 'USAGE_LIMIT_EXCEEDED';
      /**
       * What Retry does: not offered (`none`), sends the requests again and they count (`again`), sends
       * them again for a key the service identified none for, so the usage stays unknown (`unmetered`),
       * or is refused by the client's quota guard (`guarded`) because the failed response's rate-limit
       * headers said 0 left.
       */
      retry: 'none' | 'again' | 'unmetered' | 'guarded';
    }
  | { kind: 'empty' };

/**
 * The Playground's state for a scenario and a toolbar key, from the mock backend's rules: a server
 * error comes before auth, a revoked key before the quota, and `nearLimit` gives every live key (the
 * exhausted one too) 100 requests.
 */
export function playgroundOutcome(scenario: ScenarioName, key: keyof typeof TOOLBAR_KEYS): PlaygroundOutcome {
  if (scenario === 'serverError') {
    // The 500 carries the key's rate-limit headers: 0 left for the exhausted key, which the quota guard
    // then honours. A key the mock cannot identify (revoked) gets limit 0, which describes no key: ignored.
    return { kind: 'error', code: 'INTERNAL_ERROR', retry: key === 'exhausted' ? 'guarded' : key === 'revoked' ? 'unmetered' : 'again' };
  }
  if (key === 'revoked' || scenario === 'invalidKey') return { kind: 'error', code: 'INVALID_KEY', retry: 'none' };
  if (scenario === 'exhausted' || (key === 'exhausted' && scenario !== 'nearLimit')) {
    return { kind: 'error', code: 'USAGE_LIMIT_EXCEEDED', retry: 'none' };
  }
  if (scenario === 'empty') return { kind: 'empty' };
  return { kind: 'library', banner: scenario === 'nearLimit' || key === 'nearLimit' ? 'critical' : 'none' };
}
