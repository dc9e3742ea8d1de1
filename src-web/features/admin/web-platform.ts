import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { isExternalWebUrl, isMailtoOneAddress } from '../../../src-shared/domain/external-url.ts';
import type { Platform, TokenStore } from '../../../src-shared/domain/platform.ts';
import { saveExportInBrowser } from './save-export.ts';

/**
 * Told when this tab writes or clears the admin token: the browser's `storage` event reaches
 * only the other tabs, and the admin panel must know at once that the operator signed in here.
 */
const TOKEN_CHANGED_HERE = 'admin-token-changed';
const changedHere = () => window.dispatchEvent(new Event(TOKEN_CHANGED_HERE));

/** The admin token under localStorage 'admin_api_token' (a fixed key, shared with the blog's admin tools). */
export const webAdminTokenStore: TokenStore = {
  read: async () => localStorage.getItem(STORAGE_KEYS.adminToken),
  write: async (token) => {
    localStorage.setItem(STORAGE_KEYS.adminToken, token);
    changedHere();
  },
  clear: async () => {
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    changedHere();
  },
};

/** The web app's Platform: the save dialog (or a download) for exports, a new tab for links. */
export const webPlatform: Platform = {
  saveExport: (request, onProgress, signal) => saveExportInBrowser(webAdminTokenStore, request, onProgress, signal),
  async openExternal(url) {
    // A mail link goes to the mail app; the page stays where it is.
    if (isMailtoOneAddress(url)) return window.location.assign(url);
    if (!isExternalWebUrl(url)) throw new Error('Only http and https links, and mail links to one address, can be opened');
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

/** Calls `listener` when this tab or another one changes or removes the admin token. */
export function subscribeToAdminTokenChanges(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.adminToken || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(TOKEN_CHANGED_HERE, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(TOKEN_CHANGED_HERE, listener);
  };
}

/** Broadcast when the operator cancels the admin password dialog, so the admin pages can leave. */
export const ADMIN_CANCEL_EVENT = 'admin-cancel';
