import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkForNewVersion,
  readVersionMarker,
  startVersionCheck,
  type VersionCheckDeps,
} from '../../../src-web/features/version-check/version-check.ts';

const page = (version: string) =>
  `<!doctype html><html><head><meta name="app-version" content="${version}"></head><body></body></html>`;

/** Real storage (jsdom's) and a Cache Storage stand-in that records what was deleted. */
function deps(published: string | Error, overrides: Partial<VersionCheckDeps> = {}) {
  const deleted: string[] = [];
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const result = {
    runningVersion: 'build-1',
    fetch: vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), init });
      if (published instanceof Error) throw published;
      return new Response(page(published));
    }) as unknown as typeof fetch,
    localStorage,
    sessionStorage,
    caches: {
      keys: async () => ['workbox-precache', 'images'],
      delete: async (name: string) => (deleted.push(name), true),
    } as unknown as CacheStorage,
    reload: vi.fn(),
    now: () => 1_700_000_000_000,
    ...overrides,
  } satisfies VersionCheckDeps;
  return { ...result, deleted, requests };
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the version check', () => {
  it('reads the marker the build writes into index.html', () => {
    expect(readVersionMarker(page('20261121T234500-abc123'))).toBe('20261121T234500-abc123');
    expect(readVersionMarker('<html><head></head></html>')).toBeUndefined();
  });

  it('fetches /index.html past every cache and does nothing while the version is current', async () => {
    const current = deps('build-1');
    expect(await checkForNewVersion(current)).toBe('current');
    expect(current.requests).toEqual([{ url: '/index.html?v=1700000000000', init: { cache: 'no-store' } }]);
    expect(current.reload).not.toHaveBeenCalled();
  });

  it('clears Cache Storage and the blog cache, removes the stored version and reloads on a new version', async () => {
    localStorage.setItem('blog_posts_cache', '{"data":[]}');
    localStorage.setItem('app_version', JSON.stringify({ version: 'build-1', timestamp: 1 }));
    localStorage.setItem('accessToken', 'kept');
    const newer = deps('build-2');
    expect(await checkForNewVersion(newer)).toBe('reloading');
    expect(newer.deleted).toEqual(['workbox-precache', 'images']);
    expect(localStorage.getItem('blog_posts_cache')).toBeNull();
    expect(localStorage.getItem('app_version')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe('kept');
    expect(newer.reload).toHaveBeenCalledOnce();
  });

  it('does not reload in a loop when the reloaded page still runs the old build', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = deps('build-2');
    await checkForNewVersion(first);
    const afterReload = deps('build-2');
    expect(await checkForNewVersion(afterReload)).toBe('stale-after-reload');
    expect(afterReload.reload).not.toHaveBeenCalled();
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = deps(new TypeError('Failed to fetch'));
    expect(await checkForNewVersion(offline)).toBe('failed');
    expect(offline.reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Version check failed:', expect.any(TypeError));
  });

  it('stores the running version, checks on start and every 2 minutes', async () => {
    vi.useFakeTimers();
    const running = deps('build-1');
    const stop = startVersionCheck(running);
    expect(JSON.parse(localStorage.getItem('app_version') ?? '{}')).toEqual({ version: 'build-1', timestamp: 1_700_000_000_000 });
    expect(running.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(running.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(running.fetch).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(240_000);
    expect(running.fetch).toHaveBeenCalledTimes(2);
  });
});
