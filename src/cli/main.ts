// gorod serve | replay | sim | verify
import { Command } from 'commander';
import { runReplay } from './replay.js';

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
    const mod = (await import('../server/index.js')) as unknown as {
      startServer: (o: Record<string, unknown>) => Promise<unknown>;
    };
    const o: Record<string, unknown> = {};
    if (opts.port) o['port'] = Number(opts.port);
    if (opts.host) o['host'] = opts.host;
    if (opts.db) o['databaseUrl'] = opts.db;
    await mod.startServer(o);
  });

program
  .command('verify')
  .argument('<record>', 'a finished game record with its commitment and salt')
  .option('--json', 'print the machine-readable result')
  .option('--lang <lang>', 'language of the text: ru or en', 'ru')
  .description('check a finished game\'s fair-deal commitment (R60)')
  .action(async (file: string, opts: { json?: boolean; lang?: string }) => {
    const { readRecordFile } = await import('./replay.js');
    const read = readRecordFile(file);
    if (!read.ok) {
      process.stderr.write(`error: ${read.error}\n`);
      process.exitCode = 2;
      return;
    }
    const mod = (await import('../server/index.js')) as unknown as { verifyRecord: typeof import('../server/deal.js').verifyRecord };
    const { verifyText, verifyExitCode } = await import('./verify.js');
    const r = mod.verifyRecord(read.json);
    process.stdout.write((opts.json ? JSON.stringify(r) : verifyText(r, opts.lang === 'en' ? 'en' : 'ru')) + '\n');
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

await program.parseAsync(process.argv);
