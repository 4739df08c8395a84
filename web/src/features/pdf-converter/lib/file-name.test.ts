import { describe, expect, it } from 'vitest';
import { baseFileName, isHtmlFileName, pdfFileName, stripHtmlExtension } from './file-name';

describe('file names', () => {
  it('accepts only names ending in .html', () => {
    expect(isHtmlFileName('plan.html')).toBe(true);
    expect(isHtmlFileName('PLAN.HTML')).toBe(true);
    expect(isHtmlFileName('plan.htm')).toBe(false);
    expect(isHtmlFileName('plan.html.txt')).toBe(false);
    expect(isHtmlFileName('notes.txt')).toBe(false);
    expect(isHtmlFileName('html')).toBe(false);
  });

  it('takes the extension off an uploaded name', () => {
    expect(stripHtmlExtension('q3-account-plan.html')).toBe('q3-account-plan');
    expect(stripHtmlExtension('my.report.html')).toBe('my.report');
  });

  it('saves {fileName}.pdf, or converted-document.pdf when no name is set', () => {
    expect(pdfFileName('proposal')).toBe('proposal.pdf');
    expect(pdfFileName('  proposal  ')).toBe('proposal.pdf');
    expect(pdfFileName('proposal.pdf')).toBe('proposal.pdf');
    expect(pdfFileName('')).toBe('converted-document.pdf');
    expect(pdfFileName('   ')).toBe('converted-document.pdf');
    expect(baseFileName('')).toBe('converted-document');
  });
});
