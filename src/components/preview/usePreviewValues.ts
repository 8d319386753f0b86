'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { copyValues, type PreviewValues, withValue } from './preview-variables.ts';

/** How a preview's values are held: by the app (`values`), or by the preview from `initialValues` on. */
export interface PreviewValuesOptions {
  /**
   * The variables' text, held by the app (controlled, as a React input's `value`): the preview shows these,
   * and asks for each edit through `onValuesChange`, which the app answers with new `values`. An app can keep
   * them in its own state, a URL or a form library. Leave it out to let the preview hold them.
   * @default undefined (the preview holds them, from `initialValues`)
   */
  values?: PreviewValues;
  /**
   * Starting text of the variables, by dotted name (`{ 'customer.name': 'Ada' }`), when the preview holds
   * them. Read on mount only.
   * @default {}
   */
  initialValues?: PreviewValues;
  /**
   * Called with every variable's text (empty inputs left out) after each edit: with `values`, at once, for
   * the app to store; without, once the preview has shown it.
   * @default undefined
   */
  onValuesChange?: (values: PreviewValues) => void;
}

/**
 * The values of a preview: the app's (`values` given: controlled) or the preview's own state (uncontrolled,
 * from `initialValues`), and `setValue(name, text)`, which an input calls. Held in the preview itself when
 * uncontrolled, so a keystroke re-renders the preview and nothing above it.
 */
export function usePreviewValues({ values: controlled, initialValues, onValuesChange }: PreviewValuesOptions) {
  const [own, setOwn] = useState<PreviewValues>(() => copyValues(initialValues));
  const values = controlled ?? own;
  // What `setValue` reads when the app holds the values: its latest ones, and its latest handler.
  const latest = useRef({ controlled, onValuesChange });
  useEffect(() => {
    latest.current = { controlled, onValuesChange };
  });
  const setValue = useCallback((name: string, value: string) => {
    const { controlled: current, onValuesChange: report } = latest.current;
    if (current === undefined) {
      setOwn((previous) => withValue(previous, name, value));
      return;
    }
    const next = withValue(current, name, value);
    if (next !== current) report?.(next);
  }, []);

  // Uncontrolled: the preview's own values are reported once committed. A new `onValuesChange` alone (an inline
  // arrow each render) reports nothing: only new values are reported.
  const reported = useRef(own);
  useEffect(() => {
    if (latest.current.controlled !== undefined || reported.current === own) return;
    reported.current = own;
    onValuesChange?.(own);
  }, [own, onValuesChange]);

  return { values, setValue };
}
