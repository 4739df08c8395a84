import { platforms } from '../content/hero';

function Row({ hidden }: { hidden?: boolean }) {
  return (
    <ul aria-hidden={hidden || undefined} className="flex shrink-0 items-center gap-x-12 pr-12">
      {platforms.map((name) => (
        <li key={name} className="flex items-center gap-2 whitespace-nowrap text-lg font-semibold tracking-tight text-slate-400">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-500" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** The platforms we monitor as a seamless marquee (the row is drawn twice; the copy is hidden from assistive tech). */
export function LogoStrip() {
  return (
    <div className="mt-14 md:mt-20">
      <p className="text-center text-xs font-semibold uppercase tracking-wider text-slate-400">
        Monitoring buying signals across 500+ communities, including
      </p>
      <div className="relative mt-6 overflow-hidden">
        <div className="flex w-max animate-marquee will-change-transform">
          <Row />
          <Row hidden />
        </div>
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-ink-900 md:w-32" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-ink-900 md:w-32" />
      </div>
    </div>
  );
}
