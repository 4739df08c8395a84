import { useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { feedItems } from '../content/feed';
import { IntentBadge } from './intent-badge';
import { PlatformIcon } from './platform-icon';
import { SectionHeading } from './section-heading';
import { sectionClass, smallButton } from './styles';

function FeedList({ hidden }: { hidden?: boolean }) {
  return (
    <ul aria-hidden={hidden || undefined} aria-label={hidden ? undefined : 'Recent buying signals'}>
      {feedItems.map((item) => (
        <li key={item.message} className="pb-3">
          <div className="flex gap-3 rounded-xl border border-ink-700 bg-ink-900/70 p-4">
            <PlatformIcon platform={item.platform} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p className="text-sm font-semibold text-white">
                  {item.platformName}
                  <span className="font-normal text-slate-400"> · {item.timeAgo}</span>
                </p>
                <IntentBadge intent={item.intent} />
              </div>
              <p className="mt-0.5 text-xs text-slate-400">{item.user}</p>
              <p className="mt-2 text-sm text-slate-200">“{item.message}”</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Sample signals scrolling past; the animation pauses on hover, focus or the Pause button. */
export function SignalFeed() {
  const [paused, setPaused] = useState(false);
  const pausedClass = paused ? '[animation-play-state:paused]' : '';

  return (
    <section aria-labelledby="feed-title" className={sectionClass}>
      <SectionHeading
        id="feed-title"
        eyebrow="Live signal feed"
        title="Buyers announce themselves every hour"
        intro="A sample of what our agents pick up: real needs, posted in public, scored against your ideal customer profile."
      />
      <div className="group mx-auto max-w-3xl rounded-2xl border border-ink-600 bg-ink-800 p-4 sm:p-5">
        <div className="mb-4 flex items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-white">
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-brand-400" />
            Signals detected in the last 2 hours
          </p>
          <button type="button" aria-pressed={paused} onClick={() => setPaused((p) => !p)} className={smallButton}>
            {paused ? <Play aria-hidden="true" className="h-3.5 w-3.5" /> : <Pause aria-hidden="true" className="h-3.5 w-3.5" />}
            {paused ? 'Play' : 'Pause'}
            <span className="sr-only"> signal feed</span>
          </button>
        </div>
        <div className="relative h-[26rem] overflow-hidden">
          <div
            className={`animate-feed will-change-transform group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] ${pausedClass}`}
          >
            <FeedList />
            <FeedList hidden />
          </div>
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-ink-800" />
        </div>
      </div>
    </section>
  );
}
