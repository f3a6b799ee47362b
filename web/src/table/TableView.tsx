// The player's table, given a view: seats, banner and timer, role card, the panel for the
// current step, and the log. Pure on its props so tests and the replay viewer can render it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../src/engine/index.js';
import type { Timer } from '../lib/protocol.js';
import { Banner } from './Banner.js';
import { EventLog } from './EventLog.js';
import { ExtraActions } from './ExtraActions.js';
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
  /** Speeches in the log too (default): a bot's minute is over in seconds, its words stay readable. */
  showSaid?: boolean;
  /** The replay viewer shows everything the chosen viewer knows, without a face-down card. */
  alwaysShowPrivate?: boolean;
}

const readOnly: Send = async () => ({ ok: false, error: { code: 'readOnly', message: { ru: 'Только просмотр', en: 'Read only' } } });

export function TableView({ view, timer = null, legal, send = readOnly, over, showSaid = true, alwaysShowPrivate }: TableViewProps) {
  const { t } = useTranslation();
  // The role card is face down until tapped; while it is, nothing only this player knows is shown.
  const [open, setOpen] = useState(false);
  const showPrivate = alwaysShowPrivate || open || !view.you || view.finished;
  return (
    <div className={`table-page phase-${view.stage.kind === 'night' ? 'night' : 'day'}`}>
      <Banner view={view} timer={timer} />
      <div className="table-layout">
        <div className="board">
          <Seats view={view} showPrivate={showPrivate} />
          {!view.you && !view.finished && <p className="muted center">{t('table.spectating')}</p>}
        </div>
        <div className="side">
          {!view.finished && !alwaysShowPrivate && <RoleCard view={view} open={open} onToggle={() => setOpen((x) => !x)} />}
          <Nominations view={view} />
          <SpeechPanel view={view} send={send} legal={legal} />
          <VotePanel view={view} send={send} legal={legal} />
          <ExtraActions view={view} send={send} legal={legal} showPrivate={showPrivate} />
          <NightPanel key={`${view.phase}${view.number}`} view={view} send={send} legal={legal} />
          {view.finished && over}
          <EventLog view={view} showSaid={showSaid} showPrivate={showPrivate} />
        </div>
      </div>
    </div>
  );
}
