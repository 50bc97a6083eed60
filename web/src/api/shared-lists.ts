/** The group's shared notes and lists, as a new member's welcome names them (the notes feature has its own, fuller read). */
import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';
import { queryKeys } from '@/api/query-keys';

export interface SharedList {
  id: string;
  title: string;
  open: number;
}

export function useSharedLists(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.welcomeLists,
    enabled,
    queryFn: async (): Promise<SharedList[]> => {
      const notes = await call(api.GET('/api/v1/notes', { params: { query: { sort: '-updatedDate' } } }));
      return notes
        .filter((note) => !note.isPrivate)
        .map((note) => ({ id: note.id, title: note.title, open: note.items.filter((item) => !item.isCompleted).length }));
    },
  });
}
