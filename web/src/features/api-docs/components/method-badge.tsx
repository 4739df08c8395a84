const colors: Record<string, string> = {
  GET: 'bg-sky-400/15 text-sky-300 ring-sky-400/30',
  POST: 'bg-emerald-400/15 text-emerald-300 ring-emerald-400/30',
  PUT: 'bg-amber-400/15 text-amber-300 ring-amber-400/30',
  PATCH: 'bg-amber-400/15 text-amber-300 ring-amber-400/30',
  DELETE: 'bg-rose-400/15 text-rose-300 ring-rose-400/30',
};

/** An HTTP method as a coloured label. */
export function MethodBadge({ method }: { method: string }) {
  const color = colors[method] ?? 'bg-slate-400/15 text-slate-300 ring-slate-400/30';
  return (
    <span className={`inline-flex min-w-16 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-bold ring-1 ${color}`}>
      {method}
    </span>
  );
}
