// gorod serve | replay | sim | verify | seating | standings | rating
import { Command } from 'commander';
import { runReplay } from './replay.js';

// `gorod replay x | head`: a reader that stops early is not an error (no EPIPE stack trace).
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command();
program.name('gorod').description('Gorod — a Mafia judge: rules engine, game records, server, bots').version('0.1.0');

program
  .command('replay')
  .argument('<file>', 'a gorod-record/1 JSON file ("-" for standard input)')
  .option('--json', 'print the machine-readable summary')
  .option('--lang <lang>', 'protocol language: ru or en', 'ru')
  .description('apply a record\'s commands in order and print the protocol (or JSON)')
  .action(async (file: string, opts: { json?: boolean; lang?: string }) => {
    process.exitCode = await runReplay(file, opts);
  });

program
  .command('serve')
  .option('--port <port>', 'port (default PORT or 3000)')
  .option('--host <host>', 'host (default HOST or 127.0.0.1)')
  .option('--db <url>', 'database (default DATABASE_URL or ./data/gorod.sqlite)')
  .description('run the game server (HTTP + WebSocket + web app)')
  .action(async (opts: { port?: string; host?: string; db?: string }) => {
    const { startServer } = await import('../server/index.js');
    const { runUntilSignal } = await import('../server/run.js');
    const o: Parameters<typeof startServer>[0] = {};
    if (opts.port) o.port = Number(opts.port);
    if (opts.host) o.host = opts.host;
    if (opts.db) o.databaseUrl = opts.db;
    runUntilSignal(await startServer(o));
  });

program
  .command('verify')
  .argument('<record>', 'a finished game record with its commitment and salt')
  .option('--json', 'print the machine-readable result')
  .option('--lang <lang>', 'language of the text: ru or en', 'ru')
  .description('check a finished game\'s fair-deal commitment (R60)')
  .action(async (file: string, opts: { json?: boolean; lang?: string }) => {
    const { readRecordFile } = await import('./replay.js');
    const { cliError } = await import('./errors.js');
    const lang = opts.lang === 'en' ? 'en' : 'ru';
    const read = readRecordFile(file, lang);
    if (!read.ok) {
      process.exitCode = cliError(read.error, lang);
      return;
    }
    const mod = (await import('../server/index.js')) as unknown as { verifyRecord: typeof import('../server/deal.js').verifyRecord };
    const { verifyText, verifyExitCode } = await import('./verify.js');
    const r = mod.verifyRecord(read.json);
    process.stdout.write((opts.json ? JSON.stringify(r) : verifyText(r, lang)) + '\n');
    process.exitCode = verifyExitCode(r);
  });

program
  .command('sim')
  .allowUnknownOption(true)
  .helpOption(false)
  .argument('[args...]')
  .description('simulate many games with bots and report the balance (see docs/bots.md)')
  .action(async (args: string[]) => {
    const mod = (await import('../bots/sim/cli.js')) as unknown as { runSimCli: (argv: string[]) => Promise<number> };
    process.exitCode = await mod.runSimCli(args);
  });

const collect = (v: string, all: string[]): string[] => [...all, v];

program
  .command('seating')
  .requiredOption('--players <n>', 'players (10 or more)')
  .requiredOption('--tables <n>', 'tables a round')
  .requiredOption('--games <n>', 'games per player')
  .option('--seed <text>', 'the same seed gives the same seating', '')
  .option('--forbid <a,b>', 'two players who must not meet (repeat for more pairs)', collect, [])
  .option('--moves <n>', 'annealing moves (default: by size)')
  .option('--time <seconds>', 'stop annealing after this long (the result then depends on the machine)')
  .option('--table-weight <w>', 'trade even meetings for even table numbers (default 0: meetings first)')
  .option('--json', 'print {"rounds": [...], "quality": {...}}')
  .option('--lang <lang>', 'ru or en', 'ru')
  .description('generate a tournament seating and print its quality beside a random and a greedy one')
  .action(async (opts: Record<string, string | string[] | boolean | undefined>) => {
    const { runSeating } = await import('./seating.js');
    process.exitCode = runSeating(opts as unknown as Parameters<typeof runSeating>[0]);
  });

program
  .command('standings')
  .argument('<tournament>', 'a gorod-tournament/1 file (GET /api/tournaments/:id/document)')
  .argument('<records>', 'a folder of the games\' gorod-record/1 files')
  .option('--scoring <id>', 'count by this scoring system (fiim, tournament, win4) instead of the file\'s')
  .option('--json', 'print the standings as JSON')
  .option('--lang <lang>', 'ru or en', 'ru')
  .description('the standings of a tournament from its games\' records')
  .action(async (file: string, dir: string, opts: { scoring?: string; json?: boolean; lang?: string }) => {
    const { runStandings } = await import('./standings.js');
    process.exitCode = runStandings(file, dir, opts);
  });

program
  .command('rating')
  .argument('<records>', 'a folder of finished games\' gorod-record/1 files')
  .option('--kind <kind>', 'K-factors: club (4/3), tournament (16/12) or elite (64/48)', 'club')
  .option('--stats', 'also print each player\'s statistics')
  .option('--json', 'print JSON')
  .option('--lang <lang>', 'ru or en', 'ru')
  .description('Elo ratings (red and black sides) and statistics over a folder of games')
  .action(async (dir: string, opts: { kind?: string; json?: boolean; stats?: boolean; lang?: string }) => {
    const { runRating } = await import('./rating.js');
    process.exitCode = runRating(dir, opts);
  });

await program.parseAsync(process.argv);
