// Atom feeds for readers outside the browser: a game's thread (public), and with a seat's key
// that seat's private channels as well. Only what the viewer may read goes in.
import type { ForumGame } from './game.js';
import type { Message, Post } from './types.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (t: number): string => new Date(t).toISOString();

export function atomFeed(g: ForumGame, base: string, messages: Message[], title: string): string {
  const d = g.doc;
  const entries: { at: number; id: string; title: string; text: string; link: string }[] = d.posts.map((p: Post) => ({
    at: p.at,
    id: `urn:gorod:forum:${d.id}:post:${p.n}`,
    title: `#${p.n} ${p.name}`,
    text: p.quote ? `« ${p.quote} »\n${p.text}` : p.text,
    link: `${base}/f/${d.id}#p${p.n}`,
  }));
  for (const m of messages)
    entries.push({
      at: m.at,
      id: `urn:gorod:forum:${d.id}:msg:${m.n}`,
      title: m.channel === 'team:black' ? 'Чат команды' : m.by === 0 ? 'Ведущий (лично)' : 'Вы → ведущему',
      text: m.text,
      link: `${base}/f/${d.id}/private`,
    });
  entries.sort((a, b) => b.at - a.at);
  const updated = entries[0]?.at ?? d.createdAt;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${esc(title)}</title>`,
    `<id>urn:gorod:forum:${d.id}</id>`,
    `<updated>${iso(updated)}</updated>`,
    `<link href="${esc(`${base}/f/${d.id}`)}"/>`,
    ...entries.slice(0, 200).map(
      (e) => `<entry><id>${e.id}</id><title>${esc(e.title)}</title><updated>${iso(e.at)}</updated><link href="${esc(e.link)}"/><author><name>Gorod</name></author><content type="text">${esc(e.text)}</content></entry>`,
    ),
    '</feed>',
  ].join('\n');
}
