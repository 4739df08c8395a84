import type { Step } from '@/components/content/step-list';

/** A notice raised as a toast: its title and description (docs/product.md §10.3, §10.4). */
export interface Notice {
  title: string;
  description: string;
}

/** The default name of the downloaded PDF, without extension (docs/product.md §10.3). */
export const defaultFileName = 'converted-document';

/** Texts of every toast the converter raises, word for word from docs/product.md §10.3 and §10.4. */
export const notices = {
  invalidFile: { title: 'Invalid file type', description: 'Please upload an HTML file.' },
  noContent: { title: 'No content', description: 'Please paste HTML content or upload an HTML file.' },
  success: { title: 'Success!', description: 'Your PDF has been generated successfully.' },
  failedTitle: 'Conversion failed',
  failedFallback: 'An error occurred during conversion',
} as const satisfies Record<string, Notice | string>;

/** The page's hero. */
export const hero = {
  eyebrow: 'Free tool',
  title: 'HTML to PDF Converter',
  intro:
    'Turn a proposal, one-pager or account plan written in HTML into a print-ready A4 PDF. Paste the code or upload an .html file, name the result and download it.',
} as const;

/** Labels and hints of the converter card's controls. */
export const labels = {
  cardTitle: 'Convert your HTML',
  modeLegend: 'How do you want to add your HTML?',
  modes: { paste: 'Paste HTML', upload: 'Upload file' },
  html: 'HTML content',
  htmlHint: 'A whole document or just a fragment. Styles in <style> tags and style attributes are applied.',
  htmlPlaceholder: '<h1>Account plan: Acme</h1>\n<p>Why now: Acme is hiring three SDRs…</p>',
  file: 'HTML file',
  fileHint: 'Only .html files. The file is read in your browser and its name becomes the PDF’s name.',
  fileName: 'File name (optional)',
  convert: 'Convert to PDF',
  converting: 'Converting...',
  download: 'Download PDF',
  another: 'Convert Another',
  output: 'Output: A4, single page',
} as const;

/** Screen-reader announcements of the conversion's progress. */
export const announcements = {
  converting: 'Converting your HTML to PDF…',
  ready: 'Your PDF is ready. Use Download PDF to save it.',
} as const;

/** How it works, in three steps. */
export const steps: readonly Step[] = [
  {
    title: 'Add your HTML',
    description:
      'Paste markup straight from your editor or template tool, or upload an .html file. Nothing is sent anywhere until you press Convert.',
  },
  {
    title: 'Convert',
    description:
      'Our server renders the page in a locked-down headless browser and prints it to an A4 PDF with its backgrounds and colours.',
  },
  {
    title: 'Download',
    description: 'Save the PDF under the name you chose. Convert Another clears the form and discards the previous PDF from memory.',
  },
];

/** What the renderer will and will not load (the service refuses every outside request). */
export const safetyNotes = {
  title: 'What the converter loads',
  intro: 'For your safety and ours, the converter renders only the document you give it. Everything it needs must be inside the HTML.',
  works: {
    title: 'Works',
    items: [
      'Inline styles and <style> blocks',
      'Images embedded as data: URIs (base64)',
      'Inline SVG and system fonts',
      'Tables, page breaks and print CSS (@page, @media print)',
    ],
  },
  blocked: {
    title: 'Blocked',
    items: [
      'Remote images, stylesheets, fonts and scripts (http:// and https://)',
      'Local files (file://) and addresses on private networks',
      'Requests made by scripts, such as fetch() or XMLHttpRequest',
    ],
  },
  tip: 'Tip: to include a logo, convert it to a data: URI first (for example with base64 on the command line) and use it as the image src.',
} as const;
