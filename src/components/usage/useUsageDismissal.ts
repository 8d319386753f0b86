'use client';

import { useState, useSyncExternalStore } from 'react';
import { parseUsageDismissal, type UsageDismissal } from './usage-level.ts';

/** Where a dismissal is remembered beyond the component's own state. */
export type UsageDismissalStorage = 'local' | 'session';

/**
 * The Web Storage area; throws without a DOM or when the browser refuses access (privacy modes), so
 * callers wrap it in `try`.
 */
function storageArea(kind: UsageDismissalStorage): Storage {
  return kind === 'session' ? window.sessionStorage : window.localStorage;
}

function read(kind: UsageDismissalStorage, key: string | undefined): string | null {
  try {
    return key ? storageArea(kind).getItem(key) : null;
  } catch {
    return null;
  }
}

function subscribeToStorage(listener: () => void): () => void {
  // Other tabs write the same key: the `storage` event keeps them in step.
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

const serverSnapshot = () => null;

/**
 * The banner's dismissal: kept in component state, and also in Web Storage under `storageKey` when one
 * is given, so it survives reloads (and other tabs follow). Storage is read after hydration only.
 */
export function useUsageDismissal(storageKey: string | undefined, storage: UsageDismissalStorage) {
  const [local, setLocal] = useState<UsageDismissal | null>(null);
  const stored = useSyncExternalStore(subscribeToStorage, () => read(storage, storageKey), serverSnapshot);

  // A plain function: the banner calls it from a click handler and hands it to no memoized child.
  const dismiss = (dismissal: UsageDismissal) => {
    setLocal(dismissal);
    if (!storageKey) return;
    try {
      storageArea(storage).setItem(storageKey, JSON.stringify(dismissal));
    } catch {
      // A full or blocked storage only costs persistence; the component state still holds it.
    }
  };

  // The component's own dismissal wins; the stored one covers reloads and other tabs.
  return [local ?? parseUsageDismissal(stored), dismiss] as const;
}
