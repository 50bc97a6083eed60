import type { Group } from '../api';

/** The options of a group select, starting with "Choose a group". */
export function GroupOptions({ groups }: { groups: Group[] }) {
  return (
    <>
      <option value="">Choose a group</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.name}
        </option>
      ))}
    </>
  );
}
