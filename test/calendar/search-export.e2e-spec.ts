import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { CalendarService } from '../../src/modules/calendar/calendar.service';
import { apiAs, CalendarUser, FOOTBALL } from './calendar-support';

describe('calendar: search over events and what the adapters read', () => {
  let t: TestApp;
  let anna: CalendarUser;
  let ben: CalendarUser;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await signedInUser(t);
    ben = await signedInUser(t, { groupId: anna.groupId! });
  });
  afterAll(() => t.close());

  const search = async (user: CalendarUser, q: string) => {
    const response = await apiAs(t, user)('GET', `/search?q=${encodeURIComponent(q)}&types=Event`);
    expect(response.statusCode).toBe(200);
    return (response.json().items as { type: string; id: string; title: string }[]).map((hit) => hit.title);
  };

  it('finds events by title, description and place, a private one only for its creator', async () => {
    await apiAs(t, anna)('POST', '/calendar/events', {
      ...FOOTBALL,
      title: 'Fußballtraining',
      location: 'Sportplatz Nord',
      description: 'Schienbeinschoner mitnehmen',
    });
    await apiAs(t, anna)('POST', '/calendar/events', { ...FOOTBALL, title: 'Geheimes Geschenk kaufen', isPrivate: true, location: 'Sportplatz Nord' });
    expect(await search(ben, 'fussballtraining')).toEqual(['Fußballtraining']);
    expect(await search(ben, 'Schienbeinschoner')).toEqual(['Fußballtraining']);
    expect(await search(ben, 'Sportplatz')).toEqual(['Fußballtraining']);
    expect((await search(anna, 'Sportplatz')).sort()).toEqual(['Fußballtraining', 'Geheimes Geschenk kaufen']);
    expect(await search(ben, 'Geschenk')).toEqual([]);
  });

  it('answers every visible event for the export and the changes since a sync token, deletions included', async () => {
    const service = t.app.get(CalendarService);
    const as = (user: CalendarUser) => ({ userId: user.id, groupId: user.groupId!, nickname: user.nickname, modules: ['Calendar' as const] });
    const start = await service.syncToken(as(ben));
    const event = (await apiAs(t, anna)('POST', '/calendar/events', { ...FOOTBALL, title: 'Swimming' })).json();
    const secret = (await apiAs(t, anna)('POST', '/calendar/events', { ...FOOTBALL, title: 'Secret', isPrivate: true })).json();
    const first = await service.changesSince(as(ben), start);
    expect(first.changed.map((c) => c.uid)).toEqual([event.uid]);
    expect(first.removed).toEqual([secret.uid]);
    expect((await service.changesSince(as(anna), start)).changed.map((c) => c.uid)).toEqual([event.uid, secret.uid]);
    await apiAs(t, anna)('DELETE', `/calendar/events/${event.id}`);
    const second = await service.changesSince(as(ben), first.token);
    expect(second).toEqual({ token: expect.any(String), changed: [], removed: [event.uid] });
    expect(BigInt(second.token)).toBeGreaterThan(BigInt(first.token));
    expect(await service.changesSince(as(ben), second.token)).toEqual({ token: second.token, changed: [], removed: [] });
    const visible = await service.visibleEvents(as(ben));
    expect(visible.map((e) => e.title)).not.toContain('Secret');
    expect((await service.visibleEvents(as(anna))).map((e) => e.title)).toContain('Secret');
  });
});
