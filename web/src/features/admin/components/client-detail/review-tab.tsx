// The review queue's tab (issue 31 item 1). The queue itself is built on its own branch
// (w-review); this file is the slot it fills, so that the tab list does not change when it lands.
import type { Client } from '../../api/clients';

/** The client's review queue: the leads waiting for the owner's approval before they reach the client. */
export function ReviewTab({ client }: { client: Client }) {
  return (
    <section aria-labelledby="review-heading">
      <h3 id="review-heading" className="text-lg font-semibold text-white">
        Review queue
      </h3>
      <p className="mt-1 text-sm text-slate-400">
        Leads for {client.name} are not held for review yet: they reach the client as soon as a run finds them.
      </p>
    </section>
  );
}
