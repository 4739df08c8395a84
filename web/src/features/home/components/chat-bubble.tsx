import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { BrandMark } from '@/components/layout/brand-mark';

// The chat ships as its own chunk, fetched only once the visitor opens the panel.
const loadChat = () => import('@/components/chat/chat-window');
const ChatWindow = lazy(loadChat);

/** The floating Signal AI button and its small non-modal panel; Start Conversation opens the chat. */
export function ChatBubble() {
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    void loadChat();
    start.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- WAI-ARIA dialog pattern: Escape from any control inside closes it */}
      <div
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={(e) => e.key === 'Escape' && close()}
        className="fixed bottom-24 right-4 z-40 flex max-h-[calc(100dvh-7rem)] w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-ink-600 bg-ink-800 shadow-2xl shadow-black/50"
      >
        <div className="flex items-center gap-3 border-b border-ink-700 bg-ink-900/60 px-4 py-3">
          <BrandMark className="h-9 w-9" />
          <div>
            <h2 id={titleId} className="text-sm font-semibold text-white">
              Signal AI
            </h2>
            <p className="text-xs text-slate-400">Online, monitoring 500+ sources</p>
          </div>
        </div>
        {started ? (
          <Suspense fallback={<p className="h-96 p-4 text-sm text-slate-400">Loading chat…</p>}>
            <ChatWindow focusOnMount className="h-96 shrink" />
          </Suspense>
        ) : (
          <div className="p-4">
            <p className="rounded-2xl rounded-bl-sm bg-ink-700 px-3.5 py-2 text-sm text-slate-100">
              Hi there! I can show you today&apos;s buying signals in your market and the prospects behind them.
            </p>
            <button
              ref={start}
              type="button"
              onClick={() => setStarted(true)}
              className="mt-4 flex min-h-10 w-full items-center justify-center rounded-lg bg-brand-400 text-sm font-semibold text-ink-950 hover:bg-brand-300"
            >
              Start Conversation
            </button>
          </div>
        )}
      </div>
      <button
        ref={toggle}
        type="button"
        aria-label={open ? 'Close Signal AI chat' : 'Open Signal AI chat'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-400 text-ink-950 shadow-lg shadow-brand-500/30 transition-colors hover:bg-brand-300"
      >
        {open ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        ) : (
          <MessageCircle aria-hidden="true" className="h-6 w-6" />
        )}
      </button>
    </>
  );
}
