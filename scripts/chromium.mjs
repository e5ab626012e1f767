// How everything here starts Chromium: the browser tests (tests/e2e/support/harness.ts) and
// `npm run audit` (Lighthouse). It is Debian's /usr/bin/chromium unless CHROMIUM_PATH names
// another; no browser is ever downloaded.

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags Chromium needs on these machines: it runs as root (no sandbox), without a GPU, and never
 * reaches out to the network on its own (updates, sync, QUIC probes).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
