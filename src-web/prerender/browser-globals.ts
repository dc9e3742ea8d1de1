/**
 * The little of `window` that the public pages read while they render (their origin, media
 * queries, scroll position, stored sign-in), for rendering them at build time in Node. A
 * visitor with nothing stored, at the top of a wide screen: what the prerendered HTML shows
 * until the app renders the page for the actual visitor.
 */
const emptyStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  // For the tests that prerender a page (tests/web/prerender), whose setup clears storage after each.
  clear: () => undefined,
};

const noMediaQueryMatches = (media: string) => ({
  media,
  matches: false,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

Object.assign(globalThis, {
  window: {
    location: new URL('http://localhost/'),
    matchMedia: noMediaQueryMatches,
    scrollY: 0,
    localStorage: emptyStorage,
    sessionStorage: emptyStorage,
  },
  localStorage: emptyStorage,
  sessionStorage: emptyStorage,
});

export {};
