import scoring from '@/config/generated/scoring.json';
import type { IntentTier, Lead, LeadStatus } from '../types';

/**
 * The engine's tier bands, highest first (internal/engine/score Tiers, which
 * `go generate ./internal/engine/score` writes to scoring.json; a Go test fails when the
 * JSON is stale, never edit it by hand).
 */
const tiers = scoring.tiers as readonly { tier: IntentTier; status: LeadStatus; minScore: number }[];

const statusOfTier = Object.fromEntries(tiers.map((b) => [b.tier, b.status])) as Record<IntentTier, LeadStatus>;
const tierOfStatus = Object.fromEntries(tiers.map((b) => [b.status, b.tier])) as Record<LeadStatus, IntentTier>;

const isTier = (v: unknown): v is IntentTier => typeof v === 'string' && Object.hasOwn(statusOfTier, v);
const isStatus = (v: unknown): v is LeadStatus => typeof v === 'string' && Object.hasOwn(tierOfStatus, v);

/** The tier of a score: the first band whose minimum it reaches (the last band takes the rest). */
const tierOfScore = (score: number): IntentTier => (tiers.find((b) => score >= b.minScore) ?? tiers[tiers.length - 1]).tier;

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const record = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The non-empty strings of a list, or undefined when there are none. */
function texts(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out = v.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  return out.length > 0 ? out : undefined;
}

/** The engine's draft, when it has a subject or a body. */
function draftOf(v: unknown): Lead['draft'] {
  const d = record(v);
  const subject = text(d.subject);
  const body = text(d.body);
  return subject || body ? { subject, body } : undefined;
}

function tierOf(raw: Record<string, unknown>, score: number): IntentTier {
  const t = raw.intentTier;
  if (isTier(t)) return t;
  const s = raw.status;
  if (isStatus(s)) return tierOfStatus[s];
  return tierOfScore(score);
}

/**
 * Turns a lead as the API sends it (docs/product.md §4.10: id or _id, name or fullName,
 * linkedin or linkedinUrl, …) into the one shape the demo renders.
 */
export function normalizeLead(value: unknown, index: number): Lead {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const n = Number(raw.intentScore);
  const intentScore = Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : 0;
  const intentTier = tierOf(raw, intentScore);
  // One tier field: the status is always the tier's name, so the two never disagree
  // (a lead sent with both, disagreeing, takes its intentTier).
  const status = statusOfTier[intentTier];
  return {
    id: text(raw.id) || text(raw._id) || `lead-${index}`,
    name: text(raw.name) || text(raw.fullName) || 'Unknown contact',
    title: text(raw.title),
    company: text(raw.company),
    email: text(raw.email),
    phone: text(raw.phone),
    signal: text(raw.signal),
    source: text(raw.source),
    linkedin: text(raw.linkedin) || text(raw.linkedinUrl),
    url: text(raw.url) || undefined,
    fullContext: text(raw.fullContext),
    intentScore,
    status,
    intentTier,
    industry: text(raw.industry),
    employees: text(raw.employees),
    platform: text(raw.platform) || undefined,
    publishedAt: text(raw.publishedAt) || undefined,
    relevanceTerms: texts(record(raw.relevance).terms),
    fitReasons: texts(record(raw.fit).reasons),
    cues: texts(record(raw.detection).cueLabels),
    speaker: speakerOf(record(raw.detection).speaker),
    draft: draftOf(raw.draft),
  };
}

/**
 * Who wrote a post, as a person reads it. A vendor's recruiter is shown as a
 * recruiter: whether the company hiring is a vendor depends on the client's
 * category, which the speaker reading does not know (such a job can be a lead).
 */
const authors: Record<string, string> = { vendor_recruiter: 'a recruiter', other: 'someone else' };

/** Who speaks and where the move stands (lead.detection.speaker), as a person reads it. */
function speakerOf(value: unknown): string | undefined {
  const s = record(value);
  const role = text(s.role);
  const stage = text(s.stage);
  if (!role && !stage) return undefined;
  const author = authors[role] ?? `a ${role.replace(/_/g, ' ')}`;
  return [role && `written by ${author}`, stage && stage !== 'none' && `move ${stage}`].filter(Boolean).join(', ');
}

/** Normalizes a list, tolerating a missing or malformed one. */
export function normalizeLeads(value: unknown): Lead[] {
  return Array.isArray(value) ? value.map(normalizeLead) : [];
}
