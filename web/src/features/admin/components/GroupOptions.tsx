import type { Group } from '../api';
import { useT } from '@/i18n';

/** The options of a group select, starting with "Choose a group". */
export function GroupOptions({ groups }: { groups: Group[] }) {
  const t = useT();
  return (
    <>
      <option value="">{t('admin.chooseGroup')}</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.name}
        </option>
      ))}
    </>
  );
}
