import { Calculator, FileCode2, FileDown, ListChecks } from 'lucide-react';
import { paths } from '@/config/paths';
import type { ResourceTool } from './types';

/**
 * The Sales Signal Checklist as a PDF: the Go server makes it with the
 * HTML-to-PDF converter from the checklist document in the repository.
 */
export const checklistHref = '/sales-signal-checklist.pdf';

/** The four tool cards, in page order (docs/product.md §8.6). */
export const tools: readonly ResourceTool[] = [
  {
    title: 'ROI Calculator',
    description:
      'Enter your team size, deal size, conversion rate, monthly leads and cost per lead, and see what working intent-qualified leads is worth to your team in revenue, cost per deal and hours.',
    ctaLabel: 'Calculate Your ROI',
    type: 'interactive',
    link: { href: paths.roiCalculator.path, navigation: 'document' },
    popular: true,
    icon: Calculator,
    features: ['Monthly and annual revenue lift', 'Cost per deal before and after', 'Hours and salary cost saved'],
  },
  {
    title: 'Sales Signal Checklist',
    description:
      'A one-page PDF checklist of the five buying signals worth acting on, how to qualify each one in under five minutes, when to reach out and what the first message must contain.',
    ctaLabel: 'Get the Sales Signal Checklist',
    type: 'download',
    link: { href: checklistHref, navigation: 'document' },
    icon: ListChecks,
    features: ['Tells for each of the five signals', 'A five-question qualification check', 'Timing and first-message rules'],
  },
  {
    title: 'Integration Guide',
    description:
      'Connect Signalpipe to your stack: every public API endpoint with its request, response and errors, and how leads and form submissions reach your CRM or automation tool.',
    ctaLabel: 'Read the Integration Guide',
    type: 'documentation',
    link: { href: paths.apiDocs.path, navigation: 'route' },
    icon: FileCode2,
    features: ['Lead search and status endpoints', 'Request and response examples', 'Error shapes and rate limits'],
  },
  {
    title: 'HTML to PDF Converter',
    description:
      'Paste HTML or upload an .html file and download an A4 PDF. Handy for proposals, one-pagers and account plans built from your own templates.',
    ctaLabel: 'Open the PDF Converter',
    type: 'interactive',
    link: { href: paths.pdfConverter.path, navigation: 'document' },
    icon: FileDown,
    features: ['Paste code or upload a file', 'Print-ready A4 output', 'Choose the file name'],
  },
];
