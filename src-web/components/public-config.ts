import { useEffect, useState } from 'react';
import { callEndpoint } from '../../src-shared/api/endpoint.ts';
import { getPublicConfig } from '../../src-shared/domain/endpoints/public.ts';
import type { PublicConfig } from '../../src-shared/domain/public-config.ts';

let pending: Promise<PublicConfig> | undefined;

/** `GET /api/config`, fetched once per page load and shared; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= callEndpoint(getPublicConfig, {})
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
