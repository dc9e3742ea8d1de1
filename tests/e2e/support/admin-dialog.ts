import { expect, type Page } from '@playwright/test';

/** Logs in as the operator through the admin area's password dialog, as a person does, and waits for it to close. */
export async function logInThroughDialog(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Admin password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
}
