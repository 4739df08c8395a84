import type { ChatMessage } from './chat-types';

/** The assistant's three canned replies; one is picked at random per message. */
export const defaultReplies: readonly string[] = [
  "Here's my analysis: 3 of today's signals match your ideal customer profile above 90%. The strongest is a VP of Sales comparing intent-data vendors before a renewal, so I'd open with the cost of working stale lists.",
  'Pulling the latest signal data now... 23 new signals in the last 24 hours, mostly hiring activity and competitor engagement. Want me to narrow them down by company size or industry?',
  'Good news: I found 5 new prospects that fit your profile. Two just announced funding and three are hiring SDRs. Shall I draft a first message for each of them?',
];

/** The greeting a fresh conversation starts with. */
export function defaultGreeting(): ChatMessage[] {
  return [
    {
      id: 'greeting',
      type: 'ai',
      content:
        "Hi, I'm Signal AI. I watch 500+ communities for buying signals. Ask me about today's signals, your hottest prospects or how to approach them.",
      timestamp: new Date(),
    },
  ];
}
