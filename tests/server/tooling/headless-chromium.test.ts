import { describe, expect, it } from 'vitest';
import { FULL_CHROMIUM, HEADLESS_SHELL, headlessChromiumPath } from '../../support/headless-chromium.ts';

const installed =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('the Chromium the journeys drive', () => {
  it('is the headless shell when both builds are installed', () => {
    expect(headlessChromiumPath({}, installed(FULL_CHROMIUM, HEADLESS_SHELL))).toBe(HEADLESS_SHELL);
  });

  it('is the full browser when the shell is not installed', () => {
    expect(headlessChromiumPath({}, installed(FULL_CHROMIUM))).toBe(FULL_CHROMIUM);
  });

  it('is CHROME_PATH when set, even with the shell installed (to watch a journey with --headed)', () => {
    expect(headlessChromiumPath({ CHROME_PATH: '/opt/chrome/chrome' }, installed('/opt/chrome/chrome', HEADLESS_SHELL))).toBe(
      '/opt/chrome/chrome',
    );
  });

  it('says how to install one when none is there, naming the missing path', () => {
    expect(() => headlessChromiumPath({}, installed())).toThrow(/apt-get install chromium-headless-shell/);
    expect(() => headlessChromiumPath({ CHROME_PATH: '/nowhere/chrome' }, installed(HEADLESS_SHELL))).toThrow(
      'No Chromium at /nowhere/chrome.',
    );
  });
});
