import { Server } from 'node:net';

/**
 * Set up in the quick projects only (vitest.config.ts): their files were chosen as starting no
 * server, and this makes a wrong choice fail at once with a pointer, instead of quietly making
 * the quick loop slow. A file that needs a server belongs in the full run alone.
 */
Server.prototype.listen = function listen(): never {
  throw new Error(
    'A test in the quick projects started a server. vitest.config.ts (STARTS_SOMETHING) chose this file as starting ' +
      'nothing: name the helper that starts the server there, so the file runs only in `npm run test:unit`.',
  );
};
