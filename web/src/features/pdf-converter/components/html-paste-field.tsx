import type { Ref } from 'react';
import { labels } from '../content/pdf-converter-content';
import { hintClass, inputClass, labelClass } from './field-styles';

interface HtmlPasteFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The textarea of paste mode. */
export function HtmlPasteField({ value, onChange, disabled, ref }: HtmlPasteFieldProps) {
  return (
    <div>
      <label htmlFor="pdf-html" className={labelClass}>
        {labels.html}
      </label>
      <p id="pdf-html-hint" className={hintClass}>
        {labels.htmlHint}
      </p>
      <textarea
        ref={ref}
        id="pdf-html"
        name="html"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        rows={12}
        spellCheck={false}
        autoComplete="off"
        placeholder={labels.htmlPlaceholder}
        aria-describedby="pdf-html-hint"
        className={`${inputClass} mt-2 min-h-56 resize-y font-mono text-sm leading-6`}
      />
    </div>
  );
}
