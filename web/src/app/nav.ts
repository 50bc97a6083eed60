import type { Claims, Module } from '@/api/claims';

export interface NavItem {
  to: string;
  label: string;
  /** a short glyph for the phone bar */
  icon: string;
  module?: Module;
}

/** The module pages, shown only when the group has the module (the token's Modules claim). */
export const MODULE_NAV: NavItem[] = [
  { to: '/map', label: 'Map', icon: '◎', module: 'Map' },
  { to: '/budget', label: 'Budget', icon: '¤', module: 'Budget' },
  { to: '/notes', label: 'Notes', icon: '☰', module: 'Notes' },
];

export const GENERAL_NAV: NavItem[] = [
  { to: '/members', label: 'Members', icon: '☺' },
  { to: '/history', label: 'History', icon: '↺' },
  { to: '/account', label: 'Account', icon: '⚙' },
];

export const ADMIN_NAV: NavItem = { to: '/admin', label: 'Admin', icon: '★' };

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
