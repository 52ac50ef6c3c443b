import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** The audit log's filters as the screen keeps them in its URL (empty: not filtered). */
export interface AuditFilters {
  page: number;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** Dates as the date inputs give them (YYYY-MM-DD), in the reader's time zone. */
  from: string;
  to: string;
}

const startOfDay = (date: string) => Math.floor(new Date(`${date}T00:00:00`).getTime() / 1000);

/** GET /backoffice/audit (capability admin.audit): a page of entries, newest first. */
export function getAuditLog(filters: AuditFilters, signal?: AbortSignal): Promise<AuditList> {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const query = {
    page: filters.page > 1 ? filters.page : null,
    actor: text(filters.actor),
    action: text(filters.action),
    subject_type: text(filters.subject_type),
    subject_id: text(filters.subject_id),
    from: filters.from ? startOfDay(filters.from) : null,
    // "To" includes the whole day.
    to: filters.to ? startOfDay(filters.to) + 86_400 : null,
  };
  return requireData(call('backoffice.audit', { query }, { signal }));
}

export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['backoffice', 'audit', filters] as const,
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(filters));
}
