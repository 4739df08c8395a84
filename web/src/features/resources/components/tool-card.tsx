import { Link } from 'react-router';
import { ArrowRight, Star } from 'lucide-react';
import { cardClass, primaryButton, secondaryButton } from '@/components/ui/styles';
import type { ResourceTool, ToolType } from '../content/types';

const typeLabel: Record<ToolType, string> = {
  interactive: 'Interactive tool',
  download: 'Printable download',
  documentation: 'Documentation',
};

function ToolLink({ tool }: { tool: ResourceTool }) {
  if (!tool.link) return null;
  const className = `${tool.popular ? primaryButton : secondaryButton} mt-6 w-full`;
  const content = (
    <>
      {tool.ctaLabel}
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </>
  );
  // The calculator, the converter and static files load as full pages (docs/product.md §8.6).
  if (tool.link.navigation === 'document') {
    return (
      <a href={tool.link.href} className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={tool.link.href} className={className}>
      {content}
    </Link>
  );
}

/** One tool card: type, title, description, what it offers and its call to action. */
export function ToolCard({ tool }: { tool: ResourceTool }) {
  const { icon: Icon } = tool;
  const border = tool.popular ? 'border-brand-400/50 ring-1 ring-brand-400/30' : '';
  return (
    <li className={`${cardClass} ${border} relative flex flex-col p-6`}>
      {tool.popular && (
        <p className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-400 px-3 py-0.5 text-xs font-bold text-ink-950">
          <Star aria-hidden="true" className="h-3 w-3" />
          Most popular
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-400/10 text-brand-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">{typeLabel[tool.type]}</p>
      </div>
      <h3 className="mt-5 text-lg font-semibold text-white">{tool.title}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-300">{tool.description}</p>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-300">
        {tool.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        <ToolLink tool={tool} />
      </div>
    </li>
  );
}
