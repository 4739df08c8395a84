/** A sample outbound email; From and To are shown when given. */
export interface Email {
  from?: string;
  to?: string;
  subject: string;
  /** Body paragraphs, greeting first, sign-off last. */
  body: readonly string[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A sample email shown as a message: its headers, then the body. The label
 * names the figure (shown as its caption, or only to screen readers when the
 * surrounding card already says it); with counts, a footer gives the
 * subject's characters and the body's words, for the 50-character and
 * 150-word rules.
 */
export function EmailCard({
  email,
  label,
  showLabel = false,
  counts = false,
}: {
  email: Email;
  label: string;
  showLabel?: boolean;
  counts?: boolean;
}) {
  const headers: [string, string | undefined][] = [
    ['From', email.from],
    ['To', email.to],
    ['Subject', email.subject],
  ];
  return (
    <figure className="overflow-hidden rounded-xl border border-ink-700 bg-ink-950/60">
      <figcaption
        className={
          showLabel ? 'border-b border-ink-700 px-5 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-400' : 'sr-only'
        }
      >
        {label}
      </figcaption>
      <dl className="space-y-1 border-b border-ink-700 px-5 py-4 text-sm">
        {headers.map(
          ([k, v]) =>
            v && (
              <div key={k} className="flex gap-2">
                <dt className="w-16 shrink-0 text-slate-400">{k}</dt>
                <dd className={k === 'Subject' ? 'font-semibold text-white' : 'text-slate-300'}>{v}</dd>
              </div>
            ),
        )}
      </dl>
      <div className="space-y-3 px-5 py-4 text-sm leading-6 whitespace-pre-line text-slate-200">
        {email.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {counts && (
        <p className="border-t border-ink-700 px-5 py-2.5 text-xs text-slate-400">
          Subject {email.subject.length} characters · body {email.body.reduce((n, p) => n + words(p), 0)} words
        </p>
      )}
    </figure>
  );
}
