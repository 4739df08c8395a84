import { Share2 } from 'lucide-react';

/** The share links of a post (docs/product.md §9.2): they open in a new tab. */
export function shareLinks(title: string, url: string) {
  return {
    twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  };
}

const linkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg border border-ink-600 px-3 py-2 text-sm font-medium text-slate-200 hover:border-slate-400 hover:text-white';

/** The share links' markup for hrefs already made (post-template.tsx fills them with slots). */
export function ShareLinks({ twitter, linkedin }: { twitter: string; linkedin: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm text-slate-400">Share:</span>
      <a href={twitter} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share on X
      </a>
      <a href={linkedin} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share on LinkedIn
      </a>
    </div>
  );
}

export function ShareButtons({ title, url }: { title: string; url: string }) {
  const links = shareLinks(title, url);
  return <ShareLinks twitter={links.twitter} linkedin={links.linkedin} />;
}
