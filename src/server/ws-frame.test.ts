import { describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import { textFrame } from './ws-frame.js';

/** What `ws` itself writes for a server's unmasked, uncompressed text message. */
function wsFrame(text: string): Buffer {
  const data = Buffer.from(text);
  const { Sender } = wsModule as unknown as { Sender: { frame(d: Buffer, o: object): Buffer[] } };
  const parts = Sender.frame(data, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false });
  return Buffer.concat(parts);
}

describe('textFrame', () => {
  it('gives the bytes ws writes, for every length class and for UTF-8', () => {
    for (const n of [0, 1, 125, 126, 127, 1000, 65535, 65536, 70000]) {
      const text = 'x'.repeat(n);
      expect(textFrame(text).equals(wsFrame(text))).toBe(true);
      expect(textFrame(Buffer.from(text)).equals(wsFrame(text))).toBe(true);
    }
    const ru = '{"type":"events","name":"Ёжик в тумане"}'.repeat(5);
    expect(textFrame(ru).equals(wsFrame(ru))).toBe(true);
    expect(textFrame(Buffer.from(ru)).equals(wsFrame(ru))).toBe(true);
  });
});
