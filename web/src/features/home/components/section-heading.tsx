interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
}

/** The eyebrow, h2 and intro that open each home page section. */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center md:mb-12">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-400">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-balance text-3xl font-bold tracking-tight text-white md:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-base text-slate-300 md:text-lg">{intro}</p>}
    </div>
  );
}
