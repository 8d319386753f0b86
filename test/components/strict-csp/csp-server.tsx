/** The strict-CSP page's server side: its server-rendered markup (bundled for Node with the React under test). */
import { version } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerRenderedApp } from './csp-app.tsx';

/** The markup the browser hydrates, and the React that rendered it. */
export function renderServerMarkup(): { html: string; reactVersion: string } {
  return { html: renderToString(<ServerRenderedApp />), reactVersion: version };
}
