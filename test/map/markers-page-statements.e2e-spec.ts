import { newId } from '../../src/database/base.entity';
import { MARKERS_PAGE } from '../../src/modules/markers/markers.sql';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, signedInUser } from '../support/factories';

interface Seed {
  id: string;
  title: string;
  description: string;
  date: string;
  rating: number;
  createdDate: string;
  updatedDate: string;
  deletedDate: string | null;
}

const SORTS = ['date', 'title', 'rating', 'createdDate', 'updatedDate', 'deletedDate'] as const;

/**
 * GET /markers runs one fixed statement per sort key × direction × live/trash × search
 * (markers.sql.ts): each variant must filter and order exactly as documented, within the group.
 */
describe('markers: every list statement', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  const seeds: Seed[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t, { modules: ['Map'] });
    const titles = ['delta', 'alpha lake', 'echo', 'bravo', 'golf', 'charlie', 'foxtrot', 'hotel', 'india lake', 'juliet'];
    titles.forEach((title, i) => {
      seeds.push({
        id: newId(),
        title,
        description: i % 4 === 1 ? '<p>by the LAKE</p>' : '',
        date: `2024-0${1 + (i % 3)}-15`,
        rating: 1 + (i % 4),
        createdDate: `2024-05-0${1 + ((i * 7) % 9)}T10:00:00.${String(100 + i).padStart(3, '0')}Z`,
        updatedDate: `2024-06-${String(10 + ((i * 3) % 10)).padStart(2, '0')}T10:00:00.000Z`,
        deletedDate: i >= 6 ? `2024-07-0${10 - i}T00:00:00.000Z` : null,
      });
    });
    for (const s of seeds) {
      await t.db.query(
        `INSERT INTO markers (id, group_id, title, description, date, rating, latitude, longitude, created_date, updated_date, deleted_date)
         VALUES ($1, $2, $3, $4, $5, $6, 1, 2, $7, $8, $9)`,
        [s.id, user.groupId, s.title, s.description, s.date, s.rating, s.createdDate, s.updatedDate, s.deletedDate],
      );
    }
    // another group's markers, live and trashed, matching every search: never listed
    const other = await createGroup(t, { modules: ['Map'] });
    for (const deleted of [null, '2024-07-01T00:00:00Z'])
      await t.db.query(`INSERT INTO markers (id, group_id, title, date, latitude, longitude, deleted_date) VALUES ($1, $2, 'lake', '2024-01-01', 1, 2, $3)`, [
        newId(),
        other.id,
        deleted,
      ]);
  });
  afterAll(() => t.close());

  it('declares one statement per variant', () => {
    expect(Object.keys(MARKERS_PAGE)).toHaveLength(SORTS.length * 2 * 2 * 2);
  });

  const variants = SORTS.flatMap((sort) =>
    ['', '-'].flatMap((dir) => [false, true].flatMap((deleted) => [false, true].map((search) => ({ sort, dir, deleted, search })))),
  );

  it.each(variants)('%j: filters and orders as documented, with the total', async ({ sort, dir, deleted, search }) => {
    const expected = seeds
      .filter((s) => (deleted ? s.deletedDate !== null : s.deletedDate === null))
      .filter((s) => !search || /lake/i.test(s.title) || /lake/i.test(s.description))
      .sort((a, b) => {
        const [x, y] = [a[sort], b[sort]];
        const byKey = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return byKey || (a.id < b.id ? -1 : 1);
      });
    // PostgreSQL puts nulls last ascending and first descending: reversing the ascending order is exactly that
    if (dir === '-') expected.reverse();
    const query = `sort=${dir}${sort}${deleted ? '&deleted=true' : ''}${search ? '&search=lAkE' : ''}`;
    const pages = [];
    for (const page of [1, 2, 3, 9]) {
      const response = await t.api('GET', `/markers?${query}&pageSize=2&page=${page}`, { token: user.accessToken });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ page, pageSize: 2, totalItems: expected.length, totalPages: Math.ceil(expected.length / 2) });
      pages.push(...body.items.map((item: { title: string }) => item.title));
    }
    expect(pages).toEqual(expected.map((s) => s.title));
  });
});
