import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, EmptyState, LoadState, Page, Pagination, formatDate } from '@/ui';
import { useLocale, useT } from '@/i18n';
import { itemPath, useInbox, useReadAll, useSetRead, type InboxItem } from '../api';
import '../notifications.css';

/** The inbox: unread first, each item opening what it is about (and read by opening it). */
export default function InboxPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);
  const readAll = useReadAll();
  const unread = inbox.data?.unreadCount ?? 0;
  return (
    <Page
      title={t('notify.inbox.title')}
      actions={
        unread > 0 ? (
          <Button variant="secondary" busy={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('notify.inbox.readAll')}
          </Button>
        ) : null
      }
    >
      <LoadState
        query={inbox}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('notify.inbox.emptyTitle')}>{t('notify.inbox.emptyBody')}</EmptyState>}
      >
        {(data) => (
          <>
            <p className="muted" role="status">
              {t('notify.inbox.unread', { count: data.unreadCount })}
            </p>
            <ul className="inbox" aria-label={t('notify.inbox.title')}>
              {data.items.map((item) => (
                <InboxRow key={item.id} item={item} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </LoadState>
    </Page>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const setRead = useSetRead();
  const read = Boolean(item.readAt);
  const path = itemPath(item);
  const open = (event: React.MouseEvent) => {
    if (!path) return;
    event.preventDefault();
    if (!read) setRead.mutate({ id: item.id, read: true });
    navigate(path);
  };
  return (
    <li className={read ? 'inbox-item' : 'inbox-item inbox-unread'}>
      <div className="inbox-text">
        <p className="inbox-title">
          {read ? null : <span className="visually-hidden">{t('notify.inbox.unreadMark')} </span>}
          {path ? (
            <Link to={path} onClick={open}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </p>
        <p className="inbox-body">{item.body}</p>
        <p className="inbox-meta muted">
          <time dateTime={item.createdDate}>{formatDate(item.createdDate, true, locale)}</time>
          {item.late ? ` · ${t('notify.inbox.late')}` : null}
        </p>
      </div>
      <Button
        variant="secondary"
        className="inbox-toggle"
        busy={setRead.isPending}
        aria-label={t(read ? 'notify.inbox.markUnreadNamed' : 'notify.inbox.markReadNamed', { title: item.title })}
        onClick={() => setRead.mutate({ id: item.id, read: !read })}
      >
        {t(read ? 'notify.inbox.markUnread' : 'notify.inbox.markRead')}
      </Button>
    </li>
  );
}
