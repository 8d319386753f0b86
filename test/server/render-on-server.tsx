// Loaded in Node through Vite's SSR loader by the `renderOnServer` browser command: the server half of
// the browser tests that hydrate or load server output. No DOM here; jsdom only inside the sanitizer.
import { installServerSanitizer, uninstallServerSanitizer } from 'prompt-composer-react/server/sanitizer';
import { renderToString } from 'react-dom/server';
import { SsrTree } from '../components/ssr-tree.tsx';

/** Server HTML of `SsrTree`, with the server DOM installed (`serverDom`) or not. */
export function render(staticHtml: readonly string[], serverDom: boolean): string {
  if (typeof window !== 'undefined') throw new Error('render-on-server: expected no window (plain Node)');
  if (serverDom) installServerSanitizer();
  try {
    return renderToString(<SsrTree staticHtml={staticHtml} />);
  } finally {
    uninstallServerSanitizer();
  }
}
