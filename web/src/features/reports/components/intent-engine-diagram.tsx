import { ArrowDown, ArrowRight } from 'lucide-react';
import type { EngineLayer } from '../content/signal-intent-engine-content';

/**
 * The 4-layer diagram of the intent engine, built as an ordered list so it
 * reads in order without the picture; the arrows are decoration.
 */
export function IntentEngineDiagram({ layers }: { layers: readonly EngineLayer[] }) {
  return (
    <figure className="rounded-3xl border border-ink-700 bg-ink-950/60 p-4 sm:p-6">
      <ol className="flex flex-col gap-2 lg:flex-row">
        {layers.map((layer, i) => (
          <li key={layer.name} className="flex flex-1 flex-col items-center gap-2 lg:flex-row">
            {i > 0 && (
              <span aria-hidden="true" className="text-brand-400">
                <ArrowDown className="h-5 w-5 lg:hidden" />
                <ArrowRight className="hidden h-5 w-5 lg:block" />
              </span>
            )}
            <div className="w-full flex-1 self-stretch rounded-2xl border border-brand-400/30 bg-ink-800/80 p-5">
              <p className="text-xs font-semibold uppercase tracking-wider text-brand-400">Layer {i + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-white">{layer.name}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-300">{layer.role}</p>
              <dl className="mt-4 space-y-2 border-t border-ink-700 pt-3 text-sm leading-6">
                <div>
                  <dt className="inline font-semibold text-slate-200">In: </dt>
                  <dd className="inline text-slate-300">{layer.input}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-slate-200">Out: </dt>
                  <dd className="inline text-slate-300">{layer.output}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ol>
      <figcaption className="mt-4 text-center text-sm text-slate-400">
        The four layers of the Signal Intent Engine: Signal Capture, Enrichment, Decision and Activation.
      </figcaption>
    </figure>
  );
}
