import type { GroupView } from '../lib/model';
import { OperationCard } from './operation-card';

/** A group of endpoints (one tag, or one access level) under its h2. */
export function EndpointGroup({ group }: { group: GroupView }) {
  return (
    <section id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
      <h2 id={`${group.id}-title`} className="text-2xl font-bold tracking-tight text-white">
        {group.name}
      </h2>
      {group.description && <p className="mt-2 text-slate-300">{group.description}</p>}
      <div className="mt-6 space-y-6">
        {group.operations.map((op) => (
          <OperationCard key={op.id} op={op} />
        ))}
      </div>
    </section>
  );
}
