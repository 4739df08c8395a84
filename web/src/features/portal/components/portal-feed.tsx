import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Rss } from 'lucide-react';
import { apiRequest } from '@/lib/admin/api-client';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';

const feedKey = ['portal', 'feed'] as const;

/** The client's Atom feed: make or rotate its secret URL (shown once) for any feed reader. */
export function PortalFeed() {
  const qc = useQueryClient();
  const feed = useQuery({
    queryKey: feedKey,
    queryFn: () => apiRequest('/api/client/feed', { schema: z.object({ active: z.boolean(), createdAt: z.string().nullish() }) }),
  });
  const rotate = useMutation({
    mutationFn: () => apiRequest('/api/client/feed', { method: 'POST', schema: z.object({ url: z.string(), createdAt: z.string() }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedKey }),
  });
  const active = feed.data?.active ?? false;
  return (
    <section aria-labelledby="portal-feed-heading" className="mt-8 rounded-xl border border-ink-700 p-4">
      <h2 id="portal-feed-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <Rss aria-hidden="true" className="h-4 w-4" />
        Feed reader
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Follow your newest leads in any feed reader with a private Atom feed URL.{' '}
        {active ? 'You have one; making a new one stops the old one.' : ''}
      </p>
      <button type="button" className={`${secondaryButton} mt-2`} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
        {active ? 'Make a new feed URL' : 'Make a feed URL'}
      </button>
      {rotate.isError && (
        <p role="alert" className="mt-1 text-sm text-rose-200">
          {rotate.error.message}
        </p>
      )}
      {rotate.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="portal-feed-url">Your feed URL (shown once; keep it private)</label>
          <input id="portal-feed-url" readOnly value={rotate.data.url} className={inputClass} />
        </div>
      )}
    </section>
  );
}
