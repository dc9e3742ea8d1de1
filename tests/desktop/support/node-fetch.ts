/**
 * Node's fetch, for main's admin session in tests that reach a real server on this computer (the
 * app gives Electron's net.fetch, see server-fetch.ts). Looked up at each call, so a test's spy
 * on globalThis.fetch sees the session's requests.
 */
export const nodeFetch: typeof fetch = (input, init) => fetch(input, init);
