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

/** The version before `version` in `versions` (newest first), else the newest other one, else `version`. */
function versionBefore(versions: readonly string[], version: string): string {
  const index = versions.indexOf(version);
  return (index >= 0 ? versions[index + 1] : undefined) ?? versions.find((other) => other !== version) ?? version;
}

/**
 * The versions a version diff compares: the picked ones, else the props, else the defaults: `to` the
 * service's latest (`latest`, else the first of `versions`, newest first), `from` the version before `to`
 * (the next one in the list). Where `to` has none before it (the oldest version: the latest after a
 * rollback) or is not in the list (a version given as a prop that does not exist), `from` is the newest
 * other version; `to` itself only when there is no other. A new id, `from` or `to` prop resets the pickers
 * during the render (no effect, so no request for the old pick).
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
  const older = picked.from ?? (versions && newer !== undefined ? versionBefore(versions, newer) : undefined);
  const pick = (side: 'from' | 'to', version: string) => setSelection({ id, from, to, picked: { from: older, to: newer, [side]: version } });
  return { from: older, to: newer, pick };
}
