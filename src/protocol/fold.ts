// How a client folds an `events` frame into what it holds (docs/protocol.md, "Patch frames"). No
// zod here: the web app imports it without the schemas.
import type { Command, GameView } from '../engine/index.js';
import type { EventsFrame } from './server.js';

/**
 * The view and legal commands a client holds after an `events` frame (the log apart: the frame's
 * events extend it). A whole frame replaces them; a patch replaces the fields it names.
 */
export function foldEvents(held: { view: GameView | null; legal: Command[] }, f: EventsFrame): { view: GameView; legal: Command[] } {
  if (f.view) return { view: f.view, legal: f.legal ?? [] };
  if (!held.view) throw new Error('a patch frame before any view');
  return { view: { ...held.view, ...f.patch }, legal: f.legal ?? held.legal };
}
