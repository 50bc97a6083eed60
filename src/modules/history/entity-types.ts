/**
 * The kinds of entity whose changes the action history records and live changes announce. Published
 * in openapi.json (`EntityType`), so the web app's live sync and history pages switch over a
 * generated union: a new audited entity is added here, and both sides see it.
 */
export const ENTITY_TYPES = [
  'User',
  'Group',
  'Marker',
  'MarkerImage',
  'Category',
  'BudgetAccount',
  'Transaction',
  'RecurringTransaction',
  'Settlement',
  'SplitSettings',
  'Note',
  'NoteItem',
  'ShoppingStore',
  'ShoppingTrip',
  'Notification',
  'CalendarEvent',
  'CalendarEventException',
  'CalendarSubscription',
  'CalendarFeed',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
