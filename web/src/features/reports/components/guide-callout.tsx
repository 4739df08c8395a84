import { TriangleAlert } from 'lucide-react';

/** A warning or caution box. */
export interface Callout {
  title: string;
  body: readonly string[];
}

/** A highlighted warning with an h3 title, announced as a note. */
export function GuideCallout({ callout }: { callout: Callout }) {
  return (
    <aside aria-label={callout.title} className="rounded-2xl border border-amber-400/40 bg-amber-400/5 p-6 md:p-8">
      <h3 className="flex items-center gap-3 text-xl font-semibold text-amber-200">
        <TriangleAlert aria-hidden="true" className="h-6 w-6 shrink-0" />
        {callout.title}
      </h3>
      <div className="mt-4 max-w-3xl space-y-3 leading-7 text-slate-200">
        {callout.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </aside>
  );
}
