import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startS3, TestS3 } from '../support/s3';
import { sendToUrl } from '../support/storage-drivers';
import { Member, Seeded, seedGroup } from '../backup/seed';

/** Every member of a zip, by path. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const rowsOf = (file: Buffer | undefined): Record<string, string>[] => parse(file!, { columns: true, relax_column_count: false });
const guarded = (value: string | null | undefined) => (value ? (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) : '');

describe('GET /account/export', () => {
  let s3: TestS3;
  let t: TestApp;
  let seeded: Seeded;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500' });
    seeded = await seedGroup(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const get = async (member: { accessToken: string }, path: string) => (await t.api('GET', path, { token: member.accessToken })).json();
  /** The export at a fixed instant (by default a second before midnight UTC): its file is named by that UTC day. */
  async function exportOf(member: { accessToken: string }, at = '2026-12-31T23:59:59Z', day = '2026-12-31') {
    t.clock.set(at);
    const response = await t.api('GET', '/account/export', { token: member.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="hearth-export-${day}.zip"`);
    return unzip(Buffer.from((response as unknown as { rawPayload: Buffer }).rawPayload));
  }

  it('holds the budget as CSV equal to the API, with formula-looking cells guarded', async () => {
    const files = await exportOf(seeded.alice);
    const categories = await get(seeded.alice, '/categories');
    const accounts = await get(seeded.alice, '/budget-accounts');
    const name = (list: { id: string; name: string }[], id: string | null) => list.find((entry) => entry.id === id)?.name ?? null;
    const transactions = (await get(seeded.alice, '/transactions?pageSize=100')).items;

    const csvTransactions = rowsOf(files.get('budget/transactions.csv'));
    expect(Object.keys(csvTransactions[0])).toEqual([
      'date',
      'type',
      'amount',
      'currency',
      'category',
      'account',
      'targetAccount',
      'description',
      'originalAmount',
      'originalCurrency',
      'rate',
    ]);
    const expected = transactions.map((tx: any) => ({
      date: tx.date,
      type: tx.type,
      amount: tx.amount,
      currency: 'CHF',
      category: guarded(name(categories, tx.categoryId)),
      account: guarded(name(accounts, tx.budgetAccountId)),
      targetAccount: guarded(name(accounts, tx.targetBudgetAccountId ?? null)),
      description: guarded(tx.description),
      originalAmount: tx.original?.amount ?? '',
      originalCurrency: tx.original?.currency ?? '',
      rate: tx.original?.rate ?? '',
    }));
    const byKey = (a: any, b: any) => `${a.date}${a.amount}`.localeCompare(`${b.date}${b.amount}`);
    expect([...csvTransactions].sort(byKey)).toEqual([...expected].sort(byKey));
    expect(csvTransactions.map((row) => row.category)).toContain("'=SUM(A1)");
    expect(csvTransactions.map((row) => row.description)).toEqual(expect.arrayContaining(["'-bread\nand milk", "'@coffee"]));
    expect(csvTransactions.find((row) => row.description === "'@coffee")?.amount).toBe('7.50');

    expect(rowsOf(files.get('budget/categories.csv'))).toEqual(
      categories.map((c: any) => ({ name: guarded(c.name), color: c.color, icon: c.icon, order: String(c.order) })),
    );
    expect(rowsOf(files.get('budget/accounts.csv'))).toEqual(
      accounts.map((a: any) => ({
        name: a.name,
        isDefault: String(a.isDefault),
        isDisabled: String(a.isDisabled),
        openingBalance: a.openingBalance,
        balance: a.balance,
        currency: 'CHF',
      })),
    );
    const recurring = await get(seeded.alice, '/recurring-transactions');
    const csvRecurring = rowsOf(files.get('budget/recurring.csv'));
    expect(csvRecurring).toHaveLength(recurring.length);
    expect(csvRecurring[0]).toMatchObject({
      type: 'Expense',
      amount: recurring[0].amount,
      description: 'Rent',
      frequency: 'Monthly',
      startDate: '2026-12-01',
      isEnabled: 'true',
    });
    // who owes whom: one row per member of each shared transaction, and the payments between members
    const dinner = transactions.find((tx: any) => tx.split);
    const nickname = (id: string) => [seeded.alice, seeded.bob].find((m) => m.id === id)!.nickname;
    const csvSplits = rowsOf(files.get('budget/splits.csv'));
    expect(Object.keys(csvSplits[0])).toEqual(['date', 'type', 'amount', 'currency', 'category', 'description', 'member', 'paid', 'share']);
    expect([...csvSplits].sort((a, b) => a.member.localeCompare(b.member))).toEqual(
      dinner.split.owed
        .map((part: any) => ({
          date: dinner.date,
          type: 'Expense',
          amount: dinner.amount,
          currency: 'CHF',
          category: name(categories, dinner.categoryId),
          description: dinner.description,
          member: nickname(part.userId),
          paid: dinner.split.paidBy.find((p: any) => p.userId === part.userId)?.amount ?? '0.00',
          share: part.amount,
        }))
        .sort((a: any, b: any) => a.member.localeCompare(b.member)),
    );
    expect(csvSplits.map((row) => row.share).sort()).toEqual(['30.00', '30.01']);
    const settlements = (await get(seeded.alice, '/budget/settlements')).items;
    expect(rowsOf(files.get('budget/settlements.csv'))).toEqual(
      settlements.map((s: any) => ({
        date: s.date,
        from: nickname(s.fromUserId),
        to: nickname(s.toUserId),
        amount: s.amount,
        currency: 'CHF',
        note: "'=cash",
        originalAmount: '',
        originalCurrency: '',
        rate: '',
      })),
    );
    // RFC 4180: CRLF line ends, a quoted comma and quote
    expect(files.get('budget/accounts.csv')!.toString()).toContain('"Savings, ""long-term"""');
    expect(files.get('budget/accounts.csv')!.toString()).toMatch(/\r\n/);
  });

  it('holds the map as GeoJSON with the original images (no trash), equal to the API', async () => {
    const files = await exportOf(seeded.alice);
    const geojson = JSON.parse(files.get('map/markers.geojson')!.toString('utf8'));
    expect(geojson.type).toBe('FeatureCollection');
    const markers = (await get(seeded.alice, '/markers?pageSize=100')).items;
    expect(geojson.features).toHaveLength(markers.length);
    expect(geojson.features.map((f: any) => f.properties.id)).not.toContain(seeded.trashedMarkerId);
    for (const marker of markers) {
      const feature = geojson.features.find((f: any) => f.properties.id === marker.id);
      expect(feature.geometry).toEqual({ type: 'Point', coordinates: [marker.longitude, marker.latitude] });
      expect(feature.properties).toMatchObject({ title: marker.title, description: marker.description, rating: marker.rating, date: marker.date });
      const images = await get(seeded.alice, `/markers/${marker.id}/images`);
      expect(feature.properties.images).toHaveLength(images.length);
      for (const [index, image] of images.entries()) {
        const original = (await sendToUrl(t, image.url)).body;
        expect(files.get(feature.properties.images[index])).toEqual(original);
      }
    }
  });

  it("holds every note the user sees as Markdown: own private notes, never another member's", async () => {
    const notesOf = async (member: Member) => {
      const files = await exportOf(member);
      return [...files.entries()].filter(([path]) => path.startsWith('notes/')).map(([, body]) => body.toString('utf8'));
    };
    const alice = await notesOf(seeded.alice);
    const bob = await notesOf(seeded.bob);
    expect(alice).toHaveLength(2);
    expect(bob).toHaveLength(2);
    expect(alice.join()).toContain('secret of Alice');
    expect(alice.join()).not.toContain('secret of Bob');
    expect(bob.join()).toContain('secret of Bob');
    expect(bob.join()).not.toContain('secret of Alice');
    // checklist in the API's order
    const shared = (await get(seeded.alice, '/notes')).find((note: { title: string }) => note.title === 'Shopping');
    const detail = await get(seeded.alice, `/notes/${shared.id}`);
    const checklist = detail.items.map((item: any) => `- [${item.isCompleted ? 'x' : ' '}] ${item.text}${item.url ? ` <${item.url}>` : ''}`).join('\n');
    expect(checklist).toContain('- [x] Eggs <https://example.org/eggs>');
    expect(checklist).toContain('- [ ] Milk');
    expect(alice.find((note) => note.startsWith('# Shopping'))).toBe(`# Shopping\n\nFor the weekend\n\n${checklist}\n`);
  });

  it("holds calendar/events.ics: every event the person may see as RFC 5545, their own private ones, never another member's", async () => {
    const event = (member: Member, title: string, isPrivate: boolean) =>
      t.api('POST', '/calendar/events', {
        token: member.accessToken,
        payload: {
          title,
          allDay: false,
          start: '2026-05-02T08:00:00Z',
          end: '2026-05-02T09:00:00Z',
          timeZone: 'Europe/Berlin',
          isPrivate,
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
        },
      });
    expect((await event(seeded.alice, 'Football', false)).statusCode).toBe(201);
    expect((await event(seeded.bob, 'Surprise for Alice', true)).statusCode).toBe(201);
    const alice = (await exportOf(seeded.alice)).get('calendar/events.ics')!.toString('utf8');
    const bob = (await exportOf(seeded.bob)).get('calendar/events.ics')!.toString('utf8');
    const titles = (ics: string) => new ICAL.Component(ICAL.parse(ics) as any[]).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('summary'));
    expect(titles(alice)).toEqual(['Football']);
    expect(titles(bob).sort()).toEqual(['Football', 'Surprise for Alice']);
    expect(alice).toContain('DTSTART;TZID=Europe/Berlin:20260502T100000');
    expect(alice).toContain('RRULE:FREQ=WEEKLY;COUNT=3');
  });

  it('gives valid empty files for a group with nothing in it, and an empty zip without modules', async () => {
    const empty = await signedInUser(t);
    const files = await exportOf(empty);
    expect(rowsOf(files.get('budget/transactions.csv'))).toEqual([]);
    expect(files.get('budget/transactions.csv')!.toString()).toBe(
      'date,type,amount,currency,category,account,targetAccount,description,originalAmount,originalCurrency,rate\r\n',
    );
    expect(JSON.parse(files.get('map/markers.geojson')!.toString())).toEqual({ type: 'FeatureCollection', features: [] });
    expect([...files.keys()].filter((path) => path.startsWith('notes/'))).toEqual([]);

    const noModules = await signedInUser(t, { modules: [] });
    // named by the UTC day: at midnight the next one (23:30 on New Year's Eve in New York, too)
    expect([...(await exportOf(noModules, '2027-01-01T00:00:00Z', '2027-01-01')).keys()]).toEqual([]);
    expect([...(await exportOf(noModules, '2027-01-01T04:30:00Z', '2027-01-01')).keys()]).toEqual([]);
  });

  it('exports only the modules the group has', async () => {
    const notesOnly = await signedInUser(t, { modules: ['Notes'] });
    const files = await exportOf(notesOnly);
    expect([...files.keys()].some((path) => path.startsWith('budget/') || path.startsWith('map/'))).toBe(false);
  });
});
