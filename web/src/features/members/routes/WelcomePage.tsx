import { Link } from 'react-router';
import { useAccount } from '@/api/account';
import type { Module } from '@/api/claims';
import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { useSharedLists } from '@/api/shared-lists';
import { useLocale, useT, type MessageId } from '@/i18n';
import { LoadState, Page } from '@/ui';
import { intlLocale } from '@/ui/format';
import '../welcome.css';

const MODULE_PATHS: Record<Module, string> = { Map: '/map', Budget: '/budget', Notes: '/notes', Calendar: '/calendar' };

/**
 * A member's first screen after joining: where they are (the group, who else is in it), what they
 * can do here (each module of the group in a sentence, with a link), the lists shared with them,
 * and one next step, instead of an empty map.
 */
export default function WelcomePage() {
  const t = useT();
  const locale = useLocale();
  const { claims } = useSession();
  const account = useAccount();
  const members = useGroupMembers();
  const modules = (['Notes', 'Calendar', 'Map', 'Budget'] as Module[]).filter((module) => claims?.modules.includes(module));
  const lists = useSharedLists(modules.includes('Notes'));
  const others = (members.data ?? []).filter((member) => member.id !== claims?.userId).map((member) => member.nickname);
  const names = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' });

  return (
    <Page title={t('welcome.title', { name: claims?.nickname ?? '' })}>
      <LoadState query={account} skeletonLines={6}>
        {(profile) => (
          <div className="stack welcome">
            <p className="welcome-where">
              {profile.group
                ? others.length
                  ? t('welcome.whereWith', { group: profile.group.name, members: names.format(others) })
                  : t('welcome.where', { group: profile.group.name })
                : t('welcome.noGroup')}
            </p>
            {modules.length ? (
              <section className="card" aria-labelledby="welcome-can">
                <h2 id="welcome-can">{t('welcome.canTitle')}</h2>
                <ul className="welcome-modules">
                  {modules.map((module) => (
                    <li key={module}>
                      <Link to={MODULE_PATHS[module]}>
                        <strong>{t(`welcome.module.${module}` as MessageId)}</strong>
                      </Link>{' '}
                      {t(`welcome.module.${module}.what` as MessageId)}
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p>{t('welcome.noModules')}</p>
            )}
            {modules.includes('Notes') ? (
              <section className="card" aria-labelledby="welcome-lists">
                <h2 id="welcome-lists">{t('welcome.listsTitle')}</h2>
                {lists.data?.length ? (
                  <ul className="welcome-lists">
                    {lists.data.slice(0, 6).map((list) => (
                      <li key={list.id}>
                        <Link to={`/notes/${list.id}`}>{list.title}</Link> <span className="muted">{t('welcome.openItems', { count: list.open })}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{lists.isPending ? '…' : t('welcome.noLists')}</p>
                )}
              </section>
            ) : null}
            <NextStep modules={modules} firstList={lists.data?.[0]} />
            <p className="muted">
              {t('welcome.language')} <Link to="/account">{t('welcome.accountLink')}</Link>
            </p>
          </div>
        )}
      </LoadState>
    </Page>
  );
}

/** One thing to do now: the first shared list, else the group's first module, else the members. */
function NextStep({ modules, firstList }: { modules: Module[]; firstList?: { id: string; title: string } }) {
  const t = useT();
  const [to, label] = firstList
    ? [`/notes/${firstList.id}`, t('welcome.next.list', { title: firstList.title })]
    : modules[0]
      ? [MODULE_PATHS[modules[0]], t(`welcome.next.${modules[0]}` as MessageId)]
      : ['/members', t('welcome.next.members')];
  return (
    <aside className="card welcome-next" aria-labelledby="welcome-next">
      <h2 id="welcome-next">{t('welcome.nextTitle')}</h2>
      <Link className="btn btn-primary" to={to}>
        {label}
      </Link>
    </aside>
  );
}
