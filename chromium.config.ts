// Chromium settings shared by every browser run (vitest browser projects, Storybook tests, e2e).
// Debian's /usr/bin/chromium is used; nothing downloads a browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Playwright already uses a fresh temporary profile per launch and --no-sandbox; the list is
// explicit to document the requirement. --host-resolver-rules stops Chromium's own look-ups of
// Google hosts, so the browser can only ever reach loopback.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
]

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
}
