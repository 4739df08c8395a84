import { intentColors, type Intent } from '../content/intents';

const tones = {
  red: 'bg-red-500/15 text-red-300 ring-red-400/30',
  orange: 'bg-orange-500/15 text-orange-300 ring-orange-400/30',
  blue: 'bg-blue-500/15 text-blue-300 ring-blue-400/30',
} as const;

/** A pill naming an intent tier in its colour (Ready to Buy red, Hot orange, Warm blue). */
export function IntentBadge({ intent }: { intent: Intent }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[intentColors[intent]]}`}
    >
      {intent}
    </span>
  );
}
