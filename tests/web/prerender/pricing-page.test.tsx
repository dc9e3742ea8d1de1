// @vitest-environment node
import { describe, expect, it } from 'vitest';
import pricing from '../../../content/marketing/pricing.json';
import { prerenderPage } from '../../../src-web/prerender/render.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the pricing page as the build prerenders it (src-web/prerender, vite.config.ts)', () => {
  it('holds every plan with its price, period and features, not a spinner: what a crawler and a visitor without JavaScript read', async () => {
    const page = text((await prerenderPage('/pricing')).markup);
    expect(page).not.toContain('Loading plans');
    for (const plan of pricing.plans) {
      expect(page).toContain(plan.name);
      expect(page).toContain(`${plan.price} ${plan.period}`);
      for (const feature of plan.features) expect(page).toContain(feature);
    }
  });
});
