import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { budgetSetup, call } from '../budget/budget-support';
import { apiAs, CalendarUser, setZone } from './calendar-support';

interface Occurrence {
  source: string;
  entityId?: string;
  eventId?: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  color: string;
  attendees: unknown;
}

describe('calendar: layers from the features that own them', () => {
  let t: TestApp;
  let anna: CalendarUser;
  let ben: CalendarUser;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await signedInUser(t);
    ben = await signedInUser(t, { groupId: anna.groupId! });
    await setZone(t, anna, 'Europe/Berlin');
    await setZone(t, ben, 'Europe/Berlin');
  });
  afterAll(() => t.close());

  const occurrences = async (user: CalendarUser, query: string): Promise<Occurrence[]> => {
    const response = await apiAs(t, user)('GET', `/calendar/occurrences?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("shows members' birthdays every year, with or without the year, 29 February on the 28th", async () => {
    const set = await apiAs(t, ben)('PUT', '/account', { birthday: '--05-12' });
    expect(set.statusCode).toBe(200);
    expect(set.json().birthday).toBe('--05-12');
    expect((await apiAs(t, ben)('GET', '/account')).json().birthday).toBe('--05-12');
    await apiAs(t, anna)('PUT', '/account', { birthday: '2000-02-29' });
    const may = (await occurrences(anna, 'from=2027-05-01&to=2027-05-31&layers=birthdays')).filter((o) => o.entityId === ben.id);
    expect(may).toEqual([expect.objectContaining({ source: 'birthday', title: ben.nickname, start: '2027-05-12', end: '2027-05-13', allDay: true })]);
    const feb = [
      ...(await occurrences(ben, 'from=2027-02-01&to=2027-12-31&layers=birthdays')),
      ...(await occurrences(ben, 'from=2028-02-01&to=2028-03-01&layers=birthdays')),
    ];
    expect(feb.filter((o) => o.entityId === anna.id).map((o) => o.start)).toEqual(['2027-02-28', '2028-02-29']);
    for (const bad of ['2027-02-30', '--13-01', '12.05.1990', '2999-01-01']) {
      const response = await apiAs(t, ben)('PUT', '/account', { birthday: bad });
      expect(response.statusCode).toBe(400);
    }
    await apiAs(t, ben)('PUT', '/account', { birthday: null });
    expect((await occurrences(anna, 'from=2027-05-01&to=2027-05-31&layers=birthdays')).filter((o) => o.entityId === ben.id)).toEqual([]);
  });

  it("shows the budget's recurring transactions as bills, read-only, in the category's colour", async () => {
    const { food } = await budgetSetup(t, anna);
    const rent = await call(t, anna, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '950.00',
      description: 'Rent',
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2027-01-31',
    });
    const bills = (await occurrences(ben, 'from=2027-01-01&to=2027-04-30&layers=bills')).filter((o) => o.entityId === rent.id);
    expect(bills.map((o) => [o.source, o.title, o.start, o.allDay, o.color])).toEqual([
      ['bill', 'Rent', '2027-01-31', true, '#112233'],
      ['bill', 'Rent', '2027-02-28', true, '#112233'],
      ['bill', 'Rent', '2027-03-31', true, '#112233'],
      ['bill', 'Rent', '2027-04-30', true, '#112233'],
    ]);
  });

  it('shows note reminders the caller sees at their time', async () => {
    const note = (await apiAs(t, anna)('POST', '/notes', { title: 'Bins' })).json();
    const reminder = await apiAs(t, anna)('PUT', `/notes/${note.id}/reminder`, {
      at: '2027-03-22T19:00',
      timeZone: 'Europe/Berlin',
      recipients: 'group',
      repeat: { frequency: 'Weekly', interval: 2 },
    });
    expect(reminder.statusCode).toBe(200);
    const list = (await occurrences(ben, 'from=2027-03-20&to=2027-04-10&layers=reminders')).filter((o) => o.entityId === note.id);
    expect(list.map((o) => [o.source, o.title, o.start])).toEqual([
      ['reminder', 'Bins', '2027-03-22T18:00:00Z'],
      ['reminder', 'Bins', '2027-04-05T17:00:00Z'],
    ]);
  });

  it("merges every layer the group's modules allow by default, sorted by start", async () => {
    await apiAs(t, anna)('POST', '/calendar/events', { title: 'Dentist', allDay: false, start: '2027-03-31T07:00:00Z', end: '2027-03-31T07:30:00Z' });
    const day = await occurrences(ben, 'from=2027-03-31&to=2027-03-31');
    expect(day.map((o) => [o.source, o.title])).toEqual([
      ['bill', 'Rent'],
      ['event', 'Dentist'],
    ]);
  });

  it('leaves out the layers of modules the group does not have, even when asked', async () => {
    const solo = await signedInUser(t, { modules: ['Calendar'] });
    await setZone(t, solo, 'Europe/Berlin');
    await apiAs(t, solo)('PUT', '/account', { birthday: '1990-03-31' });
    const list = await occurrences(solo, 'from=2027-03-31&to=2027-03-31&layers=events,bills,reminders,birthdays');
    expect(list.map((o) => o.source)).toEqual(['birthday']);
  });
});
