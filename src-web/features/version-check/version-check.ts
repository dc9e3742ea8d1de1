import { STORAGE_KEYS, VERSION_CHECK } from '../../../src-shared/domain/constants.ts';

/** The meta tag the build writes into index.html: `<meta name="app-version" content="<build id>">`. */
const VERSION_META_NAME = 'app-version';

/** Remembers, for this tab, which new version we reloaded for, so a stale build never reloads in a loop. */
const RELOADED_FOR_KEY = 'app_version_reloaded_for';

export interface VersionCheckDeps {
  runningVersion: string;
  fetch: typeof fetch;
  localStorage: Storage;
  sessionStorage: Storage;
  caches: CacheStorage | undefined;
  reload(): void;
  now(): number;
}

export type VersionCheckOutcome = 'current' | 'reloading' | 'stale-after-reload' | 'failed';

/** A `<meta>` tag naming the marker, in any attribute order or quoting. */
const MARKER_TAG = new RegExp(`<meta\\b[^>]*\\bname=["']?${VERSION_META_NAME}(?=["'\\s/>])[^>]*>`, 'i');

/**
 * The version marker of an index.html, or undefined when it has none. Only the marker's tag
 * goes through the HTML parser: the whole page (its inline styles and markup) would cost the
 * start of every visit tens of milliseconds of main-thread time.
 */
export function readVersionMarker(html: string): string | undefined {
  const tag = MARKER_TAG.exec(html)?.[0];
  if (!tag) return undefined;
  const meta = new DOMParser().parseFromString(tag, 'text/html').querySelector(`meta[name="${VERSION_META_NAME}"]`);
  return meta?.getAttribute('content') ?? undefined;
}

/** app_version is a JSON {version, timestamp} in local storage. */
function rememberVersion(deps: VersionCheckDeps): void {
  deps.localStorage.setItem(STORAGE_KEYS.appVersion, JSON.stringify({ version: deps.runningVersion, timestamp: deps.now() }));
}

async function clearCaches(deps: VersionCheckDeps): Promise<void> {
  if (deps.caches) {
    const names = await deps.caches.keys();
    await Promise.all(names.map((name) => deps.caches?.delete(name)));
  }
  deps.localStorage.removeItem(STORAGE_KEYS.blogList);
  deps.localStorage.removeItem(STORAGE_KEYS.appVersion);
}

/**
 * The version check: fetch /index.html past every cache, read its marker, and when it
 * differs from the running version clear the caches, drop the stored version and reload.
 * Never throws: a failure is only logged.
 */
export async function checkForNewVersion(deps: VersionCheckDeps): Promise<VersionCheckOutcome> {
  try {
    const response = await deps.fetch(`/index.html?v=${deps.now()}`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET /index.html answered ${response.status}`);
    const published = readVersionMarker(await response.text());
    if (!published) throw new Error('index.html carries no version marker');
    if (published === deps.runningVersion) {
      deps.sessionStorage.removeItem(RELOADED_FOR_KEY);
      return 'current';
    }
    if (deps.sessionStorage.getItem(RELOADED_FOR_KEY) === published) {
      console.warn(
        `Version ${published} is published but this tab still runs ${deps.runningVersion} after reloading; not reloading again.`,
      );
      return 'stale-after-reload';
    }
    await clearCaches(deps);
    deps.sessionStorage.setItem(RELOADED_FOR_KEY, published);
    deps.reload();
    return 'reloading';
  } catch (error) {
    console.warn('Version check failed:', error);
    return 'failed';
  }
}

/** Checks now and every 2 minutes; returns a function that stops it. */
export function startVersionCheck(deps: VersionCheckDeps): () => void {
  try {
    rememberVersion(deps);
  } catch (error) {
    console.warn('Could not store the app version:', error);
  }
  void checkForNewVersion(deps);
  const timer = setInterval(() => void checkForNewVersion(deps), VERSION_CHECK.intervalMs);
  return () => clearInterval(timer);
}

/**
 * Starts the check in the browser (main.tsx calls it once the page has loaded); tests run
 * without a build id and skip it.
 */
export function startBrowserVersionCheck(): void {
  if (typeof __APP_BUILD_ID__ !== 'string') return;
  startVersionCheck({
    runningVersion: __APP_BUILD_ID__,
    fetch: (...args) => window.fetch(...args),
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    caches: 'caches' in window ? window.caches : undefined,
    reload: () => window.location.reload(),
    now: () => Date.now(),
  });
}
