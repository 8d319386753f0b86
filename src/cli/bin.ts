#!/usr/bin/env node
// The `prompt-composer-react` bin (`npx prompt-composer-react typegen --base-url <url>`).
import { main } from './main.ts';
import { EXIT } from './typegen.ts';

try {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    log: (text) => console.log(text),
    error: (text) => console.error(text),
  });
} catch {
  // `main` prints what it catches, redacted; this is only for a failure of that printing itself. Exit 1
  // means "out of date" to CI: anything unexpected is 2, like every other failure.
  console.error('prompt-composer-react: an unexpected error (not shown, as it may quote the key).');
  process.exitCode = EXIT.failed;
}
