import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser, ModuleName } from '../../common/auth/auth-user';
import type { OccurrenceWindow } from '../../../domain/calendar';
import type { CalendarLayer } from './dto/event-input.dto';
import type { OccurrenceSource } from './dto/event.dto';

/** One entry of a read-only layer, as its owning feature gives it. */
export interface LayerOccurrence {
  /** the owning feature's entity (the recurring transaction, the note, the member) */
  entityId: string;
  /** unique within the layer and stable (the entity and the occurrence's date or instant) */
  occurrenceId: string;
  title: string;
  /** a date (all-day) or an instant `YYYY-MM-DDTHH:mm:ssZ` */
  start: string;
  end: string;
  allDay: boolean;
  timeZone: string;
  color: string;
  attendees: 'group' | string[];
}

/** What a layer is asked: the caller, the window and their zone. */
export interface LayerRequest {
  user: AuthUser;
  window: OccurrenceWindow;
  timeZone: string;
}

/**
 * A read-only layer of the calendar, offered by the feature that owns its data (bills by the budget,
 * note reminders by notes, birthdays by the account, subscriptions by the subscriptions feature):
 * "its occurrences between two dates", by its own statements under its own visibility rule. The
 * calendar merges them; it never reads another feature's tables. A source is exported by its own
 * module and listed under CALENDAR_LAYERS in the registrations module (docs/architecture.md).
 */
export interface CalendarLayerSource {
  readonly layer: Exclude<CalendarLayer, 'events'>;
  readonly source: Exclude<OccurrenceSource, 'event'>;
  /** the module the group must have for the layer (null: always) */
  readonly module: ModuleName | null;
  occurrences(request: LayerRequest): Promise<LayerOccurrence[]>;
}

/** The layer sources, as one list under a DI token (provided by the registrations module, like SEARCH_SOURCES). */
export const CALENDAR_LAYERS = Symbol('CalendarLayers');

/** The registered layer sources, by layer. */
@Injectable()
export class CalendarLayers {
  private readonly sources = new Map<string, CalendarLayerSource>();

  constructor(@Inject(CALENDAR_LAYERS) sources: CalendarLayerSource[]) {
    for (const source of sources) this.sources.set(source.layer, source);
  }

  get(layer: CalendarLayer): CalendarLayerSource | undefined {
    return this.sources.get(layer);
  }

  /** The layers `user`'s group may show: events (the Calendar module) and each registered source whose module is on. */
  allowed(user: AuthUser): CalendarLayer[] {
    const layers: CalendarLayer[] = ['events'];
    for (const source of this.sources.values()) if (source.module === null || user.modules.includes(source.module)) layers.push(source.layer);
    return layers;
  }
}
