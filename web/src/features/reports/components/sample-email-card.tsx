/** A complete cold email, as sent. */
export interface SampleEmail {
  from: string;
  to: string;
  subject: string;
  /** Body paragraphs, greeting first, sign-off last. */
  body: readonly string[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A sample email shown as a message: From, To, Subject, then the body, with
 * the subject's character count and the body's word count (checked against
 * the 50-character and 150-word rules). Generic for any report's email plays.
 */
export function SampleEmailCard({ email, label }: { email: SampleEmail; label: string }) {
  const bodyWords = email.body.reduce((n, p) => n + words(p), 0);
  return (
    <figure className="overflow-hidden rounded-xl border border-ink-600 bg-ink-950/60">
      <figcaption className="sr-only">{label}</figcaption>
      <dl className="space-y-1 border-b border-ink-700 px-5 py-4 text-sm">
        {(
          [
            ['From', email.from],
            ['To', email.to],
            ['Subject', email.subject],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="w-16 shrink-0 text-slate-400">{k}</dt>
            <dd className={k === 'Subject' ? 'font-semibold text-white' : 'text-slate-300'}>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-3 px-5 py-4 text-sm leading-6 whitespace-pre-line text-slate-200">
        {email.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <p className="border-t border-ink-700 px-5 py-2.5 text-xs text-slate-400">
        Subject {email.subject.length} characters · body {bodyWords} words
      </p>
    </figure>
  );
}
