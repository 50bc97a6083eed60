import type { MessageId } from '@/i18n';

/** The access token's claims as the web client uses them (decoded, never verified: the API verifies). */
export type Module = 'Map' | 'Budget' | 'Notes' | 'Calendar';
export const MODULES: readonly Module[] = ['Map', 'Budget', 'Notes', 'Calendar'];
/** Each module's name in words (message ids). */
export const MODULE_NAMES: Record<Module, MessageId> = { Map: 'nav.map', Budget: 'nav.budget', Notes: 'nav.notes', Calendar: 'nav.calendar' };

export interface Claims {
  userId: string;
  nickname: string;
  groupId: string;
  role: 'User' | 'Admin';
  currency: string;
  modules: Module[];
  permsVersion: number;
  sessionId: string;
  /** expiry, epoch seconds */
  exp: number;
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT's payload; null when it is not a JWT. `Modules` may be an array or a JSON string. */
export function decodeClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const raw = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    let modules = raw.Modules;
    if (typeof modules === 'string') modules = JSON.parse(modules);
    return {
      userId: String(raw.UserId ?? ''),
      nickname: String(raw.Nickname ?? ''),
      groupId: String(raw.GroupId ?? ''),
      role: raw.Role === 'Admin' ? 'Admin' : 'User',
      currency: String(raw.Currency ?? 'EUR'),
      modules: Array.isArray(modules) ? (modules.filter((m) => MODULES.includes(m as Module)) as Module[]) : [],
      permsVersion: Number(raw.PermsVersion ?? 0),
      sessionId: String(raw.SessionId ?? ''),
      exp: Number(raw.exp ?? 0),
    };
  } catch {
    return null;
  }
}
