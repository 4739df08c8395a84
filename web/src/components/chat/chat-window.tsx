import { useEffect, useRef, useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import type { ChatMessage } from './chat-types';
import { defaultGreeting, defaultReplies } from './default-replies';
import { useChat } from './use-chat';

export interface ChatWindowProps {
  /** Messages the conversation starts with (default: a greeting); later text changes update them in place. */
  initialMessages?: ChatMessage[];
  /** Canned replies (default: the three of the spec). */
  replies?: readonly string[];
  /** Reply delay in ms (default 1500). */
  replyDelayMs?: number;
  /** Name of the assistant, used in labels. */
  assistantName?: string;
  /** Focus the message field on mount (the chat bubble opens it for typing). */
  focusOnMount?: boolean;
  className?: string;
}

const time = (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A scripted assistant chat: message log, typing indicator and a message field (Enter sends). */
export function ChatWindow({
  initialMessages,
  replies = defaultReplies,
  replyDelayMs = 1500,
  assistantName = 'Signal AI',
  focusOnMount = false,
  className = '',
}: ChatWindowProps) {
  const [greeting] = useState(defaultGreeting);
  const initial = initialMessages ?? greeting;
  const { messages, typing, send } = useChat({ initialMessages: initial, replies, replyDelayMs });
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  // On mount only, as the autoFocus attribute would: the field is focused
  // because the visitor just opened the chat, not on later renders.
  useEffect(() => {
    if (focusOnMount) field.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-time focus; a later prop change must not steal focus
  }, []);

  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [messages, typing]);

  return (
    <div className={`flex min-h-0 flex-col ${className}`}>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={`Conversation with ${assistantName}`}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4"
      >
        {messages.map((m) => (
          <div key={m.id} className={`flex flex-col ${m.type === 'user' ? 'items-end' : 'items-start'}`}>
            <p
              className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm ${
                m.type === 'user' ? 'rounded-br-sm bg-brand-400 text-ink-950' : 'rounded-bl-sm bg-ink-700 text-slate-100'
              }`}
            >
              <span className="sr-only">{m.type === 'user' ? 'You' : assistantName}: </span>
              {m.content}
            </p>
            <span className="mt-1 text-[11px] text-slate-400">{time(m.timestamp)}</span>
          </div>
        ))}
      </div>
      <div role="status" className="h-6 px-4 text-xs text-slate-400">
        {typing && (
          <span className="flex items-center gap-2">
            <span aria-hidden="true" className="flex gap-1">
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
            </span>
            {assistantName} is typing…
          </span>
        )}
      </div>
      <form
        className="flex gap-2 border-t border-ink-700 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (send(draft)) setDraft('');
        }}
      >
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-label={`Message ${assistantName}`}
          placeholder="Ask about your signals…"
          ref={field}
          className="min-h-10 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none"
        />
        <button
          type="submit"
          aria-label="Send message"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-400 text-ink-950 hover:bg-brand-300"
        >
          <SendHorizontal aria-hidden="true" className="h-4 w-4" />
        </button>
      </form>
    </div>
  );
}

export default ChatWindow;
