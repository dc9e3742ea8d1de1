import { useEffect, useState } from 'react';
import { callEndpoint } from '../../src-shared/api/endpoint.ts';
import type { getPublicConfig as contract } from '../../src-shared/domain/endpoints/public.ts';
import type { PublicConfig } from '../../src-shared/domain/public-config.ts';

/**
 * /api/config's contract as the entry script carries it. Every page loads this module, and the
 * contract's module holds TypeBox and the forms' schemas (13 KB gzipped, over the first-load
 * budget), so only its type is imported: `satisfies` keeps this method and path the contract's
 * own, and a renamed path fails type-checking here as on the server.
 */
const getPublicConfig = { method: 'GET', path: '/api/config' } as const satisfies Pick<typeof contract, 'method' | 'path'>;

let pending: Promise<PublicConfig> | undefined;

/** `GET /api/config`, fetched once per page load and shared; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= callEndpoint(getPublicConfig as typeof contract, {})
    .then((answer) => {
      // A 2xx that is not JSON is as unusable as a failure.
      if (!answer.ok || answer.body === undefined) {
        throw new Error(`${getPublicConfig.method} ${getPublicConfig.path} answered ${answer.status}`);
      }
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
  const [state, setState] = useState<PublicConfigState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadPublicConfig().then(
      (config) => current && setState({ status: 'ready', config }),
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
