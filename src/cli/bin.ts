#!/usr/bin/env node
// The `prompt-composer-react` bin (`npx prompt-composer-react typegen --base-url <url>`).
import { main } from './main.ts';
import { EXIT } from './typegen.ts';

try {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    log: (text) => console.log(text),
    error: (text) => console.error(text),
  });
} catch (error) {
  // Exit 1 means "out of date" to CI: anything unexpected is 2, like every other failure.
  console.error(error);
  process.exitCode = EXIT.failed;
}
