import type { ChatMessage } from '@/components/chat/chat-types';

/**
 * The three messages the demo chat starts with (docs/product.md §4.3). The counts come
 * from what is loaded: 5 sample signals and 3 ready-to-buy/hot sample leads
 * until stored data replaces them.
 */
export function chatSeed(signalCount: number, prospectCount: number, at: Date): ChatMessage[] {
  return [
    {
      id: 'seed-1',
      type: 'ai',
      timestamp: at,
      content: "Welcome back! I'm Signal AI, your buying-intent assistant. I'm monitoring 500+ sources for you right now.",
    },
    {
      id: 'seed-2',
      type: 'ai',
      timestamp: at,
      content: `I've detected ${signalCount} new buying signals since your last visit, including hiring, funding and competitor engagement.`,
    },
    {
      id: 'seed-3',
      type: 'ai',
      timestamp: at,
      content: `${prospectCount} prospects are ready to buy or hot right now. Ask me who to contact first or how to approach them.`,
    },
  ];
}
