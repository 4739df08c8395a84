/** A sample outbound email. */
export interface EmailSample {
  subject: string;
  /** Paragraphs of the body, greeting and sign-off included. */
  body: readonly string[];
}

/** A sample email rendered as a message card, subject first. */
export function GuideEmailSample({ email, label }: { email: EmailSample; label: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-ink-700 bg-ink-950">
      <figcaption className="border-b border-ink-700 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-400">
        {label}
      </figcaption>
      <div className="px-4 py-4 text-sm leading-6 text-slate-200">
        <p>
          <span className="text-slate-400">Subject: </span>
          <span className="font-semibold text-white">{email.subject}</span>
        </p>
        <div className="mt-3 space-y-3">
          {email.body.map((p) => (
            <p key={p} className="whitespace-pre-line">
              {p}
            </p>
          ))}
        </div>
      </div>
    </figure>
  );
}
