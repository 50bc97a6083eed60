import { expect, type Page } from '@playwright/test';

/**
 * Moves an item of a sortable list with the keyboard, as a keyboard or screen-reader user does:
 * focus its handle, Space to pick it up, arrows, Space to drop. It follows the spoken
 * announcements ("Milk is now at position 2 of 3") as a screen-reader user would, pressing an arrow
 * again when a press came before the list was measured.
 */
export async function moveByKeyboard(page: Page, item: string, steps: number, axis: 'vertical' | 'horizontal' = 'vertical'): Promise<void> {
  const live = page.locator('[aria-live="assertive"]');
  const position = async () => {
    const match = (await live.allInnerTexts()).join(' ').match(new RegExp(`(?:Picked up ${item}, position|${item} is now at position) (\\d+) of`));
    return match ? Number(match[1]) : null;
  };
  await page.getByRole('button', { name: `Move ${item}`, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect.poll(position).not.toBeNull();
  const target = (await position())! + steps;
  for (let attempt = 0; attempt < Math.abs(steps) + 5 && (await position()) !== target; attempt += 1) {
    const before = await position();
    await page.keyboard.press(axis === 'vertical' ? (steps < 0 ? 'ArrowUp' : 'ArrowDown') : steps < 0 ? 'ArrowLeft' : 'ArrowRight');
    await expect
      .poll(position, { timeout: 1_000 })
      .not.toBe(before)
      .catch(() => undefined);
  }
  expect(await position()).toBe(target);
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${item} dropped at position ${target}`);
}
