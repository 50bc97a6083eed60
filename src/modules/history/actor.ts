import { requestUser } from '../../common/http/request-context.module';

export const SYSTEM_NICKNAME = 'System';

export interface Actor {
  userId: string | null;
  nickname: string;
}

/** Who is acting in the current request or job, for its history rows: the request's user, or the system. */
export function currentActor(): Actor {
  const user = requestUser();
  return user ? { userId: user.userId, nickname: user.nickname } : { userId: null, nickname: SYSTEM_NICKNAME };
}
