/** A code listing shown in a guide. */
export interface CodeSample {
  title: string;
  /** Language or format, e.g. "JSON", "JavaScript", "robots.txt". */
  language: string;
  /** File or node the code belongs in, shown above it. */
  filename?: string;
  code: string;
  /** One sentence on what to change or watch for. */
  note?: string;
}

/**
 * A captioned code listing. The `<pre>` scrolls sideways on small screens and
 * is a focusable, labelled region so keyboard users can scroll it too.
 */
export function GuideCodeSample({ sample }: { sample: CodeSample }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-ink-700 bg-ink-950">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 border-b border-ink-700 px-4 py-2.5 text-sm">
        <span className="font-semibold text-white">{sample.title}</span>
        <span className="font-mono text-xs text-slate-400">{sample.filename ?? sample.language}</span>
      </figcaption>
      <pre
        role="region"
        aria-label={`${sample.title}, ${sample.language} code`}
        tabIndex={0}
        className="overflow-x-auto p-4 text-[13px] leading-6 text-slate-200"
      >
        <code>{sample.code}</code>
      </pre>
      {sample.note && <p className="border-t border-ink-700 px-4 py-3 text-sm text-slate-300">{sample.note}</p>}
    </figure>
  );
}
