'use client';

import { useState } from 'react';

/** The two versions a version diff compares, and how to pick another one. */
export interface VersionSelection {
  /** The older version, or `undefined` while the versions load. */
  from: string | undefined;
  /** The newer version, or `undefined` while the versions load. */
  to: string | undefined;
  pick: (side: 'from' | 'to', version: string) => void;
}

/**
 * The versions a version diff compares: the picked ones, else the props, else the defaults: `to` the
 * service's latest (`latest`, else the first of `versions`, newest first), `from` the version before `to`
 * (the next one in the list), or `to` itself when there is none. A new id, `from` or `to` prop resets the
 * pickers during the render (no effect, so no request for the old pick).
 */
export function useVersionSelection(
  id: string,
  from: string | undefined,
  to: string | undefined,
  versions: readonly string[] | undefined,
  latest: string | undefined,
): VersionSelection {
  const [selection, setSelection] = useState({ id, from, to, picked: { from, to } });
  let picked = selection.picked;
  if (selection.id !== id || selection.from !== from || selection.to !== to) {
    picked = { from, to };
    setSelection({ id, from, to, picked });
  }
  const newer = picked.to ?? latest ?? versions?.[0];
  const index = newer === undefined ? -1 : (versions?.indexOf(newer) ?? -1);
  const older = picked.from ?? (index >= 0 ? (versions?.[index + 1] ?? newer) : undefined);
  const pick = (side: 'from' | 'to', version: string) => setSelection({ id, from, to, picked: { from: older, to: newer, [side]: version } });
  return { from: older, to: newer, pick };
}
