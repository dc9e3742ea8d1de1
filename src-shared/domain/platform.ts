/**
 * What the shared admin screens need from the front end that hosts them. The web app
 * implements it with downloads and new tabs; the desktop console with native dialogs and
 * the system browser, behind its main process.
 */
export interface Platform {
  /**
   * Downloads a server CSV export into a file without holding it whole: the web app into a
   * download (or a file picked with the File System Access API), the desktop console straight
   * into the file chosen in the native save dialog. `onProgress` gets the bytes written so far;
   * aborting `signal` cancels (the result is then 'cancelled' and no partial file stays).
   */
  saveExport(request: ExportToSave, onProgress?: (bytes: number) => void, signal?: AbortSignal): Promise<SaveFileResult>;
  /** Opens an http(s) link outside the app (a new tab, or the system browser), or a mailto: link to one address in the mail app. */
  openExternal(url: string): Promise<void>;
}

/**
 * Where an admin client keeps its session token: browser storage on the web, the OS keychain
 * in the desktop console's main process (the console's renderer never holds it).
 */
export interface TokenStore {
  read(): Promise<string | null>;
  write(token: string): Promise<void>;
  clear(): Promise<void>;
}

export interface ExportToSave {
  /** `/api/admin/leads/export?q=…`: an export path of the admin API, with its query. */
  path: string;
  /** The name offered to the user, such as leads-2026-11-25.csv. */
  suggestedName: string;
}

export type SaveFileResult =
  | { status: 'saved'; location: string }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string }
  /** The server refused the export: the admin session has ended, so nothing was saved. */
  | { status: 'unauthorized' };
