import type { BrowserContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import type { Service } from './support/service';
import { headersOf, noteWithItems } from './support/api';

async function titleOnServer(service: Service, noteId: string): Promise<string> {
  const { rows } = await service.db.query('SELECT title FROM notes WHERE id = $1', [noteId]);
  return rows[0].title;
}

/** Two members rename the same note offline; the one whose title another member's choice replaced is told, with their title and a way back. */
test.describe('Offline title conflict', () => {
  test('the member whose title was replaced is told on the next view, with their title, and restores it with one tap', async ({
    page,
    browser,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const ines = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const note = await noteWithItems(request, await headersOf(request, ines), 'Party', ['Milk']);
    const tomContext: BrowserContext = await browser.newContext({
      baseURL: service.url,
      viewport: { width: 360, height: 780 },
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    const tomPage = await tomContext.newPage();
    try {
      for (const [who, user] of [
        [page, ines],
        [tomPage, tom],
      ] as const) {
        await signIn(who, user);
        await who.goto(`/notes/${note.id}`);
        await expect(who.getByRole('heading', { level: 1, name: 'Party' })).toBeVisible();
      }
      await context.setOffline(true);
      await tomContext.setOffline(true);
      const rename = async (who: Page, title: string) => {
        await who.getByRole('button', { name: 'Edit note' }).click();
        await who.getByLabel('Title').fill(title);
        await who.getByRole('button', { name: 'Save note' }).click();
        await expect(who.getByRole('heading', { level: 1, name: title })).toBeVisible();
      };
      await rename(tomPage, 'Summer party');
      await rename(page, 'Garden party');

      // Tom's title reaches the server first; Ines's is a conflict, and she keeps hers
      await tomContext.setOffline(false);
      await expect.poll(() => titleOnServer(service, note.id)).toBe('Summer party');
      await context.setOffline(false);
      const conflict = page.getByRole('alert').filter({ hasText: 'Yours: “Garden party”' });
      await expect(conflict).toBeVisible();
      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect.poll(() => titleOnServer(service, note.id)).toBe('Garden party');
      // Ines chose: she is not told anything
      await expect(page.getByRole('status').filter({ hasText: 'was replaced' })).toHaveCount(0);

      // Tom's next view of the note: his title, replaced by Ines's choice, and a way to restore it
      await tomPage.reload();
      await expect(tomPage.getByRole('heading', { level: 1, name: 'Garden party' })).toBeVisible();
      const notice = tomPage.getByRole('status').filter({ hasText: 'Your title “Summer party” was replaced by another member’s choice: “Garden party”.' });
      await expect(notice).toBeVisible();
      await tomPage.screenshot({ path: join(SCREENSHOTS, 'Offline-title-replaced-told-to-Tom.png') });
      await notice.getByRole('button', { name: 'Restore “Summer party”' }).click();
      await expect(notice).toHaveCount(0);
      await expect.poll(() => titleOnServer(service, note.id)).toBe('Summer party');
      await expect(tomPage.getByRole('heading', { level: 1, name: 'Summer party' })).toBeVisible();
      // told once: a reload shows no notice again
      await tomPage.reload();
      await expect(tomPage.getByRole('heading', { level: 1, name: 'Summer party' })).toBeVisible();
      await expect(tomPage.getByRole('status').filter({ hasText: 'was replaced' })).toHaveCount(0);
    } finally {
      await tomContext.close();
    }
  });
});
