// `node --import tsx src/server/main.ts`: the server from the environment (PORT, HOST,
// DATABASE_URL, ORIGINS, LOG_LEVEL, TIME_SCALE). `gorod serve` is the usual way in.
// GOROD_STANDBY=1 loads everything, then waits for a line on stdin before opening the database
// and the port (a warm spare: the crash test restarts a killed server without the load time).
import { startServer } from './index.js';
import { runUntilSignal } from './run.js';
import { startPerfReport } from './perf-trace.js';

if (process.env['GOROD_STANDBY'] === '1') await new Promise((res) => process.stdin.once('data', res));
const timeScale = process.env['TIME_SCALE'] ? Number(process.env['TIME_SCALE']) : undefined;
const server = await startServer(timeScale !== undefined ? { timeScale } : {});
startPerfReport('server', () => ({ rssMb: Math.round(process.memoryUsage().rss / 1048576), heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) }));
process.stdout.write(JSON.stringify({ listening: server.url, resumed: server.resumed, process: server.processId }) + '\n');
void server.warmed.then(() => process.stdout.write(JSON.stringify({ warmed: server.resumed.warmMs }) + '\n'));
runUntilSignal(server);
