// @vitest-environment jsdom
// Every word a forum reader reads is in their language: the host's results post is written from
// the engine's events, the host's announcements and the private channel's lines from the data they
// carry — never the server's Russian text on an English page (nor a bare seat number).
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/index.js';
import { i18n } from '../lib/i18n.js';
import type { Game, Message, Post } from './api.js';
import { messageText, postText, sayText, seatName } from './common.js';

const game = { seats: [{ seat: 1, name: 'Анна' }, { seat: 2, name: 'Борис' }, { seat: 3, name: 'Вера' }] } as unknown as Game;
const t = i18n.t.bind(i18n);
afterEach(() => void i18n.changeLanguage('ru'));

const night = { t: 'eliminated', seat: 2, cause: 'kill', lastWord: false, n: 9, vis: 'public', rule: 'R45', phase: 'day', number: 2 } as unknown as GameEvent;
const results: Post = { n: 5, at: 0, by: 0, name: 'Ведущий', text: '№2 убит', auto: true, events: [night] };

describe('forum lines in the reader’s language', () => {
  it('the results post is told from its events, with the players’ names', async () => {
    await i18n.changeLanguage('en');
    const en = postText(results, t, game);
    expect(en).toContain('#2 Борис');
    expect(en).not.toContain('убит');
    await i18n.changeLanguage('ru');
    expect(postText(results, t, game)).toContain('№2 Борис');
  });

  it('the host’s announcements: an extension, a replacement, a removal', async () => {
    await i18n.changeLanguage('en');
    const ext: Post = { n: 6, at: 0, by: 0, name: 'Ведущий', text: 'Ведущий продлил срок на 30 мин.', say: { kind: 'extend', minutes: 30, until: Date.parse('2026-03-02T17:30:00Z') } };
    expect(postText(ext, t, game)).toBe('The host extended the deadline by 30 min: now 02.03 21:30');
    expect(sayText({ kind: 'replace', seat: 3, name: 'Вера', old: 'Глеб' }, t, game)).toBe('Replacement: seat #3 — Вера instead of Глеб');
    expect(sayText({ kind: 'remove', seat: 1, name: 'Анна' }, t, game)).toBe('The host removed #1 Анна for silence');
    await i18n.changeLanguage('ru');
    expect(postText(ext, t, game)).toBe('Ведущий продлил срок на 30 мин.: новый срок — 02.03 21:30');
  });

  it('a night move as sent, its confirmation from the engine, free text as written', async () => {
    await i18n.changeLanguage('en');
    const act: Message = { n: 1, at: 0, channel: 'seat:1', by: 1, text: 'Выстрел → №2', kind: 'action', act: { verb: 'kill', target: 2 } };
    expect(messageText(act, t, game)).toBe('Shot → #2 Борис');
    const ev = { t: 'nightAction', seat: 1, verb: 'kill', target: 2, n: 10, vis: [1], rule: 'R45', phase: 'night', number: 1 } as unknown as GameEvent;
    const confirm: Message = { n: 2, at: 0, channel: 'seat:1', by: 0, text: 'Принято. №1 убивает №2', kind: 'confirm', ev };
    expect(messageText(confirm, t, game)).toMatch(/^Accepted\. .*#2 Борис/);
    const free: Message = { n: 3, at: 0, channel: 'seat:1', by: 0, text: 'Итоги утром', kind: 'text' };
    expect(messageText(free, t, game)).toBe('Итоги утром');
    expect(seatName(game, 3)).toBe('#3 Вера');
  });
});
