import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Tabster's focus sentinels (Fluent UI's focus management): `<i data-tabster-dummy
 * aria-hidden="true" tabindex="0">`, which hand focus on the moment they receive it. axe's
 * aria-hidden-focus rule cannot know that; Fluent lists it as a known false positive and
 * Accessibility Insights leaves these nodes out (microsoft/accessibility-insights-web#7605).
 */
const isTabsterSentinel = (rule: string, html: string) => rule === 'aria-hidden-focus' && html.includes('data-tabster-dummy');

/**
 * axe's serious and critical violations on the page as it stands, one line a rule: "rule: targets".
 * `dimmed` names a part the specification dims on purpose (the pricing table locked at 0.6
 * opacity): every rule but color-contrast still applies inside it.
 */
export async function seriousViolations(page: Page, { dimmed }: { dimmed?: string } = {}): Promise<string[]> {
  // Colours as they settle: a button enabled a moment ago (Refresh, when a list has loaded) is
  // still fading from its disabled grey, and axe measured that grey once (color-contrast).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const whole = new AxeBuilder({ page });
  const { violations } = await (dimmed ? whole.exclude(dimmed) : whole).analyze();
  if (dimmed) {
    const inside = await new AxeBuilder({ page }).include(dimmed).disableRules(['color-contrast']).analyze();
    violations.push(...inside.violations);
  }
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.filter((node) => !isTabsterSentinel(violation.id, node.html)).map((node) => node.target.join(' ')),
    }))
    .filter(({ targets }) => targets.length > 0)
    .map(({ rule, targets }) => `${rule}: ${targets.join(', ')}`);
}
