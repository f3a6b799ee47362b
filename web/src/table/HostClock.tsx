// The online host's hold on the server's clock (issue 12): pause, resume, add 30 s. The server
// ends speeches, votes and nights itself; the host never does (a host is often a player).
import { useTranslation } from 'react-i18next';
import type { Timer } from '../lib/protocol.js';
import type { GameClient } from '../lib/ws.js';

export function HostClock({ client, timer }: { client: GameClient; timer: Timer }) {
  const { t } = useTranslation();
  if (!timer.kind || timer.kind === 'judge') return null;
  const paused = timer.running === false;
  return (
    <div className="host-clock" role="group" aria-label={t('hostClock.title')}>
      <button type="button" className="btn btn-small" onClick={() => client.clock(paused ? 'resume' : 'pause')}>
        {paused ? t('hostClock.resume') : t('hostClock.pause')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => client.clock('extend', 30)}>
        {t('hostClock.extend')}
      </button>
    </div>
  );
}
