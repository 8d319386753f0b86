'use client';

import { useEffect, useRef, useState } from 'react';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { fillText } from '../../catalog/format.ts';
import { classNames } from './class-names.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { useCatalog } from './useCatalog.ts';

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** The text written to the clipboard. */
  text: string;
  /**
   * The button's visible label.
   * @default the catalog's `copy.label` ('Copy')
   */
  label?: string;
  /**
   * What is copied, when several copy buttons share a page: added to the button's accessible name after
   * the visible label (`aria-label="Copy user message, Welcome email"`, as the catalog's `copy.labelWithContext`
   * words it), so each one can be told apart in a
   * screen reader's list of buttons, and the name still starts with the words on screen (voice control).
   * @default undefined
   */
  labelContext?: string;
  /**
   * What the status region says after a successful copy, for example that the text still holds
   * placeholders.
   * @default the catalog's `copy.copied` ('Copied')
   */
  copiedMessage?: string;
  /**
   * What the status region shows after a successful copy, where the eye needs less than `copiedMessage`
   * says (the rest is read to screen readers only): a prompt card shows "Copied", since its own note already
   * names the unfilled placeholders that its `copiedMessage` names.
   * @default copiedMessage
   */
  copiedText?: string;
  /**
   * How the button looks: `'solid'` (the accent), or `'outline'`, quieter, where it is not the view's one
   * primary action.
   * @default 'solid'
   */
  variant?: 'solid' | 'outline';
  /**
   * Called after a successful copy.
   * @default undefined
   */
  onCopied?: () => void;
  /**
   * The button's words (`copy` group), over the provider's catalog.
   * @default the provider's catalog, else `englishCatalog`
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names, after `pcr-copy`.
   * @default undefined
   */
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** How long the "Copied" or failure message stays. */
const MESSAGE_MS = 4000;

/**
 * A button that writes `text` to the clipboard (`navigator.clipboard.writeText`) and reports the
 * outcome in a `role="status"` region: "Copied", or a failure message when the clipboard is missing or
 * refuses (no permission, insecure context). `data-state` is `idle`, `copied` or `failed`.
 */
export function CopyButton({ text, label, labelContext, copiedMessage, copiedText, variant = 'solid', onCopied, catalog, className }: CopyButtonProps) {
  const words = useCatalog(catalog, englishComponentWords);
  const shownLabel = label ?? words.copy.label;
  const status = { idle: '', copied: copiedMessage ?? words.copy.copied, failed: words.copy.failed };
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
      <button
        type="button"
        className="pcr-copy__button"
        data-variant={variant}
        aria-label={labelContext ? fillText(words.copy.labelWithContext, { label: shownLabel, context: labelContext }, words.locale) : undefined}
        onClick={() => void copy()}
      >
        {shownLabel}
      </button>
      <span role="status" className="pcr-copy__status">
        {state === 'copied' && copiedText !== undefined && copiedText !== status.copied ? (
          <>
            <span aria-hidden="true">{copiedText}</span>
            <span className="pcr-visually-hidden">{status.copied}</span>
          </>
        ) : (
          status[state]
        )}
      </span>
    </span>
  );
}
