import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import type { PeriodId } from '../lib/periods';

/** GET /api/admin/analytics: the first-party report of a period. */
export const reportSchema = z.object({
  period: z.string(),
  recorded: z.boolean(),
  pageViews: z.number(),
  uniqueVisitors: z.number(),
  sessions: z.number(),
  avgSessionSeconds: z.number(),
  bounceRate: z.number(),
  topPages: z.array(z.object({ path: z.string(), views: z.number(), percentage: z.number() })),
  bucket: z.enum(['day', 'hour']),
  dailyViews: z.array(z.object({ date: z.string(), views: z.number() })),
});

export type AnalyticsReport = z.infer<typeof reportSchema>;

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (period: PeriodId) => [...analyticsKeys.all, 'report', period] as const,
};

/** Fetches the report of period (401 without an admin session). */
export const getAnalytics = (period: PeriodId) => apiRequest(`/api/admin/analytics?period=${period}`, { schema: reportSchema });

export const analyticsQueryOptions = (period: PeriodId) =>
  queryOptions({ queryKey: analyticsKeys.report(period), queryFn: () => getAnalytics(period), placeholderData: keepPreviousData });

/** The report of period, fetched only when enabled (an admin is signed in). */
export function useAnalytics(period: PeriodId, enabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(period), enabled });
}
