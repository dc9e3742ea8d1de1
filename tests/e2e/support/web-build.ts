import path from 'node:path';

/** The web build the journeys' servers serve and the budgets measure: WEB_DIST_DIR, as for the server, else dist/web. */
export const WEB_DIST_DIR = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
