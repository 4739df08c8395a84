import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from './chat-types';

/** What a conversation starts from and how the assistant answers. */
export interface ChatOptions {
  /**
   * The opening messages. When a later render passes messages with the same
   * ids but new text (a greeting whose counts have loaded), they are updated
   * in place; the rest of the conversation is kept.
   */
  initialMessages: ChatMessage[];
  /** Canned replies; one is chosen at random for each message sent. */
  replies: readonly string[];
  /** Delay before the reply arrives (spec: 1500 ms). */
  replyDelayMs: number;
}

/**
 * A scripted conversation: send() adds the trimmed user message (blank text
 * is ignored), shows the typing state, and after replyDelayMs adds a reply.
 */
export function useChat({ initialMessages, replies, replyDelayMs }: ChatOptions) {
  const [messages, setMessages] = useState(initialMessages);
  const [pending, setPending] = useState(0);
  const counter = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const updates = new Map(initialMessages.map((m) => [m.id, m.content]));
    setMessages((list) => {
      let changed = false;
      const next = list.map((m) => {
        const content = updates.get(m.id);
        if (content === undefined || content === m.content) return m;
        changed = true;
        return { ...m, content };
      });
      return changed ? next : list;
    });
  }, [initialMessages]);

  useEffect(() => {
    const active = timers.current;
    return () => active.forEach(clearTimeout);
  }, []);

  const add = (type: ChatMessage['type'], content: string) => {
    counter.current += 1;
    const message: ChatMessage = { id: `${type}-${counter.current}`, type, content, timestamp: new Date() };
    setMessages((list) => [...list, message]);
  };

  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      if (!content) return false;
      add('user', content);
      setPending((n) => n + 1);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        add('ai', replies[Math.floor(Math.random() * replies.length)] ?? '');
        setPending((n) => n - 1);
      }, replyDelayMs);
      timers.current.add(timer);
      return true;
    },
    [replies, replyDelayMs],
  );

  return { messages, typing: pending > 0, send };
}
