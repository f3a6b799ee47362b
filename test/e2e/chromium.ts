// Debian's chromium for the end-to-end tests: never a downloaded browser. The flags keep it from
// reaching out to the network, which this machine refuses (and which would slow every start).
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
