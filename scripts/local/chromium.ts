/** Debian's Chromium (`apt-get install chromium`), never a test tool's own download. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Its flags for this machine's closed network: headless, no sandbox, no background traffic. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
