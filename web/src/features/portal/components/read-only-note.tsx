/** Says the admin keeps these read-only for the client (no product name: the agency may be white-labelled). */
export function ReadOnlyNote({ what }: { what: string }) {
  return (
    <p role="note" className="mb-4 rounded-lg border border-ink-700 bg-ink-800/60 px-3 py-2 text-sm text-slate-300">
      Your account manager manages your {what}; you can see them here. Ask your account manager if you want to change them yourself.
    </p>
  );
}
