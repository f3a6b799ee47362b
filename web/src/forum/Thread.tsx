// A game's discussion thread: posts with quotes and replies, paging, the new-since-last-visit marker.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seatNo } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';
import { call, type Game, type Post } from './api.js';
import { ErrorLine, postText, time, useErr } from './common.js';

interface Page {
  page: number;
  pages: number;
  total: number;
  firstNew: number | null;
  posts: Post[];
}

export function Thread({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page | null>(null);
  const [want, setWant] = useState<number | undefined>(() => {
    const p = Number(new URLSearchParams(window.location.search).get('page'));
    return Number.isInteger(p) && p > 0 ? p : undefined;
  });
  const [text, setText] = useState('');
  const [reply, setReply] = useState<{ n: number; quote?: string } | null>(null);
  const [err, setErr, clear] = useErr();
  const load = useCallback(() => {
    call<Page>('GET', `/games/${game.id}/posts${want ? `?page=${want}` : ''}`, k).then((p) => {
      setPage(p);
      const last = p.posts[p.posts.length - 1];
      if (game.viewer === 'seat' && last) void call('POST', `/games/${game.id}/seen`, k, { post: last.n }).catch(() => undefined);
      const hash = window.location.hash;
      if (hash) setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView(), 0);
    }, setErr);
  }, [game.id, k, want, game.posts]);
  useEffect(load, [load]);
  const canWrite = game.viewer === 'host' || (game.viewer === 'seat' && game.you?.alive && !game.phase?.finished);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    call('POST', `/games/${game.id}/posts`, k, { text, ...(reply ? { replyTo: reply.n, ...(reply.quote ? { quote: reply.quote } : {}) } : {}) }).then(() => {
      setText('');
      setReply(null);
      setWant(undefined);
      reload();
      load();
    }, setErr);
  };
  const pageOf = (n: number): number => Math.ceil(n / 20);
  if (!page) return <p className="muted">{t('app.loading')}</p>;
  return (
    <section className="f-thread">
      <Pager page={page} go={setWant} />
      {page.posts.map((p) => (
        <div key={p.n}>
          {page.firstNew === p.n && (
            <div className="f-new" data-testid="forum-new">
              {t('forum.newSince')}
            </div>
          )}
          <article id={`p${p.n}`} className={`f-post${p.by === 0 ? ' host' : ''}`} data-testid="forum-post">
            <header>
              <a href={`/f/${game.id}?page=${pageOf(p.n)}#p${p.n}`} className="f-n">
                #{p.n}
              </a>{' '}
              <strong>{p.by === 0 ? t('forum.host') : `${p.name} (${seatNo(p.by, currentLang())})`}</strong> <span className="muted">{time(p.at)}</span>
            </header>
            {p.replyTo && (
              <a className="f-replyto" href={`/f/${game.id}?page=${pageOf(p.replyTo)}#p${p.replyTo}`}>
                {t('forum.replyTo', { n: p.replyTo })}
              </a>
            )}
            {p.quote && <blockquote>{p.quote}</blockquote>}
            <div className="f-text">{postText(p, t, game)}</div>
            {p.note && (
              <div className="f-note">
                <em>{t('forum.hostNote')}:</em> {p.note}
              </div>
            )}
            {canWrite && (
              <footer>
                <button type="button" className="btn btn-small" onClick={() => setReply({ n: p.n })}>
                  {t('forum.reply')}
                </button>
                <button type="button" className="btn btn-small" data-testid="forum-quote" onClick={() => setReply({ n: p.n, quote: postText(p, t, game).slice(0, 600) })}>
                  {t('forum.quote')}
                </button>
              </footer>
            )}
          </article>
        </div>
      ))}
      <Pager page={page} go={setWant} />
      {canWrite && (
        <form className="f-form" onSubmit={submit}>
          {reply && (
            <div className="f-replying">
              {t('forum.replyTo', { n: reply.n })}
              {reply.quote && <blockquote>{reply.quote}</blockquote>}
              <button type="button" className="btn btn-small" onClick={() => setReply(null)}>
                ×
              </button>
            </div>
          )}
          <label>
            {t('forum.write')}
            <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} required maxLength={4000} data-testid="forum-text" />
          </label>
          <button className="btn" type="submit" data-testid="forum-send">
            {t('forum.send')}
          </button>
        </form>
      )}
      <ErrorLine err={err} />
    </section>
  );
}

function Pager({ page, go }: { page: Page; go: (p: number) => void }) {
  const { t } = useTranslation();
  if (page.pages <= 1) return null;
  return (
    <div className="f-pager">
      <button type="button" className="btn btn-small" disabled={page.page <= 1} onClick={() => go(page.page - 1)}>
        {t('forum.prev')}
      </button>
      <span>{t('forum.page', { p: page.page, n: page.pages })}</span>
      <button type="button" className="btn btn-small" disabled={page.page >= page.pages} onClick={() => go(page.page + 1)}>
        {t('forum.next')}
      </button>
    </div>
  );
}
