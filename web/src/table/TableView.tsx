// The player's table, given a view: seats, banner and timer, role card, the panel for the
// current step, and the log. Pure on its props so tests and the replay viewer can render it.
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../src/engine/index.js';
import type { Timer } from '../lib/protocol.js';
import { Banner } from './Banner.js';
import { EventLog } from './EventLog.js';
import { NightPanel } from './NightPanel.js';
import { RoleCard } from './RoleCard.js';
import { Seats } from './Seats.js';
import { Nominations, SpeechPanel } from './SpeechPanel.js';
import type { Legal, Send } from './types.js';
import { VotePanel } from './VotePanel.js';

export interface TableViewProps {
  view: GameView;
  timer?: Timer | null;
  legal?: Legal;
  send?: Send;
  /** Rendered under the panels when the game is over (the game-over block). */
  over?: React.ReactNode;
  showSaid?: boolean;
}

const readOnly: Send = async () => ({ ok: false, error: { code: 'readOnly', message: { ru: 'Только просмотр', en: 'Read only' } } });

export function TableView({ view, timer = null, legal, send = readOnly, over, showSaid }: TableViewProps) {
  const { t } = useTranslation();
  return (
    <div className={`table-page phase-${view.stage.kind === 'night' ? 'night' : 'day'}`}>
      <Banner view={view} timer={timer} />
      <div className="table-layout">
        <div className="board">
          <Seats view={view} />
          {!view.you && !view.finished && <p className="muted center">{t('table.spectating')}</p>}
        </div>
        <div className="side">
          {!view.finished && <RoleCard view={view} />}
          <Nominations view={view} />
          <SpeechPanel view={view} send={send} legal={legal} />
          <VotePanel view={view} send={send} legal={legal} />
          <NightPanel key={`${view.phase}${view.number}`} view={view} send={send} legal={legal} />
          {view.finished && over}
          <EventLog view={view} showSaid={showSaid} />
        </div>
      </div>
    </div>
  );
}
