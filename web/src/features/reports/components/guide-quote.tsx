/** A customer quote with its attribution. */
export interface Quote {
  text: string;
  name: string;
  role: string;
}

/** A large pull quote. */
export function GuideQuote({ quote }: { quote: Quote }) {
  return (
    <figure className="mx-auto max-w-4xl rounded-3xl border border-ink-700 bg-ink-800/60 px-6 py-10 md:px-12">
      <blockquote className="text-balance text-xl font-medium leading-8 text-white md:text-2xl md:leading-10">
        <p>&ldquo;{quote.text}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 text-slate-300">
        <span className="font-semibold text-white">{quote.name}</span>, {quote.role}
      </figcaption>
    </figure>
  );
}
