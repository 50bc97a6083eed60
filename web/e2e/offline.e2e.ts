import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import type { SeededUser, Service } from './support/service';
import { headersOf, noteWithItems } from './support/api';
import { controlledByServiceWorker, kept, offlineBar, signedIn } from './support/kept';

async function itemsOnServer(service: Service, noteId: string): Promise<string[]> {
  const { rows } = await service.db.query('SELECT text, is_completed FROM note_items WHERE note_id = $1 ORDER BY "order"', [noteId]);
  return rows.map((row: { text: string; is_completed: boolean }) => `${row.text}${row.is_completed ? ' ✓' : ''}`);
}

test.describe('Offline', () => {
  test('installable: a valid manifest with its icons, a service worker in control, the app opening with no network', async ({
    page,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });

    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const body = await manifest.json();
    expect(body).toMatchObject({ name: 'Hearth', short_name: 'Hearth', display: 'standalone', start_url: '/', theme_color: '#b45309' });
    expect(body.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual([
      '192x192',
      '512x512',
      '512x512 maskable',
    ]);
    for (const icon of body.icons) {
      const image = await request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    await signIn(page, member);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await controlledByServiceWorker(page);
    // the notes list, read under the service worker's control, is what the device keeps
    await page.goto('/notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect.poll(async () => (await kept(page)).queries.join(' '), { timeout: 20_000 }).toContain('"notes","list"');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect(offlineBar(page)).toContainText(/Offline — last updated \d\d:\d\d/);
    // a page never opened before comes from the precached shell too
    await page.goto('/account');
    await expect(page.getByRole('link', { name: 'Notes' }).first()).toBeVisible();
  });

  test('after one visit, the notes, the places list and the budget month open with no network under the offline bar', async ({
    page,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes', 'Map', 'Budget'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const headers = await headersOf(request, member);
    const note = await noteWithItems(request, headers, 'Market', ['Tomatoes', 'Basil']);
    expect((await request.post('/api/v1/markers', { headers, data: { title: 'Corner bakery', latitude: 38.71, longitude: -9.14 } })).status()).toBe(201);
    const account = await request.post('/api/v1/budget-accounts', { headers, data: { name: 'Joint' } });
    expect(account.status()).toBe(201);
    const category = await request.post('/api/v1/categories', { headers, data: { name: 'Groceries', color: '#16A34A', icon: 'Basket' } });
    expect(category.status()).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const expense = {
      type: 'Expense',
      amount: '3.50',
      description: 'Sourdough loaf',
      date: today,
      budgetAccountId: (await account.json()).id,
      categoryId: (await category.json()).id,
    };
    expect((await request.post('/api/v1/transactions', { headers, data: expense })).status()).toBe(201);

    await signIn(page, member);
    await controlledByServiceWorker(page);
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: 'Market' })).toBeVisible();
    await page.getByRole('link', { name: 'Market' }).click();
    await expect(page.getByRole('checkbox', { name: 'Basil' })).toBeVisible();
    // kept on the device before the next page load
    await expect.poll(async () => (await kept(page)).queries.join(' ')).toContain(`"notes","detail","${note.id}"`);
    await page.goto('/map/list');
    await expect(page.getByText('Corner bakery')).toBeVisible();
    await page.goto('/budget');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/budget/balances');
    await expect(page.getByRole('heading', { name: 'Nothing shared yet' })).toBeVisible();
    await page.goto('/budget/transactions');
    await expect(page.getByText('Sourdough loaf')).toBeVisible();
    await expect
      .poll(async () => (await kept(page)).queries.join(' '))
      .toMatch(
        new RegExp(
          `(?=.*"notes","detail","${note.id}")(?=.*"map","markers")(?=.*"budget","transactions")(?=.*"budget","balances")(?=.*"budget","settlements")`,
        ),
      );

    await context.setOffline(true);
    await page.reload();
    await expect(offlineBar(page)).toContainText(/Offline — last updated \d\d:\d\d/);
    await expect(page.getByText('Sourdough loaf')).toBeVisible();
    await page.goto('/map/list');
    await expect(page.getByText('Corner bakery')).toBeVisible();
    await page.goto('/budget');
    await expect(offlineBar(page)).toBeVisible();
    await page.goto('/budget/balances');
    await expect(page.getByRole('heading', { name: 'Nothing shared yet' })).toBeVisible();
    await expect(offlineBar(page)).toBeVisible();
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: 'Market' })).toBeVisible();
    await page.getByRole('link', { name: 'Market' }).click();
    await expect(page.getByRole('checkbox', { name: 'Tomatoes' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Basil' })).toBeVisible();
    await expect(offlineBar(page)).toContainText(/Offline — last updated \d\d:\d\d/);
  });

  test('changes made offline survive closing the app and reach the server exactly once when back online', async ({ page, context, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const headers = await headersOf(request, member);
    const note = await noteWithItems(request, headers, 'Basement shop', ['Milk', 'Eggs', 'Bread', 'Rice']);

    await signIn(page, member);
    await controlledByServiceWorker(page);
    await page.goto(`/notes/${note.id}`);
    await expect(page.getByRole('checkbox', { name: 'Rice' })).toBeVisible();
    await expect.poll(async () => (await kept(page)).queries.join(' ')).toContain(`"notes","detail","${note.id}"`);

    await context.setOffline(true);
    await expect(offlineBar(page)).toBeVisible();
    for (const text of ['Milk', 'Eggs', 'Rice']) await page.getByRole('checkbox', { name: text }).click();
    const box = page.getByLabel('New item');
    for (const text of ['Coffee', 'Apples']) {
      await box.fill(text);
      await box.press('Enter');
    }
    await page.getByRole('button', { name: 'Edit note' }).click();
    await page.getByLabel('Title').fill('Basement shop (Saturday)');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Basement shop (Saturday)' })).toBeVisible();
    await expect(offlineBar(page)).toContainText('6 changes waiting to be sent');
    await expect.poll(async () => (await kept(page)).waiting).toBe(6);

    // the tab is closed and the app opened again, still with no network: the queue is still there
    await page.close();
    const again = await context.newPage();
    await again.goto(`/notes/${note.id}`);
    await expect(offlineBar(again)).toContainText('6 changes waiting to be sent');
    await expect(again.getByRole('heading', { level: 1, name: 'Basement shop (Saturday)' })).toBeVisible();
    const names = async () => again.getByRole('list', { name: 'Checklist items' }).locator('label').allInnerTexts();
    await expect.poll(names).toEqual(['Bread', 'Coffee', 'Apples']);
    expect(await itemsOnServer(service, note.id)).toEqual(['Milk', 'Eggs', 'Bread', 'Rice']);

    await context.setOffline(false);
    await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Milk ✓', 'Eggs ✓', 'Bread', 'Coffee', 'Apples', 'Rice ✓']);
    const title = async () => (await service.db.query('SELECT title FROM notes WHERE id = $1', [note.id])).rows[0].title;
    await expect.poll(title).toBe('Basement shop (Saturday)');
    await expect(offlineBar(again)).toHaveCount(0);
    // exactly those changes, once each: one history row per change, never one per replay
    const { rows } = await service.db.query(
      `SELECT h.entity_type, h.action, coalesce(i.text, n.title) AS what, h.changes
         FROM action_histories h LEFT JOIN note_items i ON i.id = h.entity_id LEFT JOIN notes n ON n.id = h.entity_id
        WHERE h.group_id = $1 AND h.user_id = $2 AND h.entity_type <> 'User'
          AND h.created_date > (SELECT max(created_date) FROM note_items WHERE note_id = $3 AND text = 'Rice')
        ORDER BY h.created_date`,
      [group.id, member.id, note.id],
    );
    expect(rows.map((row: { entity_type: string; action: string; what: string }) => `${row.action} ${row.entity_type} ${row.what}`).sort()).toEqual(
      [
        'Created NoteItem Apples',
        'Created NoteItem Coffee',
        'Updated Note Basement shop (Saturday)',
        'Updated NoteItem Eggs',
        'Updated NoteItem Milk',
        'Updated NoteItem Rice',
      ].sort(),
    );
    await again.getByText('Checked (3)').click();
    await expect(again.getByRole('list', { name: 'Checked items' }).getByRole('checkbox')).toHaveCount(3);
  });

  test('two members change the same item offline: the one whose edit arrives second sees both texts and chooses; nothing is overwritten before', async ({
    page,
    context,
    browser,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const ines = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const note = await noteWithItems(request, await headersOf(request, ines), 'Party', ['Milk', 'Cake']);
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
        await expect(who.getByRole('checkbox', { name: 'Milk' })).toBeVisible();
      }
      await context.setOffline(true);
      await tomContext.setOffline(true);
      const edit = async (who: Page, text: string) => {
        await who.getByRole('button', { name: 'Edit Milk' }).click();
        await who.getByLabel('Item', { exact: true }).fill(text);
        await who.getByRole('button', { name: 'Save item' }).click();
        await expect(who.getByRole('checkbox', { name: text })).toBeVisible();
      };
      await edit(tomPage, 'Oat milk');
      await edit(page, 'Soy milk');
      // and Ines ticks the cake meanwhile: item-level changes merge
      await page.getByRole('checkbox', { name: 'Cake' }).click();

      // Tom's edit reaches the server first; Ines's, from the older version, is not sent over it
      await tomContext.setOffline(false);
      await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Oat milk', 'Cake']);
      await context.setOffline(false);
      await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Oat milk', 'Cake ✓']);

      // Ines sees both texts and chooses
      const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed an item on “Party” while you were changing it.' });
      await expect(conflict).toBeVisible();
      await expect(conflict.getByText('Yours: “Soy milk”')).toBeVisible();
      await expect(conflict.getByText('Current: “Oat milk”')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Oat milk' })).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, 'Offline-conflict-both-texts-shown-to-Ines.png') });
      expect(await itemsOnServer(service, note.id)).toEqual(['Oat milk', 'Cake ✓']);
      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect(conflict).toHaveCount(0);
      await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Soy milk', 'Cake ✓']);
      await expect(page.getByRole('checkbox', { name: 'Soy milk' })).toBeVisible();

      // Tom is told his text was replaced, sees both, and keeps his with one tap
      await tomPage.reload();
      await signedIn(tomPage);
      const notice = tomPage.getByRole('status').filter({ hasText: 'Your text “Oat milk” was replaced by a later edit from someone else: “Soy milk”.' });
      await expect(notice).toBeVisible();
      await tomPage.screenshot({ path: join(SCREENSHOTS, 'Offline-merged-list-both-versions-shown-to-Tom.png') });
      await notice.getByRole('button', { name: 'Keep mine' }).click();
      await expect(notice).toHaveCount(0);
      await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Oat milk', 'Cake ✓']);
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Oat milk' })).toBeVisible();
    } finally {
      await tomContext.close();
    }
  });

  test("changes made offline over someone's newer ones: a tick meanwhile lets a delete through, a changed text is asked about; keep theirs, keep it", async ({
    page,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const ines = await seedUser(service.db, group.id, { nickname: 'Ines' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const note = await noteWithItems(request, await headersOf(request, ines), 'Hardware store', ['Nails', 'Glue', 'Paint']);
    const [nails, glue, paint] = note.items;

    await signIn(page, ines);
    await page.goto(`/notes/${note.id}`);
    await expect(page.getByRole('checkbox', { name: 'Paint' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Delete Nails' }).click();
    await page.getByRole('button', { name: 'Delete Glue' }).click();
    await page.getByRole('button', { name: 'Edit Paint' }).click();
    await page.getByLabel('Item', { exact: true }).fill('White paint');
    await page.getByRole('button', { name: 'Save item' }).click();
    await page.getByRole('button', { name: 'Edit note' }).click();
    await page.getByLabel('Title').fill('Hardware store (Saturday)');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(offlineBar(page)).toContainText('4 changes waiting to be sent');

    // meanwhile Tom ticks the nails, renames the glue and the paint, and writes a text on the note
    const headers = await headersOf(request, tom);
    const noteNow = await (await request.get(`/api/v1/notes/${note.id}`, { headers })).json();
    const noteEdit = { title: noteNow.title, content: 'Cash only', color: noteNow.color, icon: noteNow.icon };
    expect((await request.put(`/api/v1/notes/${note.id}`, { headers, data: noteEdit })).status()).toBe(200);
    const at = (id: string) => `/api/v1/notes/${note.id}/items/${id}`;
    expect((await request.patch(`${at(nails.id)}/toggle`, { headers, data: { isCompleted: true } })).status()).toBe(200);
    expect((await request.put(at(glue.id), { headers, data: { text: 'Wood glue' } })).status()).toBe(200);
    expect((await request.put(at(paint.id), { headers, data: { text: 'Blue paint' } })).status()).toBe(200);

    await context.setOffline(false);
    // the ticked nails go (what Ines deleted is what she saw); her title and Tom's text both stay
    // (each changed by one side only); the renamed glue and paint wait for her
    await expect.poll(() => itemsOnServer(service, note.id)).toEqual(['Wood glue', 'Blue paint']);
    const noteOnServer = async () => (await service.db.query('SELECT title, content FROM notes WHERE id = $1', [note.id])).rows[0];
    await expect.poll(noteOnServer).toEqual({ title: 'Hardware store (Saturday)', content: 'Cash only' });
    const deleted = page.getByRole('alert').filter({ hasText: 'You deleted “Glue” from “Hardware store (Saturday)”, but someone else changed it meanwhile.' });
    await expect(deleted.getByText('When you deleted it: “Glue”')).toBeVisible();
    await expect(deleted.getByText('Current: “Wood glue”')).toBeVisible();
    const edited = page.getByRole('alert').filter({ hasText: 'Someone else changed an item on “Hardware store (Saturday)”' });
    await expect(edited.getByText('Yours: “White paint”')).toBeVisible();
    await expect(edited.getByText('Current: “Blue paint”')).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'Offline-conflicts-delete-and-edit.png') });

    await deleted.getByRole('button', { name: 'Keep it' }).click();
    await edited.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Cash only')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Wood glue' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Blue paint' })).toBeVisible();
    await expect(offlineBar(page)).toHaveCount(0);
    expect(await itemsOnServer(service, note.id)).toEqual(['Wood glue', 'Blue paint']);
  });
});

test.describe('Offline, when a session ends', () => {
  /** Signed in with a private note read and a change queued offline, all kept on the device (then back online). */
  async function keptOnDevice(page: Page, context: BrowserContext, request: APIRequestContext, user: SeededUser): Promise<void> {
    const note = await request.post('/api/v1/notes', {
      headers: await headersOf(request, user),
      data: { title: 'Diary', content: 'Only mine', isPrivate: true },
    });
    expect(note.status()).toBe(201);
    const { id } = await note.json();
    await signIn(page, user);
    await controlledByServiceWorker(page);
    await page.goto(`/notes/${id}`);
    await expect(page.getByText('Only mine')).toBeVisible();
    await context.setOffline(true);
    await expect(offlineBar(page)).toBeVisible();
    await page.getByLabel('New item').fill('Call the bank');
    await page.getByLabel('New item').press('Enter');
    await expect.poll(async () => (await kept(page)).waiting).toBe(1);
    expect((await kept(page)).queries.join(' ')).toContain(`"notes","detail","${id}"`);
    expect(await kept(page).then((k) => k.entries)).toEqual([`cache:${user.id}`, 'last-user']);
  }

  /** With no network the app opens signed out: its offline screen, with nothing of the person's to show. */
  async function opensSignedOutOffline(page: Page, context: BrowserContext): Promise<void> {
    await context.setOffline(true);
    await page.goto('/notes');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Once someone has signed in here' })).toBeVisible();
    await expect(page.getByText('Diary')).toHaveCount(0);
    await expect(offlineBar(page)).toHaveCount(0);
    expect(await kept(page).then((k) => k.entries)).toEqual([]);
  }

  test('revoked from another device (a lost phone): the kept notes and queued change go at once; offline, the app opens signed out', async ({
    page,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
    await keptOnDevice(page, context, request, member);

    // from her laptop, Ines signs out every other device; the phone learns it as soon as it has a
    // network again (its queued change is refused, its live stream told)
    const laptop = await headersOf(request, member);
    expect((await request.delete('/api/v1/sessions?keepCurrent=true', { headers: laptop })).status()).toBe(204);
    await context.setOffline(false);
    await expect(page.getByText('You were signed out of this device. Please sign in again.')).toBeVisible();
    await expect.poll(() => kept(page).then((k) => k.entries)).toEqual([]);
    // the change queued offline was never sent
    expect((await service.db.query("SELECT count(*)::int AS n FROM note_items WHERE text = 'Call the bank'")).rows[0].n).toBe(0);

    await opensSignedOutOffline(page, context);
    await page.screenshot({ path: join(SCREENSHOTS, 'Offline-revoked-session-opens-signed-out.png') });
  });

  test('a refresh refused while the app was closed: the next start removes what was kept, and offline it opens signed out', async ({
    page,
    context,
    request,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Ines' });
    await keptOnDevice(page, context, request, member);
    await page.close();

    // the account is deactivated while the app is closed: the next refresh is refused (401)
    await service.db.query("UPDATE users SET status = 'Deactivated' WHERE id = $1", [member.id]);
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto('/notes');
    await expect(again).toHaveURL(/\/sign-in/);
    await expect.poll(() => kept(again).then((k) => k.entries)).toEqual([]);

    await opensSignedOutOffline(again, context);
  });
});
