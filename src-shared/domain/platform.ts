/**
 * What the shared admin screens need from the front end that hosts them. The web app
 * implements it with browser storage and downloads; the desktop console with the OS
 * keychain and native dialogs, behind its main process.
 */
export interface Platform {
  /** The admin session token. */
  tokenStore: TokenStore;
  saveFile(file: FileToSave): Promise<SaveFileResult>;
  /** Opens an http(s) link outside the app: a new tab, or the system browser. */
  openExternal(url: string): Promise<void>;
}

export interface TokenStore {
  read(): Promise<string | null>;
  write(token: string): Promise<void>;
  clear(): Promise<void>;
}

export interface FileToSave {
  /** The name offered to the user, such as leads-2026-11-21.csv. */
  suggestedName: string;
  mimeType: string;
  contents: string;
}

export type SaveFileResult =
  { status: 'saved'; location: string } | { status: 'cancelled' } | { status: 'failed'; message: string };
