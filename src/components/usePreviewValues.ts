import { useCallback, useEffect, useRef, useState } from 'react';
import { copyValues, type PreviewValues, withValue } from './preview-variables.ts';

/**
 * The local form state of a preview. Kept in the preview itself so a keystroke re-renders the preview
 * and nothing above it; `onValuesChange` hears about each change after it is committed.
 */
export function usePreviewValues(initialValues: PreviewValues | undefined, onValuesChange: ((values: PreviewValues) => void) | undefined) {
  const [values, setValues] = useState<PreviewValues>(() => copyValues(initialValues));
  const setValue = useCallback((name: string, value: string) => setValues((previous) => withValue(previous, name, value)), []);

  const listener = useRef(onValuesChange);
  useEffect(() => {
    listener.current = onValuesChange;
  }, [onValuesChange]);
  const reported = useRef(values);
  useEffect(() => {
    if (reported.current === values) return;
    reported.current = values;
    listener.current?.(values);
  }, [values]);

  return { values, setValue };
}
