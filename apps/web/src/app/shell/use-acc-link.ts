import { useCallback } from 'react';
import { useAccOrNull } from '../session';

/** Builds in-app links that carry the active account as `acc` (spec §2). */
export function useAccLink(): (path: string) => string {
  const accId = useAccOrNull();
  return useCallback(
    (path: string) => {
      if (!accId) return path;
      const [base, query = ''] = path.split('?');
      const params = new URLSearchParams(query);
      params.set('acc', accId);
      return `${base}?${params.toString()}`;
    },
    [accId],
  );
}
