import { Global, Injectable, Module } from '@nestjs/common';

/**
 * "Now" for what depends on the date or the hour: whether a reminder's time has passed, when it is
 * next due, which entries a time-zone change brings forward. Code on those paths asks the Clock
 * instead of `new Date()` or the database's `now()`, so the tests can fix the moment (test/support
 * `t.clock`) and run the same scenario on both sides of midnight in any zone.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** The calendar date of `now` in UTC, `YYYY-MM-DD` (the service's dates and schedules are UTC). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Provides the one Clock to every module. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
