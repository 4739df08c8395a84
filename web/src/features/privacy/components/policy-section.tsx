import type { PolicyBlock, PolicySection as Section } from '../content/types';

/** Renders "Label: text" list items with the label in bold. */
function ListItem({ text }: { text: string }) {
  const match = /^([^:]{3,40}): (.*)$/s.exec(text);
  if (!match) return <li>{text}</li>;
  return (
    <li>
      <strong className="font-semibold text-white">{match[1]}:</strong> {match[2]}
    </li>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'subheading':
      return <h3>{block.text}</h3>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <ListItem key={item} text={item} />
          ))}
        </ul>
      );
    case 'email':
      return (
        <p>
          {block.text} <a href={`mailto:${block.address}`}>{block.address}</a>.
        </p>
      );
  }
}

/** One section of the policy: a numbered h2 and its blocks. */
export function PolicySection({ section, number }: { section: Section; number: number }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 space-y-4">
      <h2 id={`${section.id}-title`}>
        <span className="text-brand-400">{number}.</span> {section.title}
      </h2>
      {section.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </section>
  );
}
