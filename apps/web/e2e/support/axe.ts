import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules a whole page is checked by (a11y.spec, expectAccessible): WCAG 2.1 A and AA, axe's best practices. */
export const axeFor = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** The serious and critical violations of an axe run, one line each with up to three of its nodes. */
export function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
