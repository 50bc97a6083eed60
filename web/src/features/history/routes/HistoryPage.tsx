import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { useLocale, useT, type MessageId, type Translate } from '@/i18n';
import { Button, EmptyState, Field, FilterPanel, LoadState, Page, Pagination, SelectField } from '@/ui';
import { Disclosure } from '@/ui/Disclosure';
import { formatDate, formatMoney, intlLocale } from '@/ui/format';
import { useHistory } from '../api';
import { byDay, changeDetails, dayHeading, describeChange, ENTITY_TYPES, type HistoryRowLike, type Writers } from '../sentence';
import '../history.css';

const ACTIONS = ['Created', 'Updated', 'Deleted', 'Restored'] as const;
type Action = (typeof ACTIONS)[number];
const FILTERS = ['entityType', 'userId', 'action', 'from', 'to'] as const;
const PAGE_SIZE = 20;

/** The audit trail, filtered by entity, user, action and dates; the filters live in the address. */
export default function HistoryPage() {
  const t = useT();
  const locale = useLocale();
  const { claims } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = (name: (typeof FILTERS)[number]) => params.get(name) || undefined;
  const query = {
    entityType: filter('entityType'),
    userId: filter('userId'),
    action: filter('action') as Action | undefined,
    from: filter('from'),
    to: filter('to'),
    page,
    pageSize: PAGE_SIZE,
  };
  const history = useHistory(query);
  const members = useGroupMembers();
  const entityTypes = ENTITY_TYPES.filter((entity) => !entity.adminOnly || claims?.role === 'Admin');
  const lists = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' });
  const write: Writers = {
    money: (amount, currency) => formatMoney(amount, currency ?? claims?.currency ?? 'EUR', locale),
    date: (value) => formatDate(value, false, locale),
    list: (words) => lists.format(words),
  };
  const time = new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short' });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? '');
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  const active = FILTERS.filter((name) => params.get(name)).length;
  const filtered = active > 0;

  return (
    <Page title={t('history.title')}>
      {/* key: the form starts over from the address when it changes (back button, "Clear") */}
      <FilterPanel active={active}>
        <form className="filters" onSubmit={apply} key={params.toString()} aria-label={t('history.filter.label')}>
          <SelectField label={t('history.filter.what')} name="entityType" defaultValue={filter('entityType') ?? ''}>
            <option value="">{t('history.filter.everything')}</option>
            {entityTypes.map((entity) => (
              <option key={entity.type} value={entity.type}>
                {t(`history.entity.${entity.type}` as MessageId)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('history.filter.who')} name="userId" defaultValue={filter('userId') ?? ''}>
            <option value="">{t('history.filter.anyone')}</option>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.nickname}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('history.filter.change')} name="action" defaultValue={filter('action') ?? ''}>
            <option value="">{t('history.filter.anyChange')}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`history.action.${action}` as MessageId)}
              </option>
            ))}
          </SelectField>
          <Field label={t('history.filter.from')} name="from" type="date" defaultValue={filter('from') ?? ''} />
          <Field label={t('history.filter.to')} name="to" type="date" defaultValue={filter('to') ?? ''} />
          <div className="actions">
            <Button type="submit">{t('history.filter.apply')}</Button>
            {filtered ? (
              <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                {t('history.filter.clear')}
              </Button>
            ) : null}
          </div>
        </form>
      </FilterPanel>
      <LoadState
        query={history}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title={filtered ? t('history.empty.filteredTitle') : t('history.empty.title')}>
            {filtered ? t('history.empty.filteredHint') : t('history.empty.hint')}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {t('history.count', { count: data.totalItems })}
            </p>
            {byDay(data.items).map((group) => (
              <section key={group.day} className="history-day" aria-labelledby={`day-${group.day}`}>
                <h2 id={`day-${group.day}`}>{dayHeading(group.day, t, intlLocale(locale))}</h2>
                <ul className="history-list" aria-labelledby={`day-${group.day}`}>
                  {group.rows.map((row) => (
                    <HistoryRow key={row.id} row={row} t={t} write={write} time={time.format(new Date(row.createdDate))} />
                  ))}
                </ul>
              </section>
            ))}
            <Pagination page={data.page} totalPages={data.totalPages} onPage={goTo} />
          </>
        )}
      </LoadState>
    </Page>
  );
}

/** One change: its whole sentence (wrapping, never cut); tapping it shows what changed, before and after. */
function HistoryRow({ row, t, write, time }: { row: HistoryRowLike & { createdDate: string }; t: Translate; write: Writers; time: string }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const sentence = describeChange(row, t, write);
  const details = open ? changeDetails(row, t, write) : [];
  const showBefore = details.some((detail) => !detail.context && detail.before !== null);
  return (
    <li className="history-row">
      <Disclosure open={open} onToggle={() => setOpen(!open)} controls={panel} className="history-toggle">
        <span className="history-sentence">{sentence}</span>
        <time dateTime={row.createdDate}>{time}</time>
      </Disclosure>
      {open ? (
        <div id={panel} className="history-details">
          {details.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('history.details.field')}</th>
                  {showBefore ? <th scope="col">{t('history.details.before')}</th> : null}
                  <th scope="col">{showBefore ? t('history.details.after') : ''}</th>
                </tr>
              </thead>
              <tbody>
                {details.map((detail) => (
                  <tr key={detail.field}>
                    <th scope="row">{detail.field}</th>
                    {detail.context ? (
                      <td colSpan={showBefore ? 2 : 1}>{detail.after}</td>
                    ) : (
                      <>
                        {showBefore ? <td>{detail.before ?? t('history.value.empty')}</td> : null}
                        <td>{detail.after ?? t('history.value.empty')}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">{t('history.details.none')}</p>
          )}
        </div>
      ) : null}
    </li>
  );
}
