import { REFERRAL } from '../../../src-shared/domain/constants.ts';

/** The parts of PartnerStack's browser script (growsumo) that sign-up uses. */
export interface PartnerStackTracker {
  data: Record<string, string | undefined>;
  createSignup(): void;
  _trackEvent?(event: string): void;
  _initialize?(key: string): void;
}

declare global {
  interface Window {
    growsumo?: PartnerStackTracker;
  }
}

const SCRIPT_URL = 'https://snippet.growsumo.com/growsumo.min.js';
let injected = false;

/**
 * Injects PartnerStack's script once and waits for it: up to 5 s, polling every 100 ms
 * (a third-party script). Resolves null when it does not arrive; tracking never blocks sign-up.
 */
export async function loadPartnerStack(publicKey: string, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  if (!injected && !window.growsumo) {
    injected = true;
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    // PartnerStack's own snippet does this once the script is in.
    script.onload = () => window.growsumo?._initialize?.(publicKey);
    document.head.append(script);
  }
  for (let waited = 0; ; waited += REFERRAL.trackerPollMs) {
    if (window.growsumo) return window.growsumo;
    if (waited >= REFERRAL.trackerWaitMs) return null;
    await sleep(REFERRAL.trackerPollMs);
  }
}
