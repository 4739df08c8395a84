import { useRef } from 'react';
import { FileCheck2 } from 'lucide-react';
import { labels } from '../content/pdf-converter-content';
import type { LoadedFile } from '../hooks/use-pdf-converter';
import { hintClass, labelClass } from './field-styles';

interface HtmlUploadFieldProps {
  loadedFile: LoadedFile | null;
  /** Reads the chosen file; false when it was refused. */
  onSelect: (file: File | undefined) => Promise<boolean>;
  disabled?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** The file input of upload mode (limited to .html) and what was loaded. */
export function HtmlUploadField({ loadedFile, onSelect, disabled }: HtmlUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);

  async function change(file: File | undefined) {
    const accepted = await onSelect(file);
    // A refused file is cleared so that choosing it again still raises the notice.
    if (!accepted && input.current) input.current.value = '';
  }

  return (
    <div>
      <label htmlFor="pdf-file" className={labelClass}>
        {labels.file}
      </label>
      <p id="pdf-file-hint" className={hintClass}>
        {labels.fileHint}
      </p>
      <input
        ref={input}
        id="pdf-file"
        name="file"
        type="file"
        accept=".html"
        disabled={disabled}
        aria-describedby="pdf-file-hint"
        onChange={(e) => void change(e.target.files?.[0])}
        className="mt-2 block w-full rounded-lg border border-dashed border-ink-600 bg-ink-900 p-3 text-sm text-slate-300 file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-ink-700 file:px-4 file:font-semibold file:text-white hover:file:bg-ink-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      />
      {loadedFile && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-300">
          <FileCheck2 aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-300" />
          <span>
            Loaded <span className="font-semibold text-white">{loadedFile.name}</span> ({numberFormat.format(loadedFile.size)} bytes)
          </span>
        </p>
      )}
    </div>
  );
}
