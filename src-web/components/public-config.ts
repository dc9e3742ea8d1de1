import { useEffect, useState } from 'react';
import { callEndpoint } from '../../src-shared/api/endpoint.ts';
import type { getPublicConfig as contract } from '../../src-shared/domain/endpoints/public.ts';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../src-shared/domain/public-config.ts';

/**
 * /api/config's contract as the entry script carries it. Every page loads this module, and the
 * contract's module holds TypeBox and the forms' schemas (13 KB gzipped, over the first-load
 * budget), so only its type is imported: `satisfies` keeps this method and path the contract's
 * own, and a renamed path fails type-checking here as on the server.
 */
const getPublicConfig = { method: 'GET', path: '/api/config' } as const satisfies Pick<typeof contract, 'method' | 'path'>;

/**
 * The answer the server wrote into the page (server/http/web-app/page-html.ts), read once: the
 * app then has it at its first render. Absent where no server wrote it (the build's prerender,
 * Vite's dev server, the tests' jsdom), and then fetched.
 */
function configInPage(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as PublicConfig) : undefined;
  } catch {
    return undefined; // unreadable: fetched like an absent one
  }
}

let known: PublicConfig | undefined = configInPage();
let pending: Promise<PublicConfig> | undefined = known && Promise.resolve(known);

/** `GET /api/config`, from the page or fetched once per page load and shared; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= callEndpoint(getPublicConfig as typeof contract, {})
    .then((answer) => {
      // A 2xx that is not JSON is as unusable as a failure.
      if (!answer.ok || answer.body === undefined) {
        throw new Error(`${getPublicConfig.method} ${getPublicConfig.path} answered ${answer.status}`);
      }
      known = answer.body;
      return answer.body;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

export type PublicConfigState = { status: 'loading' } | { status: 'ready'; config: PublicConfig } | { status: 'error' };

/** The public configuration for a component, with its loading and error states. */
export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<PublicConfigState>(() =>
    known ? { status: 'ready', config: known } : { status: 'loading' },
  );
  useEffect(() => {
    let current = true;
    loadPublicConfig().then(
      // Already ready when the page carried the configuration: no second render then.
      (config) => current && setState((previous) => (previous.status === 'ready' ? previous : { status: 'ready', config })),
      (error: unknown) => {
        console.error('Could not load the public configuration', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
