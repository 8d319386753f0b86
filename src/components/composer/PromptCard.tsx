import { type JSX, memo, useId } from 'react';
import type { Prompt, PromptSegment } from '../../api/types.ts';
import type { CatalogOverride, CatalogWithoutDiffs } from '../../catalog/catalog.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { fillText, formatNumber } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import { type InterpolatedPart, interpolateParts, joinParts, missingNames } from '../../template/interpolate.ts';
import type { TemplateValues } from '../../template/lookup.ts';
import { classNames } from '../shared/class-names.ts';
import { copiedUnfilled, copyCatalog, missingNote } from './prompt-card-words.ts';
import { PromptCardCopyButton, PromptCardFrame } from './PromptCardFrame.tsx';

/** A heading level for a component's own heading. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Props of `PromptCard`. */
export interface PromptCardProps {
  /** A prompt from `usePrompt`, or a prompt segment of a composer. */
  prompt: Prompt | PromptSegment;
  /**
   * Values for the `${name}` placeholders of both messages. Always shown as text, never as HTML.
   * @default {}
   */
  values?: TemplateValues;
  /**
   * The level of the card's heading (the prompt name), to fit the page's outline.
   * @default 3
   */
  headingLevel?: HeadingLevel;
  /**
   * Whether to show the button that copies the interpolated user message. Its accessible name ends with
   * the prompt name (`Copy user message, Welcome email`); the visible text is the catalog's
   * `card.copyLabel` (`Copy user message`).
   * @default true
   */
  copy?: boolean;
  /**
   * How the copy button looks: `'outline'`, quiet, for a card among others (a composer shows one per
   * prompt), or `'solid'`, for the view's one primary action (a preview of one prompt).
   * @default 'outline'
   */
  copyVariant?: 'solid' | 'outline';
  /**
   * Flags unfilled placeholders as needing attention (`data-missing="alert"`: red in the stylesheet), for
   * example after the user tried to send the prompt. Otherwise they are flagged quietly
   * (`data-missing="quiet"`) until the user copies a message that still holds one.
   * @default false
   */
  flagMissing?: boolean;
  /**
   * The card's words (a complete catalog such as `germanCatalog`, or the keys to change). A prop, not the
   * provider's: the card renders in a Server Component, which reads no context.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names, after `pcr-prompt-card`.
   * @default undefined
   */
  className?: string;
}

const NO_VALUES: TemplateValues = Object.freeze({});

/**
 * Interpolated text: exactly what would be sent, with values and unfilled placeholders in `<mark>`.
 * A plain function, not a component: two fewer fibers per card (a composer may hold hundreds).
 */
function messageText(parts: readonly InterpolatedPart[], kind: 'system' | 'user', words: CatalogWithoutDiffs) {
  return (
    // `dir="auto"`: the prompt's text reads in its own direction, whatever the page's.
    <p className="pcr-prompt-card__text" data-message={kind} dir="auto">
      {parts.map((part, index) =>
        part.type === 'text' ? (
          part.value
        ) : (
          <mark
            key={index}
            className="pcr-mark"
            data-state={part.filled ? 'filled' : 'missing'}
            data-variable={part.name}
            title={part.filled ? part.name : fillText(words.card.unfilledTitle, { name: part.name }, words.locale)}
          >
            {part.value ?? part.raw}
          </mark>
        ),
      )}
    </p>
  );
}

/**
 * One prompt: name, version, model, temperature, system message, and the user message with each
 * placeholder filled from `values` (in `<mark data-state="filled">`) or kept as its raw `${name}` text
 * and flagged (`<mark data-state="missing">`, plus a count and list of missing names after the
 * message). The card has `data-state="complete"` or `"missing"`; with missing values also
 * `data-missing="quiet"` until the user copies the message anyway or `flagMissing` asks, then
 * `data-missing="alert"`. The message element's text is exactly the interpolated text, so what a user
 * copies is what would be sent. Presentational: no provider, no fetching.
 *
 * @example
 * <PromptCard prompt={prompt} values={{ customer: { name: 'Ada' } }} />
 */
export const PromptCard = memo(function PromptCard({
  prompt,
  values = NO_VALUES,
  headingLevel = 3,
  copy = true,
  copyVariant = 'outline',
  flagMissing = false,
  catalog,
  className,
}: PromptCardProps) {
  const id = useId();
  const words = withCatalog(englishComponentWords, catalog);
  // No useMemo: the card is memoized as a whole, so it re-renders only when a prop changes, and that is
  // its prompt or its values (which need a new interpolation anyway) all but always.
  const system = interpolateParts(prompt.systemMessage, values);
  const user = interpolateParts(prompt.userMessage, values);
  const missing = missingNames([...system, ...user]);
  const userMissing = missingNames(user);
  const Heading = `h${headingLevel}` as keyof JSX.IntrinsicElements & `h${HeadingLevel}`;

  return (
    // The frame holds the card's one piece of state (the user copied unfilled placeholders): a client
    // component of its own, so the card renders in a Server Component.
    <PromptCardFrame
      className={classNames('pcr-prompt-card', className)}
      labelledBy={`${id}-name`}
      missing={missing.length > 0}
      flagMissing={flagMissing}
    >
      <header className="pcr-prompt-card__header">
        <Heading id={`${id}-name`} className="pcr-prompt-card__name">
          <bdi>{prompt.promptName}</bdi>
        </Heading>
        {/* A data list: each term above its value. Values from the service read in their own direction;
            the temperature is a number, written for the catalog's language. */}
        <dl className="pcr-prompt-card__meta">
          <div><dt>{words.card.version}</dt><dd dir="auto">{prompt.version}</dd></div>
          <div><dt>{words.card.model}</dt><dd dir="auto">{prompt.config.model}</dd></div>
          <div><dt>{words.card.temperature}</dt><dd>{formatNumber(prompt.config.temperature, words.locale)}</dd></div>
        </dl>
      </header>
      <dl className="pcr-prompt-card__messages">
        <dt>{words.card.systemMessage}</dt>
        <dd>{messageText(system, 'system', words)}</dd>
        <dt>{words.card.userMessage}</dt>
        <dd>{messageText(user, 'user', words)}</dd>
      </dl>
      {missing.length > 0 && (
        <p className="pcr-prompt-card__missing" data-state="missing">
          {missingNote(missing, words)}
        </p>
      )}
      {copy && (
        <div className="pcr-prompt-card__actions">
          <PromptCardCopyButton
            text={joinParts(user, 'keep')}
            label={words.card.copyLabel}
            labelContext={prompt.promptName}
            variant={copyVariant}
            // One note says which placeholders are unfilled: the card's own. The status shows "Copied" and
            // says the rest to screen readers only.
            copiedMessage={userMissing.length > 0 ? copiedUnfilled(userMissing, words) : undefined}
            copiedText={userMissing.length > 0 ? words.copy.copied : undefined}
            unfilled={userMissing.length > 0}
            catalog={copyCatalog(words)}
          />
        </div>
      )}
    </PromptCardFrame>
  );
});
