// The console's last panel: who won (R15), every seat's role, and where the game goes next (its
// protocol, its record file, the server when it was played on this device only).
import { seatNo, type GameState } from '../../../src/engine/index.js';
import { roleName, teamName } from './format.js';
import type { Lang } from './lang.js';
import { Rule } from './ui.js';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export function GameOverPanel({ s, lang, id, onRecord, onPublish }: { s: GameState; lang: Lang; id: string; onRecord: () => void; onPublish?: () => void }) {
  return (
    <div className="panel over" data-testid="game-over">
      <h2>
        {L(lang, 'Игра окончена: победа —', 'Game over:')} {teamName(s.winner, lang)} <Rule rule="R15" />
      </h2>
      <table className="roles">
        <tbody>
          {s.seats.map((x) => (
            <tr key={x.seat} className={`team-${x.team}`}>
              <td>{seatNo(x.seat, lang)}</td>
              <td>{x.name}</td>
              <td>{roleName(x.role, lang)}</td>
              <td>{x.alive ? L(lang, 'в игре', 'alive') : L(lang, 'выбыл', 'out')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <a className="button big primary" href={`/protocol/${encodeURIComponent(id)}`} data-testid="to-protocol">
          {L(lang, 'Протокол игры', 'Game protocol')}
        </a>
        <button type="button" className="big" data-testid="download-record" onClick={onRecord}>
          {L(lang, 'Скачать запись', 'Download the record')}
        </button>
        {onPublish && (
          <button type="button" className="big" data-testid="publish-finished" onClick={onPublish}>
            {L(lang, 'Опубликовать на сервере', 'Publish on the server')}
          </button>
        )}
      </div>
      {onPublish && <p className="muted">{L(lang, 'Игра записана только на этом устройстве. Опубликуйте её, чтобы протокол, повтор и проверку раздачи видели все.', 'The game is kept on this device only. Publish it so that everyone sees the protocol, the replay and the deal check.')}</p>}
    </div>
  );
}
