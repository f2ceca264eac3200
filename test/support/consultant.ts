import type { Locator, Page } from 'playwright-core';
import { signInOnPage } from './e2eApp.ts';

/** Signs in on the development sign-in page as the seeded lead, creates an engagement and opens its import page. */
export async function openImportPageOfNewEngagement(page: Page, base: string, engagementName: string): Promise<void> {
  await signInOnPage(page, base);
  await page.goto(`${base}/engagements`);
  await page.getByLabel('Name').fill(engagementName);
  await page.getByRole('button', { name: 'Create engagement' }).click();
  await page.getByRole('link', { name: 'Import a staff list' }).click();
}

/** The value of a tile of the results overview, by its exact label. */
export function overviewTile(page: Page, label: string): Locator {
  return page.locator('results-overview .tile', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}
