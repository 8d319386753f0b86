'use client';

import { useId } from 'react';
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { fillText } from '../../catalog/format.ts';

interface VersionPickerProps {
  label: string;
  value: string;
  versions: readonly string[];
  latest: string | undefined;
  words: DiffCatalog;
  onChange: (version: string) => void;
}

/**
 * A labelled native `<select>` of an item's versions, newest first, the service's latest marked "(latest)": Tab
 * reaches it, arrow keys change it.
 */
export function VersionPicker({ label, value, versions, latest, words, onChange }: VersionPickerProps) {
  const id = useId();
  // A version from the props that the list does not name stays selectable (its read reports the error).
  const options = versions.includes(value) ? versions : [value, ...versions];
  return (
    <div className="pcr-version-diff__picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="pcr-version-diff__select" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((version) => (
          <option key={version} value={version}>
            {version === latest ? fillText(words.versions.latestOption, { version }, words.locale) : version}
          </option>
        ))}
      </select>
    </div>
  );
}
