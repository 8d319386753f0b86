import { memo, type ReactNode, useId } from 'react';
import type { Composer, PromptSegment, StaticSegmentData } from '../../api/types.ts';
import type { CatalogOverride } from '../../catalog/catalog.ts';
import { englishComponentWords } from '../../catalog/english-components.ts';
import { fillText } from '../../catalog/format.ts';
import { withCatalog } from '../../catalog/resolve.ts';
import type { TemplateValues } from '../../template/lookup.ts';
import { classNames } from '../shared/class-names.ts';
import { type HeadingLevel, PromptCard } from './PromptCard.tsx';
import type { HtmlSanitizer } from '../../sanitize/sanitizer.ts';
import type { SanitizePolicy } from '../../sanitize/policy.ts';
import { StaticSegment } from './StaticSegment.tsx';

/** Props of `ComposerView`. */
export interface ComposerViewProps {
  /** A composer from `useComposer`. */
  composer: Composer;
  /**
   * Values for the placeholders of every prompt segment. Static segments ignore them, so a keystroke
   * re-renders prompt cards only.
   * @default {}
   */
  values?: TemplateValues;
  /**
   * Renders a static segment your own way. Return `<StaticSegment html={segment.content} />` somewhere
   * in it to keep the sanitizer.
   * @default (segment) => <StaticSegment html={segment.content} policy={policy} sanitizer={sanitizer} />
   */
  renderStatic?: (segment: StaticSegmentData, index: number) => ReactNode;
  /**
   * Renders a prompt segment your own way.
   * @default (segment, index, values) => <PromptCard prompt={segment} values={values} catalog={catalog} />
   */
  renderPrompt?: (segment: PromptSegment, index: number, values: TemplateValues) => ReactNode;
  /**
   * The sanitizer policy of the default static segments; see `SanitizePolicy`.
   * @default undefined (strict)
   */
  policy?: SanitizePolicy;
  /**
   * The sanitizer of the default static segments, from `createHtmlSanitizer`; see `StaticSegment`. Not
   * from a Server Component: a sanitizer is an object with methods, which React cannot pass to the client
   * component `StaticSegment`; on the server, `installServerSanitizer()` applies instead.
   * @default the shared sanitizer (over `window` in the browser; on the server, the one
   * `installServerSanitizer` installed)
   */
  sanitizer?: HtmlSanitizer;
  /**
   * The level of the composer's heading; prompt cards use the next level.
   * @default 2
   */
  headingLevel?: HeadingLevel;
  /**
   * The words of the composer and its prompt cards (a complete catalog such as `germanCatalog`, or the keys
   * to change). A prop, not the provider's: the view renders in a Server Component, which reads no context.
   * @default englishCatalog
   */
  catalog?: CatalogOverride;
  /**
   * Extra class names, after `pcr-composer`.
   * @default undefined
   */
  className?: string;
}

const NO_VALUES: TemplateValues = Object.freeze({});

/**
 * A composer: a heading with its name and version, then its segments in order in an `<ol>`. Static
 * segments render through `StaticSegment` (sanitized, memoized: typing values never re-sanitizes them),
 * prompt segments through `PromptCard`. Presentational: no provider, no fetching.
 *
 * @example
 * <ComposerView composer={composer} values={{ name: 'Ada' }} />
 */
export const ComposerView = memo(function ComposerView({
  composer,
  values = NO_VALUES,
  renderStatic,
  renderPrompt,
  policy,
  sanitizer,
  headingLevel = 2,
  catalog,
  className,
}: ComposerViewProps) {
  const id = useId();
  const words = withCatalog(englishComponentWords, catalog);
  const Heading = `h${headingLevel}` as const;
  const cardLevel = Math.min(headingLevel + 1, 6) as HeadingLevel;

  return (
    <section className={classNames('pcr-composer', className)} aria-labelledby={`${id}-name`}>
      <header className="pcr-composer__header">
        <Heading id={`${id}-name`} className="pcr-composer__name">
          <bdi>{composer.composerName}</bdi>
        </Heading>
        <p className="pcr-composer__version">{fillText(words.composer.version, { version: composer.version }, words.locale)}</p>
      </header>
      <ol className="pcr-composer__segments">
        {composer.segments.map((segment, index) => (
          <li key={index} className="pcr-composer__segment" data-segment-type={segment.type}>
            {segment.type === 'static'
              ? renderStatic
                ? renderStatic(segment, index)
                : <StaticSegment html={segment.content} policy={policy} sanitizer={sanitizer} />
              : renderPrompt
                ? renderPrompt(segment, index, values)
                : <PromptCard prompt={segment} values={values} headingLevel={cardLevel} catalog={catalog} />}
          </li>
        ))}
      </ol>
    </section>
  );
});
