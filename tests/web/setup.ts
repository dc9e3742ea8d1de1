import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Screens that talk to a real server share two cores with it and with the rest of the suite: a
// round trip there took over the default second (a group added, then the list reloaded). waitFor
// and findBy still answer as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5000, getElementError: describedWhenRead });

/**
 * Testing Library's error for a query that found nothing, with its print of the document made
 * when the message is read rather than when the error is made. findBy and waitFor run their
 * query after every change to the page, and each miss printed the whole document though only
 * the last miss is ever shown: a screen that changes hundreds of times while a test waits spent
 * more time printing itself than rendering. Vitest reads the message as the test fails, before
 * the page is cleaned up, so the print shows the page as it failed.
 */
function describedWhenRead(message: string | null, container: Element | Document): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let described: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () =>
      (described ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container) || ''}`]
        .filter(Boolean)
        .join('\n\n')),
  });
  return error;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The web files share a worker's module registry (isolate: false in vitest.config.ts), which
// saves re-importing React and Fluent UI for each file. What a file leaves behind is undone
// here: our own modules are evaluated again for the next file (their module-level caches, such
// as the public configuration, start empty), and its stubbed globals and fake timers go.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

// jsdom has no layout, so no ResizeObserver; Fluent's MessageBar observes its size to reflow,
// which cannot matter here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom answers no media query; a page asking one (reduced motion, a phone's width) is then on a
// wide screen with motion allowed. Files that need a query answered put their own in place
// (tests/web/marketing/viewport.ts). The prerender files run in node, with no window at all.
if (typeof window !== 'undefined')
  window.matchMedia ??= (query: string) =>
    ({
      media: query,
      matches: false,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
