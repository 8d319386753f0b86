import 'prompt-composer-react/styles.css';
import type { ReactNode } from 'react';
import { installServerSanitizer } from 'prompt-composer-react/server/sanitizer';
import { Providers } from './providers';

// A server DOM (jsdom) for the sanitizer: server HTML then carries the static segments, sanitized.
installServerSanitizer();

export const metadata = { title: 'prompt-composer-react on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav>
          <a href="/">Home</a> · <a href="/prompt">Prompt</a> · <a href="/composer">Composer</a> ·{' '}
          <a href="/preview">Preview</a>
        </nav>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
