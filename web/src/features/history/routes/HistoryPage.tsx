import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { Button, EmptyState, Field, FilterPanel, LoadState, Page, Pagination, SelectField } from '@/ui';
import { formatMoney } from '@/ui/format';
import { useHistory } from '../api';
import { ACTION_WORDS, byDay, dayHeading, describeChange, ENTITY_WORDS } from '../sentence';
import '../history.css';

const ACTIONS = ['Created', 'Updated', 'Deleted', 'Restored'] as const;
type Action = (typeof ACTIONS)[number];
const FILTERS = ['entityType', 'userId', 'action', 'from', 'to'] as const;
const PAGE_SIZE = 20;

/** The audit trail, filtered by entity, user, action and dates; the filters live in the address. */
export default function HistoryPage() {
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
  const entityTypes = ENTITY_WORDS.filter((entity) => !entity.adminOnly || claims?.role === 'Admin');
  const money = (amount: string) => formatMoney(amount, claims?.currency ?? 'EUR');
  const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

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
    <Page title="History">
      {/* key: the form starts over from the address when it changes (back button, "Clear") */}
      <FilterPanel active={active}>
        <form className="filters" onSubmit={apply} key={params.toString()} aria-label="Filter the history">
          <SelectField label="What" name="entityType" defaultValue={filter('entityType') ?? ''}>
            <option value="">Everything</option>
            {entityTypes.map((entity) => (
              <option key={entity.type} value={entity.type}>
                {entity.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Who" name="userId" defaultValue={filter('userId') ?? ''}>
            <option value="">Anyone</option>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.nickname}
              </option>
            ))}
          </SelectField>
          <SelectField label="Change" name="action" defaultValue={filter('action') ?? ''}>
            <option value="">Any change</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_WORDS[action]}
              </option>
            ))}
          </SelectField>
          <Field label="From" name="from" type="date" defaultValue={filter('from') ?? ''} />
          <Field label="To" name="to" type="date" defaultValue={filter('to') ?? ''} />
          <div className="actions">
            <Button type="submit">Apply filters</Button>
            {filtered ? (
              <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                Clear filters
              </Button>
            ) : null}
          </div>
        </form>
      </FilterPanel>
      <LoadState
        query={history}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title={filtered ? 'Nothing matches these filters' : 'Nothing has happened yet'}>
            {filtered ? 'Try fewer filters or other dates.' : 'Changes to places, money and notes appear here.'}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {data.totalItems} {data.totalItems === 1 ? 'change' : 'changes'}
            </p>
            {byDay(data.items).map((group) => (
              <section key={group.day} className="history-day" aria-labelledby={`day-${group.day}`}>
                <h2 id={`day-${group.day}`}>{dayHeading(group.day)}</h2>
                <ul className="history-list" aria-labelledby={`day-${group.day}`}>
                  {group.rows.map((row) => {
                    // "System" is the scheduler and the jobs: Hearth did it
                    const who = row.userId ? row.userNickname : 'Hearth';
                    const sentence = `${who} ${describeChange(row, money)}`;
                    return (
                      <li key={row.id} className="history-row" title={sentence}>
                        <span className="history-sentence">{sentence}</span>
                        <time dateTime={row.createdDate}>{time.format(new Date(row.createdDate))}</time>
                      </li>
                    );
                  })}
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
