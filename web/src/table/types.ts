import type { Command } from '../../../src/engine/index.js';
import type { CommandError } from '../lib/ws.js';
import type { ClientCommand } from '../lib/protocol.js';

export type SendResult = { ok: true } | { ok: false; error: CommandError };
export type Send = (c: ClientCommand) => Promise<SendResult>;
export type Legal = readonly Command[];
