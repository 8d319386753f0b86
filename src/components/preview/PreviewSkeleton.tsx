import { Fragment } from 'react';

/** How many variables the loading shape shows: about what a prompt has. */
const FIELDS = 3;

/**
 * The shape of a preview while it loads, in bars: the variables' panel (a title, labels and inputs) beside a
 * prompt card (its name, a line of settings, two messages and the copy button), so that the page does not
 * jump when they come. Decorative: hidden from assistive technology, which hears the loading message.
 */
export function PreviewSkeleton() {
  return (
    <div className="pcr-preview__skeleton" aria-hidden="true">
      <div>
        <span className="pcr-skeleton__bar" data-shape="label" />
        {Array.from({ length: FIELDS }, (_, index) => (
          <Fragment key={index}>
            <span className="pcr-skeleton__bar" data-shape="label" />
            <span className="pcr-skeleton__bar" data-shape="input" />
          </Fragment>
        ))}
      </div>
      <div>
        <span className="pcr-skeleton__bar" data-shape="title" />
        <span className="pcr-skeleton__bar" data-shape="label" />
        <span className="pcr-skeleton__bar" data-shape="message" />
        <span className="pcr-skeleton__bar" data-shape="message" />
        <span className="pcr-skeleton__bar" data-shape="button" />
      </div>
    </div>
  );
}
