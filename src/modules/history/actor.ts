import { ClsServiceManager } from 'nestjs-cls';
import type { AuthUser } from '../../common/auth/auth-user';

export const CLS_USER = 'user';
export const SYSTEM_NICKNAME = 'System';

export interface Actor {
  userId: string | null;
  nickname: string;
}

/** Who is acting in the current request or job: the authenticated user, or the system. */
export function currentActor(): Actor {
  const cls = ClsServiceManager.getClsService();
  const user = cls.isActive() ? cls.get<AuthUser | undefined>(CLS_USER) : undefined;
  return user ? { userId: user.userId, nickname: user.nickname } : { userId: null, nickname: SYSTEM_NICKNAME };
}

/** Runs `work` acting as the given user (for code paths that start before authentication, like login or registration). */
export function runAs<T>(actor: { userId: string; nickname: string }, work: () => Promise<T>): Promise<T> {
  const cls = ClsServiceManager.getClsService();
  return cls.runWith({ ...(cls.isActive() ? cls.get() : {}), [CLS_USER]: actor } as any, work);
}
