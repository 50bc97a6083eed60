import { afterQuietHours } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it("delivers what falls inside when they end, in the person's zone, across midnight", () => {
    // 22:00–07:00 in Berlin (UTC+1 in February)
    expect(afterQuietHours(at('2027-02-10T22:00:00Z'), 'Europe/Berlin', '22:00', '07:00').toISOString()).toBe('2027-02-11T06:00:00.000Z');
    expect(afterQuietHours(at('2027-02-11T03:00:00Z'), 'Europe/Berlin', '22:00', '07:00').toISOString()).toBe('2027-02-11T06:00:00.000Z');
    expect(afterQuietHours(at('2027-02-11T06:00:00Z'), 'Europe/Berlin', '22:00', '07:00').toISOString()).toBe('2027-02-11T06:00:00.000Z');
    expect(afterQuietHours(at('2027-02-11T12:00:00Z'), 'Europe/Berlin', '22:00', '07:00').toISOString()).toBe('2027-02-11T12:00:00.000Z');
  });

  it('keeps the end at 07:00 local across the spring-forward night', () => {
    // 23:30 on Saturday 27 March 2027 in Berlin; the clocks jump that night
    expect(afterQuietHours(at('2027-03-27T22:30:00Z'), 'Europe/Berlin', '22:00', '07:00').toISOString()).toBe('2027-03-28T05:00:00.000Z');
  });

  it('handles quiet hours within one day, and none', () => {
    expect(afterQuietHours(at('2027-02-11T13:30:00Z'), 'UTC', '13:00', '15:00').toISOString()).toBe('2027-02-11T15:00:00.000Z');
    expect(afterQuietHours(at('2027-02-11T13:30:00Z'), 'UTC', null, null).toISOString()).toBe('2027-02-11T13:30:00.000Z');
  });
});
