import { existsSync } from 'node:fs';

/** Debian's `chromium-headless-shell`: Chromium's own headless build, what Playwright runs headless by default. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's full `chromium`: it runs headless too, and also `--headed`. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** Flags for a browser that only serves tests: no sandbox (CI runs as root), no GPU, no calls home. */
export const HEADLESS_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The Chromium that the end-to-end journeys and the benches' browser measurements drive: CHROME_PATH when
 * set, else the headless shell when installed, else the full browser. The shell is the same
 * Blink and V8 without the browser's UI processes. Both ran the 148 journeys green on a 2 vCPU
 * VM; with the shell a fresh context loads `/` in about 0.56 s instead of 0.9 s, and the
 * journeys took 4.2 min instead of 5.2 (bench/HISTORY.md, "Chromium's headless shell, and an eighth VM").
 */
export function headlessChromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  const chosen = env.CHROME_PATH || [HEADLESS_SHELL, FULL_CHROMIUM].find(exists);
  if (!chosen || !exists(chosen)) {
    throw new Error(
      `No Chromium at ${chosen ?? `${HEADLESS_SHELL} or ${FULL_CHROMIUM}`}. Install one with ` +
        '"apt-get install chromium-headless-shell" or "apt-get install chromium" (Debian/Ubuntu), ' +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  return chosen;
}
