// A server's WebSocket text frame (RFC 6455 §5.2) as one Buffer: the header and the payload
// together. Server frames are not masked and the server never fragments, so a message's frame
// is the same bytes for every socket. ws.ts writes it straight to the (corked) socket, one write
// where `ws`'s sender makes two (header, payload) and its per-call option handling: on loopback
// under W2 that send path was a tenth of the server's CPU per command. Only for a connection
// that negotiated no extension (the server offers no permessage-deflate).

const FIN_TEXT = 0x81;

function header(buf: Buffer, len: number): number {
  buf[0] = FIN_TEXT;
  if (len < 126) {
    buf[1] = len;
    return 2;
  }
  if (len < 65536) {
    buf[1] = 126;
    buf.writeUInt16BE(len, 2);
    return 4;
  }
  buf[1] = 127;
  buf.writeUInt32BE(Math.floor(len / 2 ** 32), 2);
  buf.writeUInt32BE(len >>> 0, 6);
  return 10;
}

function headerLength(len: number): number {
  return len < 126 ? 2 : len < 65536 ? 4 : 10;
}

/** The text frame of `data` (a string, or a Buffer holding its UTF-8). */
export function textFrame(data: string | Buffer): Buffer {
  if (typeof data === 'string') {
    const len = Buffer.byteLength(data);
    const buf = Buffer.allocUnsafe(headerLength(len) + len);
    buf.write(data, header(buf, len), len, 'utf8');
    return buf;
  }
  const buf = Buffer.allocUnsafe(headerLength(data.length) + data.length);
  data.copy(buf, header(buf, data.length));
  return buf;
}
