import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from 'contract/operator-audit';
import { api } from 'shared/api/api-client';
import { operatorKeys } from './operator-keys';

/** The audit log for a filter, newest first, a page at a time ("Show older" asks for the next). */
export function useAuditLog(filter: AuditQuery) {
  return useInfiniteQuery({
    queryKey: operatorKeys.audit(filter),
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const searchParams: Record<string, string> = {};
      for (const [key, value] of Object.entries(filter)) if (value) searchParams[key] = value;
      if (pageParam) searchParams.before = pageParam;
      return api.get('operator/audit', { searchParams }).json<AuditPage>();
    },
    getNextPageParam: (last) => (last.more && last.rows.length > 0 ? String(last.rows.at(-1)!.id) : undefined),
  });
}
