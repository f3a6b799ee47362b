// The wire protocol of the game server, in one place: what clients send (client.ts), what the
// server sends (server.ts), and the error codes (errors.ts). The server, the web app, the bots and
// the load generator import it from here (docs/protocol.md describes it in words).
export * from './client.js';
export * from './errors.js';
export * from './fold.js';
export * from './server.js';
