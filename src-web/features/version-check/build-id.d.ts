/** The build's id, written by vite.config.ts (appVersion plugin); absent in tests. */
declare const __APP_BUILD_ID__: string;
