import { ClipboardPaste, Upload } from 'lucide-react';
import { labels } from '../content/pdf-converter-content';
import type { InputMode } from '../hooks/use-pdf-converter';

const options = [
  { value: 'paste', label: labels.modes.paste, icon: ClipboardPaste },
  { value: 'upload', label: labels.modes.upload, icon: Upload },
] as const;

interface ModeSwitchProps {
  mode: InputMode;
  onChange: (mode: InputMode) => void;
  disabled?: boolean;
}

/** Paste or upload, as a pair of radio buttons styled as a segmented control (arrow keys move between them). */
export function ModeSwitch({ mode, onChange, disabled }: ModeSwitchProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-white">{labels.modeLegend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-1 rounded-xl border border-ink-600 bg-ink-900 p-1">
        {options.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className="relative flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-300 transition-colors has-[:checked]:bg-brand-400 has-[:checked]:text-ink-950 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
          >
            <input
              type="radio"
              name="pdf-input-mode"
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
              // Invisible but covering its label: clicks, taps and focus land on the real radio.
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            <Icon aria-hidden="true" className="h-4 w-4" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
