// The wire protocol lives in src/protocol/ (shared with the web app, bots and benchmarks); the
// server's modules keep importing it from here.
export * from '../protocol/index.js';
