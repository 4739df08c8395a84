/** Says the admin keeps these read-only for the client. */
export function ReadOnlyNote({ what }: { what: string }) {
  return (
    <p role="note" className="mb-4 rounded-lg border border-ink-700 bg-ink-800/60 px-3 py-2 text-sm text-slate-300">
      Signalpipe manages your {what}; you can see them here. Ask your Signalpipe admin if you want to change them yourself.
    </p>
  );
}
