import type { TokenStore } from '../../domain/platform.ts';

/**
 * A token store that forgets on exit: the desktop console's fallback when the OS keychain
 * is unavailable, and the store of tests that drive the admin client directly.
 */
export function createMemoryTokenStore(): TokenStore {
  let token: string | null = null;
  return {
    read: async () => token,
    write: async (value) => {
      token = value;
    },
    clear: async () => {
      token = null;
    },
  };
}
