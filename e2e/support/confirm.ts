/** The portal's one confirmation of a step that cannot be undone (decision 024): a form dialog's first submit shows
 * it; its own button takes the step, Go back returns to the fields. */
import { expect, type Locator } from '@playwright/test';

/** Submits the dialog's form, checks the confirmation shows, and confirms. */
export async function reviewAndConfirm(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Review and confirm' }).click();
  await expect(dialog.getByTestId('confirm-step')).toBeVisible();
  await dialog.getByTestId('confirm-step-confirm').click();
}
