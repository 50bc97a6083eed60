import { AISLES, type Aisle, isAisle, UNKNOWN_AISLE } from './aisles';

/*
 * A shopping list as the shop is laid out: its unticked items grouped by aisle, the aisles in the
 * chosen store's order, and the order a store learns from a trip (the order items were ticked in).
 */

/** `order` made whole: unknown and repeated aisles dropped, the missing ones after it in the default order. */
export function completeOrder(order: readonly string[] | null | undefined): Aisle[] {
  const seen = new Set<Aisle>();
  for (const aisle of order ?? []) if (isAisle(aisle)) seen.add(aisle);
  for (const aisle of AISLES) seen.add(aisle);
  return [...seen];
}

export interface GroupableItem {
  aisle?: string | null;
  isCompleted: boolean;
  order: number;
}

export interface AisleGroup<T> {
  aisle: Aisle;
  items: T[];
}

/**
 * The unticked items grouped by aisle (an item without a known aisle in "other"), the aisles in
 * `order` (a store's; the default without one), each group in the list's order; empty aisles left
 * out. The ticked items follow apart, in the list's order.
 */
export function groupByAisle<T extends GroupableItem>(items: readonly T[], order?: readonly string[] | null): { groups: AisleGroup<T>[]; ticked: T[] } {
  const aisles = completeOrder(order);
  const byAisle = new Map<Aisle, T[]>(aisles.map((aisle) => [aisle, []]));
  const ticked: T[] = [];
  const sorted = [...items].sort((a, b) => a.order - b.order);
  for (const item of sorted) {
    if (item.isCompleted) ticked.push(item);
    else byAisle.get(isAisle(item.aisle) ? item.aisle : UNKNOWN_AISLE)!.push(item);
  }
  return { groups: aisles.filter((aisle) => byAisle.get(aisle)!.length > 0).map((aisle) => ({ aisle, items: byAisle.get(aisle)! })), ticked };
}

/**
 * A store's order after a trip there: the aisles ticked on the trip (`ticked`, in tick order, each
 * counted from its first tick) take the places the same aisles had in `previous`, in the order
 * they were met; aisles not met keep their places. So one trip that skipped the bakery moves only
 * what it saw, and a few trips settle the whole shop.
 */
export function learnOrder(previous: readonly string[] | null | undefined, ticked: readonly string[]): Aisle[] {
  const before = completeOrder(previous);
  const met: Aisle[] = [];
  for (const aisle of ticked) if (isAisle(aisle) && !met.includes(aisle)) met.push(aisle);
  const metSet = new Set(met);
  let next = 0;
  return before.map((aisle) => (metSet.has(aisle) ? met[next++] : aisle));
}
