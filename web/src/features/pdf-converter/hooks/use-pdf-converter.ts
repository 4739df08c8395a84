import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { convertPdf } from '../api/convert-pdf';
import { notices, type Notice } from '../content/pdf-converter-content';
import { baseFileName, isHtmlFileName, stripHtmlExtension } from '../lib/file-name';

/** Where the HTML comes from (docs/product.md §10.3). */
export type InputMode = 'paste' | 'upload';

/** The uploaded file, for showing what was loaded. */
export interface LoadedFile {
  name: string;
  size: number;
}

function warn({ title, description }: Notice) {
  toast.error(title, { description });
}

/**
 * The converter's page-local state (docs/product.md §10.3): the html, the input
 * mode, the converting flag, the PDF's object URL and the file name. Editing
 * the html after a success drops the PDF, so what is offered for download is
 * always the current html's.
 */
export function usePdfConverter() {
  const [mode, setMode] = useState<InputMode>('paste');
  const [html, setHtmlState] = useState('');
  const [fileName, setFileName] = useState('');
  const [loadedFile, setLoadedFile] = useState<LoadedFile | null>(null);
  const [converting, setConverting] = useState(false);
  const [pdfUrl, setPdfUrlState] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Every URL the page made is released when replaced, on reset and on leaving the page.
  const setPdfUrl = useCallback((next: string | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = next;
    setPdfUrlState(next);
  }, []);
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const setHtml = (value: string) => {
    setHtmlState(value);
    setPdfUrl(null);
  };

  const selectFile = async (file: File | undefined): Promise<boolean> => {
    if (!file) return false;
    if (!isHtmlFileName(file.name)) {
      warn(notices.invalidFile);
      return false;
    }
    const text = await file.text();
    setFileName(stripHtmlExtension(file.name));
    setLoadedFile({ name: file.name, size: file.size });
    setHtml(text);
    if (!text.trim()) warn(notices.noContent); // an empty file gives nothing to convert
    return true;
  };

  const convert = async () => {
    if (!html.trim()) {
      warn(notices.noContent);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setConverting(true);
    try {
      const pdf = await convertPdf({ html, fileName: baseFileName(fileName) }, controller.signal);
      setPdfUrl(URL.createObjectURL(pdf));
      toast.success(notices.success.title, { description: notices.success.description });
    } catch (err) {
      if (controller.signal.aborted) return; // the page is gone
      const message = err instanceof Error && err.message ? err.message : notices.failedFallback;
      toast.error(notices.failedTitle, { description: message });
    } finally {
      if (!controller.signal.aborted) setConverting(false);
    }
  };

  const reset = () => {
    setHtmlState('');
    setFileName('');
    setLoadedFile(null);
    setMode('paste');
    setPdfUrl(null);
  };

  return { mode, setMode, html, setHtml, fileName, setFileName, loadedFile, selectFile, converting, pdfUrl, convert, reset };
}

/** What usePdfConverter returns. */
export type PdfConverterState = ReturnType<typeof usePdfConverter>;
