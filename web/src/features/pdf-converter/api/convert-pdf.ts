import { notices } from '../content/pdf-converter-content';

/** The body of POST /api/convert-pdf (docs/product.md §10.4). */
export interface ConvertPdfInput {
  html: string;
  fileName: string;
}

/** A conversion the server refused or that never reached it; message is what the visitor is told. */
export class ConversionError extends Error {
  override name = 'ConversionError';
}

/** Reads the `error` of the API's JSON error shape, if the body has one. */
async function errorOfBody(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: there is no message to fall back to.
  }
  return '';
}

/**
 * The failure text of a non-OK answer (docs/product.md §10.4): "Conversion failed:
 * {status text}". HTTP/2 answers carry no status text, so the API's own error
 * message stands in for it; with neither, the generic text.
 */
export async function failureText(res: Response): Promise<string> {
  const reason = res.statusText.trim() || (await errorOfBody(res));
  return reason ? `Conversion failed: ${reason}` : notices.failedFallback;
}

/**
 * Converts HTML to a PDF on the server. Resolves with the PDF; rejects with a
 * ConversionError for a non-OK answer, and with the fetch error on a network failure.
 */
export async function convertPdf(input: ConvertPdfInput, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch('/api/convert-pdf', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(input),
    signal,
  });
  if (!res.ok) throw new ConversionError(await failureText(res));
  const data = await res.arrayBuffer();
  return new Blob([data], { type: 'application/pdf' });
}
