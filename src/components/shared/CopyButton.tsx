'use client';

import { useEffect, useRef, useState } from 'react';
import { classNames } from './class-names.ts';

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** The text written to the clipboard. */
  text: string;
  /**
   * The button's visible label.
   * @default 'Copy'
   */
  label?: string;
  /**
   * What is copied, when several copy buttons share a page: added to the button's accessible name after
   * the visible label (`aria-label="Copy user message, Welcome email"`), so each one can be told apart in a
   * screen reader's list of buttons, and the name still starts with the words on screen (voice control).
   * @default undefined
   */
  labelContext?: string;
  /**
   * What the status region says after a successful copy, for example that the text still holds
   * placeholders.
   * @default 'Copied'
   */
  copiedMessage?: string;
  /**
   * Called after a successful copy.
   * @default undefined
   */
  onCopied?: () => void;
  /**
   * Extra class names, after `pcr-copy`.
   * @default undefined
   */
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Could not copy: select the text and copy it by hand',
};

/** How long the "Copied" or failure message stays. */
const MESSAGE_MS = 4000;

/**
 * A button that writes `text` to the clipboard (`navigator.clipboard.writeText`) and reports the
 * outcome in a `role="status"` region: "Copied", or a failure message when the clipboard is missing or
 * refuses (no permission, insecure context). `data-state` is `idle`, `copied` or `failed`.
 */
export function CopyButton({ text, label = 'Copy', labelContext, copiedMessage = MESSAGES.copied, onCopied, className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: CopyState) => {
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), MESSAGE_MS);
  };
  const copy = async () => {
    try {
      // Without a clipboard (no DOM, an insecure context) this throws too, and counts as a failure.
      await navigator.clipboard.writeText(text);
      show('copied');
      onCopied?.();
    } catch {
      show('failed');
    }
  };

  return (
    <span className={classNames('pcr-copy', className)} data-state={state}>
      {/* A label, not hidden text: the browser would join hidden text to the visible label with a stray space. */}
      <button type="button" className="pcr-copy__button" aria-label={labelContext ? `${label}, ${labelContext}` : undefined} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="pcr-copy__status">
        {state === 'copied' ? copiedMessage : MESSAGES[state]}
      </span>
    </span>
  );
}
