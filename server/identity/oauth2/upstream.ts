import * as oidc from 'openid-client';
import type { UpstreamProviderConfig } from '../config.ts';

export type ProviderName = 'Google' | 'AzureAD';
export const PROVIDER_NAMES: readonly ProviderName[] = ['Google', 'AzureAD'];

/**
 * The upstream OpenID providers, each discovered on first use (not at start-up, so a
 * provider that is down never stops the server) and remembered once discovery works.
 */
export function createUpstreams(providers: Partial<Record<ProviderName, UpstreamProviderConfig>>) {
  const discovered = new Map<ProviderName, Promise<oidc.Configuration>>();
  return {
    isConfigured: (name: ProviderName) => providers[name] !== undefined,
    configuration(name: ProviderName): Promise<oidc.Configuration> {
      const settings = providers[name];
      if (settings === undefined) return Promise.reject(new Error(`${name} is not configured`));
      let pending = discovered.get(name);
      if (pending === undefined) {
        const url = new URL(settings.discoveryUrl);
        // Plain http only for a provider on this machine (tests, local development).
        const insecure = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
        pending = oidc.discovery(
          url,
          settings.clientId,
          settings.clientSecret,
          undefined,
          insecure ? { execute: [oidc.allowInsecureRequests] } : {},
        );
        pending.catch(() => discovered.delete(name));
        discovered.set(name, pending);
      }
      return pending;
    },
  };
}
