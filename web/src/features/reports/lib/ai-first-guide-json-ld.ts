import type { Phase } from '../content/ai-first-guide-content';

/** schema.org HowTo for the AI-first guide: one step per phase, linked to its section. */
export function aiFirstHowToJsonLd(base: string, input: { path: string; name: string; description: string; phases: readonly Phase[] }) {
  const url = `${base}${input.path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: input.name,
    description: input.description,
    url,
    totalTime: 'P12W',
    step: input.phases.map((p, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      name: `${p.title} (${p.weeks.replace(/^Phase \d+ · /, '')})`,
      text: p.goal,
      url: `${url}#${p.id}`,
    })),
  };
}
