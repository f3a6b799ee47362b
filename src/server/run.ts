// A server process (main.ts, `gorod serve`): an unexpected rejection is logged and the server goes
// on serving (a storage fault already fails only its own command); SIGTERM or SIGINT stop it
// gracefully (RunningServer.close), and a second signal stops it at once.
import type { RunningServer } from './index.js';

export function runUntilSignal(server: RunningServer): void {
  const log = server.log;
  process.on('unhandledRejection', (e) => log.error({ err: e }, 'unhandled rejection; the server goes on'));
  const stop = (signal: NodeJS.Signals): void => {
    log.info({ signal }, 'stopping: finishing queued commands, then closing');
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        log.error({ err: e }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
