import { defaultFileName } from '../content/pdf-converter-content';

const htmlExtension = /\.html$/i;

/** Whether an uploaded file's name ends in .html (docs/product.md §10.3; the case of the extension does not matter). */
export function isHtmlFileName(name: string): boolean {
  return htmlExtension.test(name);
}

/** The uploaded file's name without its .html extension: it becomes the PDF's file name. */
export function stripHtmlExtension(name: string): string {
  return name.replace(htmlExtension, '');
}

/**
 * The name the PDF is sent and saved under, without extension: what the
 * visitor typed, or converted-document when the field is blank.
 */
export function baseFileName(fileName: string): string {
  return fileName.trim().replace(/\.pdf$/i, '') || defaultFileName;
}

/** The downloaded file's name: {fileName}.pdf, or converted-document.pdf (docs/product.md §10.3). */
export function pdfFileName(fileName: string): string {
  return `${baseFileName(fileName)}.pdf`;
}
