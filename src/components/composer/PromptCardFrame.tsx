'use client';

import { createContext, type ReactNode, useContext, useState } from 'react';
import { CopyButton, type CopyButtonProps } from '../shared/CopyButton.tsx';

/** Lets the card's copy button say that the user copied a message that still holds unfilled placeholders. */
const UnfilledCopyContext = createContext<((copied: true) => void) | null>(null);

interface PromptCardFrameProps {
  className: string;
  /** The id of the card's heading. */
  labelledBy: string;
  /** Whether any placeholder of the card has no value. */
  missing: boolean;
  /** Flags unfilled placeholders as needing attention from the start. */
  flagMissing: boolean;
  children: ReactNode;
}

/**
 * The `<article>` of `PromptCard`, the one part of the card with state: unfilled placeholders are flagged
 * quietly (`data-missing="quiet"`) until the user copies a message that still holds one, or `flagMissing`
 * asks (`"alert"`). A client component of its own, so `PromptCard` itself renders in a Server Component.
 */
export function PromptCardFrame({ className, labelledBy, missing, flagMissing, children }: PromptCardFrameProps) {
  const [copiedUnfilled, setCopiedUnfilled] = useState(false);
  return (
    <article
      className={className}
      aria-labelledby={labelledBy}
      data-state={missing ? 'missing' : 'complete'}
      data-missing={missing ? (flagMissing || copiedUnfilled ? 'alert' : 'quiet') : undefined}
    >
      <UnfilledCopyContext.Provider value={setCopiedUnfilled}>{children}</UnfilledCopyContext.Provider>
    </article>
  );
}

/** The card's copy button: after copying a message with `unfilled` placeholders, the card flags them loudly. */
export function PromptCardCopyButton({ unfilled, ...props }: Omit<CopyButtonProps, 'onCopied'> & { unfilled: boolean }) {
  const reportUnfilledCopy = useContext(UnfilledCopyContext);
  return <CopyButton {...props} onCopied={unfilled && reportUnfilledCopy ? () => reportUnfilledCopy(true) : undefined} />;
}
