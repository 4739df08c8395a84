import { useEffect, useRef, type FormEvent } from 'react';
import { cardClass } from '@/components/ui/styles';
import { announcements, labels } from '../content/pdf-converter-content';
import { usePdfConverter } from '../hooks/use-pdf-converter';
import { ConvertActions } from './convert-actions';
import { FileNameField } from './file-name-field';
import { HtmlPasteField } from './html-paste-field';
import { HtmlUploadField } from './html-upload-field';
import { ModeSwitch } from './mode-switch';

/**
 * The converter itself: input mode, the html (pasted or uploaded), the file
 * name and the actions. Focus follows the actions that replace each other:
 * to Download PDF once the PDF is ready, back to the start after Convert Another.
 */
export function ConverterCard() {
  const c = usePdfConverter();
  const download = useRef<HTMLAnchorElement>(null);
  const start = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (c.pdfUrl) download.current?.focus();
  }, [c.pdfUrl]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void c.convert();
  }
  function reset() {
    c.reset();
    requestAnimationFrame(() => start.current?.focus());
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="pdf-converter-title"
      aria-busy={c.converting}
      className={`${cardClass} space-y-6 p-5 shadow-xl shadow-black/20 sm:p-8`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pdf-converter-title" className="text-xl font-bold text-white">
          {labels.cardTitle}
        </h2>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">{labels.output}</p>
      </div>
      <ModeSwitch mode={c.mode} onChange={c.setMode} disabled={c.converting} />
      {c.mode === 'paste' ? (
        <HtmlPasteField ref={start} value={c.html} onChange={c.setHtml} disabled={c.converting} />
      ) : (
        <HtmlUploadField loadedFile={c.loadedFile} onSelect={c.selectFile} disabled={c.converting} />
      )}
      <FileNameField value={c.fileName} onChange={c.setFileName} disabled={c.converting} />
      <ConvertActions
        html={c.html}
        fileName={c.fileName}
        converting={c.converting}
        pdfUrl={c.pdfUrl}
        onReset={reset}
        downloadRef={download}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {c.converting ? announcements.converting : c.pdfUrl ? announcements.ready : ''}
      </p>
    </form>
  );
}
