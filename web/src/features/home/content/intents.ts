/** The three intent tiers shown on the landing page (docs/product.md §3.1). */
export type Intent = 'Ready to Buy' | 'Hot' | 'Warm';

/** Colour of an intent tier: Ready to Buy red, Hot orange, Warm blue. */
export type IntentColor = 'red' | 'orange' | 'blue';

export const intents: readonly Intent[] = ['Ready to Buy', 'Hot', 'Warm'];

export const intentColors: Record<Intent, IntentColor> = {
  'Ready to Buy': 'red',
  Hot: 'orange',
  Warm: 'blue',
};
