import { Bell as BellIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '@/i18n';
import { useUnreadCount } from '../api';
import '../notifications.css';

/** The header's bell: the unread count (kept live by the `Notification` live event), opening the inbox. */
export function Bell() {
  const t = useT();
  const unread = useUnreadCount() ?? 0;
  const label = t('notify.bell.label', { count: unread });
  return (
    <NavLink to="/notifications" className="bell" aria-label={label} title={label}>
      <BellIcon size={22} aria-hidden="true" />
      {unread > 0 ? (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
