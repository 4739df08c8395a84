/** A comparison table: column headings and rows headed by their first cell. */
export interface DataTableData {
  caption: string;
  /** Headings of every column, the row-heading column first. */
  columns: readonly string[];
  rows: readonly { label: string; cells: readonly string[] }[];
  /** Source or assumptions, shown under the table. */
  footnote?: string;
}

/** A table with column and row headers that scrolls sideways on small screens. */
export function DataTable({ table }: { table: DataTableData }) {
  return (
    <figure className="min-w-0">
      <p aria-hidden="true" className="mb-3 font-semibold text-white">
        {table.caption}
      </p>
      <div role="region" aria-label={table.caption} tabIndex={0} className="overflow-x-auto rounded-2xl border border-ink-700">
        <table className={`w-full border-collapse text-left text-sm ${table.columns.length > 3 ? 'min-w-[36rem]' : 'min-w-[26rem]'}`}>
          <caption className="sr-only">{table.caption}</caption>
          <thead>
            <tr className="bg-ink-800/60">
              {table.columns.map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-semibold text-slate-200">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-700">
            {table.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row" className="px-4 py-3 font-medium text-white">
                  {r.label}
                </th>
                {r.cells.map((cell, i) => (
                  <td key={`${r.label}-${i}`} className="px-4 py-3 text-slate-300">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.footnote && <figcaption className="mt-3 text-sm leading-6 text-slate-400">{table.footnote}</figcaption>}
    </figure>
  );
}
