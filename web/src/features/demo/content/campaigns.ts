import type { CampaignTemplate } from '../types';
import campaigns from './campaigns.json';

const colors: readonly CampaignTemplate['color'][] = [
  'red',
  'orange',
  'amber',
  'emerald',
  'teal',
  'sky',
  'indigo',
  'violet',
  'pink',
  'lime',
];

const isColor = (c: string): c is CampaignTemplate['color'] => (colors as readonly string[]).includes(c);

/**
 * The ten Signal Campaigns with their response rates (docs/product.md §4.8): the
 * engine's own templates (internal/engine/draft), which `go generate ./internal/engine/draft`
 * writes to campaigns.json, so a card shows what the engine sends. A Go test fails when the
 * JSON is stale; never edit it by hand.
 */
export const campaignTemplates: readonly CampaignTemplate[] = campaigns.map((c) => ({
  ...c,
  color: isColor(c.color) ? c.color : 'sky',
}));
