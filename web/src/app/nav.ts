import type { Claims, Module } from '@/api/claims';
import type { MessageId } from '@/i18n';

export interface NavItem {
  to: string;
  label: MessageId;
  /** a short glyph for the phone bar */
  icon: string;
  module?: Module;
}

/** The module pages, shown only when the group has the module (the token's Modules claim). */
export const MODULE_NAV: NavItem[] = [
  { to: '/map', label: 'nav.map', icon: '◎', module: 'Map' },
  { to: '/budget', label: 'nav.budget', icon: '¤', module: 'Budget' },
  { to: '/notes', label: 'nav.notes', icon: '☰', module: 'Notes' },
  { to: '/calendar', label: 'nav.calendar', icon: '▦', module: 'Calendar' },
];

export const GENERAL_NAV: NavItem[] = [
  { to: '/members', label: 'nav.members', icon: '☺' },
  { to: '/history', label: 'nav.history', icon: '↺' },
  { to: '/account', label: 'nav.account', icon: '⚙' },
];

export const ADMIN_NAV: NavItem = { to: '/admin', label: 'nav.admin', icon: '★' };

export function moduleNav(claims: Claims | null): NavItem[] {
  return MODULE_NAV.filter((item) => item.module && claims?.modules.includes(item.module));
}

export function fullNav(claims: Claims | null): NavItem[] {
  return [...moduleNav(claims), ...GENERAL_NAV, ...(claims?.role === 'Admin' ? [ADMIN_NAV] : [])];
}

/** Where a signed-in person lands: their first module, else the members page. */
export function homePath(claims: Claims | null): string {
  return moduleNav(claims)[0]?.to ?? '/members';
}
