#!/usr/bin/env node
// The `prompt-composer-react` bin (`npx prompt-composer-react typegen --base-url <url>`).
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2), process.env, {
  log: (text) => console.log(text),
  error: (text) => console.error(text),
});
