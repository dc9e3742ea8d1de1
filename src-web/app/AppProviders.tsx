import type { ReactNode } from 'react';

/**
 * App-wide providers. There is deliberately no FluentProvider: its CSS-in-JS engine and the
 * theme computation would cost the home page a fifth of its first-load budget. The theme's
 * CSS variables are written into index.html at build time (vite.config.ts), global.css gives
 * the body FluentProvider's typography, and focus-visible.ts marks keyboard focus for Fluent
 * components, so Fluent components on any page look and behave as under the provider.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return children;
}
