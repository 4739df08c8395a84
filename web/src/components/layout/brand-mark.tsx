/** The Signalpipe logo: a signal line on a dark tile. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#121a2f" />
      <path d="M5 20h5l3-9 4 14 3-9h7" fill="none" stroke="#34d399" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Logo and name, as shown in the header and footer. */
export function BrandName() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
      <BrandMark />
      Signalpipe
    </span>
  );
}
