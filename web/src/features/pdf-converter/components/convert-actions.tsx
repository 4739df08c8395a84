import type { Ref } from 'react';
import { Download, FileDown, Loader2, RotateCcw } from 'lucide-react';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { labels } from '../content/pdf-converter-content';
import { pdfFileName } from '../lib/file-name';

interface ConvertActionsProps {
  html: string;
  fileName: string;
  converting: boolean;
  pdfUrl: string | null;
  onReset: () => void;
  downloadRef?: Ref<HTMLAnchorElement>;
}

const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-brand-400';

/**
 * Convert (the form's submit button) until a PDF is ready, then Download PDF
 * (a download link to the PDF's object URL) and Convert Another.
 */
export function ConvertActions({ html, fileName, converting, pdfUrl, onReset, downloadRef }: ConvertActionsProps) {
  if (pdfUrl) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row">
        <a ref={downloadRef} href={pdfUrl} download={pdfFileName(fileName)} className={`${primaryButton} sm:flex-1`}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {labels.download}
        </a>
        <button type="button" onClick={onReset} className={`${secondaryButton} sm:flex-1`}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {labels.another}
        </button>
      </div>
    );
  }
  const Icon = converting ? Loader2 : FileDown;
  return (
    <button type="submit" disabled={!html || converting} aria-busy={converting} className={`${primaryButton} ${disabledLook} w-full`}>
      <Icon aria-hidden="true" className={`h-4 w-4 ${converting ? 'animate-spin' : ''}`} />
      {converting ? labels.converting : labels.convert}
    </button>
  );
}
