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

/** What a key becomes in anything the CLI prints. */
export const REDACTED = '[redacted]';

/**
 * `output`, with every form of the key a message may carry (as sent, URL-encoded, JSON-escaped) replaced:
 * the service's error text may quote the key (a 401 body, a 429's upgrade link), and CI keeps stderr.
 */
function redacting(output: Output, keys: ReadonlySet<string>): Output {
  const redact = (text: string) => {
    const forms = [...keys].flatMap((key) => [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)]);
    // Longest first, so a form that contains another is replaced whole.
    return forms.sort((a, b) => b.length - a.length).reduce((result, form) => result.split(form).join(REDACTED), text);
  };
  return { log: (text) => output.log(redact(text)), error: (text) => output.error(redact(text)) };
}

/**
 * Runs the command line `args` (without `node` and the script); resolves with the exit code. Nothing it
 * prints holds the key: argument values are never echoed, and every message passes through `redacting`.
 */
export async function main(args: readonly string[], env: Readonly<Record<string, string | undefined>>, printer: Output): Promise<number> {
  // The default variable's key, and the one `--key-env` names once the arguments are read.
  const keys = new Set<string>();
  const keyIs = (key: string | undefined) => void (key && keys.add(key));
  keyIs(env[DEFAULT_KEY_ENV]);
  const output = redacting(printer, keys);
  try {
    return await run(args, env, output, keyIs);
  } catch (error) {
    // Exit 1 means "out of date" to CI: anything unexpected is 2, like every other failure, and printed redacted.
    output.error(error instanceof Error ? (error.stack ?? String(error)) : String(error));
    return EXIT.failed;
  }
}

async function run(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: Output,
  keyIs: (key: string | undefined) => void,
): Promise<number> {
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
  // Positional arguments are never echoed: a key pasted on the command line would be printed back.
  const [command, ...rest] = positionals;
  if (command !== 'typegen') return usageError(output, command === undefined ? 'No command given.' : 'Unknown command (not shown): the only command is typegen.');
  if (rest.length > 0) return usageError(output, 'typegen takes options only: an argument after it (not shown) is one too many.');

  const baseUrl = values['base-url'];
  if (!baseUrl) return usageError(output, '--base-url is required.');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    return usageError(output, '--base-url is not an http(s) URL (the value is not shown).');
  }
  const keyEnv = values['key-env'];
  const apiKey = env[keyEnv];
  keyIs(apiKey);
  if (!apiKey) {
    // A name of our own is safe to print; the value of --key-env might be a key pasted in the wrong place.
    const name = keyEnv === DEFAULT_KEY_ENV ? DEFAULT_KEY_ENV : 'The variable --key-env names';
    return usageError(output, `${name} is not set: export the API key in it (the dashboard's account settings have one).`);
  }
  return typegen({ baseUrl, out: values.out, check: values.check, apiKey, keyEnv }, output);
}
