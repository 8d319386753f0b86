// The command line of the `prompt-composer-react` bin: arguments, environment, exit codes.
import { parseArgs } from 'node:util';
import { EXIT, type Output, typegen } from './typegen.ts';

/** The default output file, relative to the working directory. */
export const DEFAULT_OUT = 'src/prompt-api.gen.d.ts';
/** The environment variable the key is read from unless `--key-env` names another. */
export const DEFAULT_KEY_ENV = 'PROMPT_API_KEY';

export const USAGE = `Usage: prompt-composer-react typegen --base-url <url> [--out <file>] [--check] [--key-env <NAME>]

Writes a TypeScript declaration file with the prompts and composers the account has published (ids,
versions, variables), so ids, versions and values are checked at compile time. Sends two requests.

Options:
  --base-url <url>   Base URL of the API, such as https://api.example.com (required)
  --out <file>       The file to write. Default: ${DEFAULT_OUT}
  --check            Write nothing; exit 1 with a diff when the file is out of date
  --key-env <NAME>   The environment variable that holds the API key. Default: ${DEFAULT_KEY_ENV}
  -h, --help         Show this help

The API key is read from the environment only, never from a flag.
Exit codes: 0 written or up to date, 1 out of date (--check), 2 bad usage or the API could not be read.`;

/** A flag that would put the key on the command line (shell history, process lists): refused by name. */
const KEY_FLAG = /^--(?:api[-_]?)?key(?:=|$)/i;

function usageError(output: Output, message: string): number {
  output.error(`${message}\n\n${USAGE}`);
  return EXIT.failed;
}

/** Runs the command line `args` (without `node` and the script); resolves with the exit code. */
export async function main(args: readonly string[], env: Readonly<Record<string, string | undefined>>, output: Output): Promise<number> {
  const keyFlag = args.find((arg) => KEY_FLAG.test(arg));
  if (keyFlag) {
    const name = keyFlag.split('=')[0];
    return usageError(
      output,
      `${name} is refused: a key on the command line ends up in shell history and process lists.\n` +
        `Put the key in ${DEFAULT_KEY_ENV} (or in another variable named with --key-env NAME).`,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        out: { type: 'string', default: DEFAULT_OUT },
        check: { type: 'boolean', default: false },
        'key-env': { type: 'string', default: DEFAULT_KEY_ENV },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // Node's message names the option, never its value; its first sentence is enough.
    return usageError(output, `${(error as Error).message.split('. ')[0]}.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    output.log(USAGE);
    return EXIT.ok;
  }
  const [command, ...rest] = positionals;
  if (command !== 'typegen') return usageError(output, command === undefined ? 'No command given.' : `Unknown command "${command}".`);
  if (rest.length > 0) return usageError(output, `Unexpected argument "${rest[0]}".`);

  const baseUrl = values['base-url'];
  if (!baseUrl) return usageError(output, '--base-url is required.');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    return usageError(output, `--base-url "${baseUrl}" is not an http(s) URL.`);
  }
  const keyEnv = values['key-env'];
  const apiKey = env[keyEnv];
  if (!apiKey) {
    return usageError(output, `${keyEnv} is not set: export the API key in it (the dashboard's account settings have one).`);
  }
  return typegen({ baseUrl, out: values.out, check: values.check, apiKey, keyEnv }, output);
}
