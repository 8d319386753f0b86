'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { copyValues, type PreviewValues, withValue } from './preview-variables.ts';

/**
 * The local form state of a preview. Kept in the preview itself so a keystroke re-renders the preview
 * and nothing above it; `onValuesChange` hears about each change after it is committed.
 */
export function usePreviewValues(initialValues: PreviewValues | undefined, onValuesChange: ((values: PreviewValues) => void) | undefined) {
  const [values, setValues] = useState<PreviewValues>(() => copyValues(initialValues));
  const setValue = useCallback((name: string, value: string) => setValues((previous) => withValue(previous, name, value)), []);

  // A new `onValuesChange` alone (an inline arrow each render) reports nothing: only new values are reported.
  const reported = useRef(values);
  useEffect(() => {
    if (reported.current === values) return;
    reported.current = values;
    onValuesChange?.(values);
  }, [values, onValuesChange]);

  return { values, setValue };
}
