import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../src-shared/domain/public-config.ts';

let pending: Promise<PublicConfig> | undefined;

/** `GET /api/config`, fetched once per page load and shared; a failure is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      return (await response.json()) as PublicConfig;
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
