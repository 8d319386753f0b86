// The loopback server of `npm run bench:scale`, in a process of its own, so that building a list of
// megabytes is never timed as the client's work: `tsx bench/scale/server.ts 1000` prints its URL, and
// stops on SIGTERM.
import { createMockDb } from '../../src/mocks/index.ts';
import { startMockServer } from '../../src/mocks/server.ts';
import { generatedAccount } from './account.ts';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error(`Usage: tsx bench/scale/server.ts <count>, got ${process.argv[2]}`);
const server = await startMockServer({ db: createMockDb(generatedAccount(count)) });
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
