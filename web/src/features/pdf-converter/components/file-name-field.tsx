import { labels } from '../content/pdf-converter-content';
import { pdfFileName } from '../lib/file-name';
import { hintClass, inputClass, labelClass } from './field-styles';

interface FileNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The optional name of the PDF, with the name it will be saved under. */
export function FileNameField({ value, onChange, disabled }: FileNameFieldProps) {
  return (
    <div>
      <label htmlFor="pdf-file-name" className={labelClass}>
        {labels.fileName}
      </label>
      <input
        id="pdf-file-name"
        name="fileName"
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        maxLength={200}
        placeholder="converted-document"
        aria-describedby="pdf-file-name-hint"
        className={`${inputClass} mt-2`}
      />
      <p id="pdf-file-name-hint" className={hintClass}>
        Saved as <span className="font-mono text-slate-300">{pdfFileName(value)}</span>
      </p>
    </div>
  );
}
