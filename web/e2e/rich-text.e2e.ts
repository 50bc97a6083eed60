import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { databaseUrl } from '../../src/database/admin';
import { TEST_ENV } from '../../test/support/env-defaults';
import { ROOT } from './support/service';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

/** What the API never had a chance to clean: a description as an archive's rows bring it in. */
const PAYLOAD =
  '<p>Lovely <strong>place</strong></p>' +
  '<img src="x" onerror="window.__xss = \'img\'">' +
  '<script>window.__xss = "script"</script>' +
  '<a href="javascript:window.__xss=\'link\'" id="bad-link">tap me</a>' +
  '<p onclick="window.__xss = \'click\'" style="color:red">styled</p>' +
  '<a href="https://example.org/">a real link</a>';

test.describe('Rich text', () => {
  test('a script stored in a marker description by a restore is rendered inert, the formatting kept', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Map'] });
    const member = await seedUser(service.db, group.id);
    const markerId = randomUUID();
    // the row goes straight into the database, past the API's sanitiser, then through a backup and a restore
    await service.db.query(
      `INSERT INTO markers (id, group_id, title, date, rating, description, latitude, longitude, created_by) ` +
        `VALUES ($1, $2, 'Old mill', '2026-05-01', 4, $3, 47.5, 8.5, $4)`,
      [markerId, group.id, PAYLOAD, member.id],
    );
    const dir = mkdtempSync(join(tmpdir(), 'hearth-xss-'));
    try {
      const env = {
        PATH: process.env.PATH!,
        ...TEST_ENV,
        ...service.s3.env,
        DATABASE_URL: databaseUrl(service.databaseName),
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
      };
      // asynchronously: the test S3 server answering the CLI runs in this process
      const cli = async (...args: string[]) =>
        (await promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'src', 'cli.js'), ...args], { env, cwd: dir })).stdout;
      const archive = (await cli('backup', '--out', dir)).trim().split('\n').at(-1)!;
      await service.db.query(`UPDATE markers SET description = '<p>replaced</p>' WHERE id = $1`, [markerId]);
      await cli('restore', archive, '--force');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await service.db.query('SELECT description FROM markers WHERE id = $1', [markerId])).rows[0].description).toBe(PAYLOAD);

    await signIn(page, member);
    await page.goto(`/map/markers/${markerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Old mill' })).toBeVisible();
    const text = page.locator('.rich-text');
    await expect(text.locator('strong', { hasText: 'place' })).toBeVisible();
    await expect(text.getByRole('link', { name: 'a real link' })).toHaveAttribute('href', 'https://example.org/');
    await expect(text.getByRole('link', { name: 'a real link' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // nothing that could run is left in the page
    await expect(text.locator('img, script, [onerror], [onclick], [style]')).toHaveCount(0);
    await expect(text.getByText('tap me')).toBeVisible();
    expect(await text.getByText('tap me').evaluate((node) => node.closest('a')?.getAttribute('href') ?? null)).toBeNull();
    await text.getByText('tap me').click();
    await text.getByText('styled').click();
    expect(await page.evaluate(() => (globalThis as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  });
});
