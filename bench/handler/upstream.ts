// The API `npm run bench:handler` reads, in a process of its own: the mock API over HTTP with a generated
// account of N prompts and N composers (bench:scale's), and a second, newer version of the first prompt,
// so that `?version=1.0.0` of it is a pinned version the list does not hold as latest.
// `tsx bench/handler/upstream.ts 10000` prints its URL and stops on SIGTERM.
import { createMockDb } from '../../src/mocks/index.ts';
import { startMockServer } from '../../src/mocks/server.ts';
import { generatedAccount, promptId } from '../scale/account.ts';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error(`Usage: tsx bench/handler/upstream.ts <count>, got ${process.argv[2]}`);
const account = generatedAccount(count);
const first = account.prompts[0]!;
account.prompts.push({ ...first, promptId: promptId(0), version: '2.0.0', promptName: `${first.promptName} (2)` });
const server = await startMockServer({ db: createMockDb(account) });
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
