import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { ConverterCard } from './converter-card';

const pdfBytes = '%PDF-1.7\n%test\n';

function pdfResponse() {
  return new Response(pdfBytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } });
}

let createUrl: ReturnType<typeof vi.fn>;
let revokeUrl: ReturnType<typeof vi.fn>;

function mockFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  const user = userEvent.setup();
  const view = render(
    <>
      <ConverterCard />
      <Toaster />
    </>,
  );
  return { user, ...view };
}

const htmlBox = () => screen.getByLabelText('HTML content');
const convertButton = () => screen.getByRole('button', { name: /Convert to PDF|Converting\.\.\./ });

/** The newest toast whose title is `title`, once it is shown (sonner's store outlives a test). */
async function toastTitled(title: string) {
  const all = await screen.findAllByText(title);
  return all.at(-1)!.closest('[data-sonner-toast]') as HTMLElement;
}

beforeEach(() => {
  let n = 0;
  createUrl = vi.fn(() => `blob:pdf-${++n}`);
  revokeUrl = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: revokeUrl }));
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('PDF converter', () => {
  it('starts empty in paste mode with Convert disabled', () => {
    renderCard();
    expect(screen.getByRole('radio', { name: 'Paste HTML' })).toBeChecked();
    expect(htmlBox()).toHaveValue('');
    expect(screen.getByLabelText('File name (optional)')).toHaveValue('');
    expect(convertButton()).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('warns No content when the html is only whitespace, without calling the server', async () => {
    const fetchMock = mockFetch(pdfResponse);
    const { user } = renderCard();
    await user.type(htmlBox(), '   ');
    expect(convertButton()).toBeEnabled();
    await user.click(convertButton());
    const toast = await toastTitled('No content');
    expect(toast).toHaveTextContent('Please paste HTML content or upload an HTML file.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts html and fileName, shows Converting... while waiting, then offers the download', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderCard();
    await user.type(htmlBox(), '<h1>Plan</h1>');
    await user.type(screen.getByLabelText('File name (optional)'), 'acme-plan');
    await user.click(convertButton());

    expect(convertButton()).toHaveTextContent('Converting...');
    expect(convertButton()).toBeDisabled();
    expect(convertButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Converting your HTML to PDF');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/convert-pdf');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ html: '<h1>Plan</h1>', fileName: 'acme-plan' });

    answer(pdfResponse());
    const toast = await toastTitled('Success!');
    expect(toast).toHaveTextContent('Your PDF has been generated successfully.');
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', 'blob:pdf-1');
    expect(link).toHaveAttribute('download', 'acme-plan.pdf');
    expect(link).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Convert Another' })).toBeInTheDocument();
    const blob = createUrl.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe(pdfBytes);
  });

  it('names the download converted-document.pdf and sends that name when none is set', async () => {
    const fetchMock = mockFetch(pdfResponse);
    const { user } = renderCard();
    await user.type(htmlBox(), '<p>x</p>');
    await user.click(convertButton());
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'converted-document.pdf');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).fileName).toBe('converted-document');
  });

  it('Convert Another clears everything, returns to paste mode and revokes the URL', async () => {
    mockFetch(pdfResponse);
    const { user } = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Upload file' }));
    const file = new File(['<h1>Q3 plan</h1>'], 'q3-plan.html', { type: 'text/html' });
    await user.upload(screen.getByLabelText('HTML file'), file);
    await waitFor(() => expect(screen.getByLabelText('File name (optional)')).toHaveValue('q3-plan'));
    await user.click(convertButton());
    await user.click(await screen.findByRole('button', { name: 'Convert Another' }));

    expect(revokeUrl).toHaveBeenCalledWith('blob:pdf-1');
    expect(screen.getByRole('radio', { name: 'Paste HTML' })).toBeChecked();
    expect(htmlBox()).toHaveValue('');
    expect(screen.getByLabelText('File name (optional)')).toHaveValue('');
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(convertButton()).toBeDisabled();
  });

  it('revokes the URL when the page is left', async () => {
    mockFetch(pdfResponse);
    const { user, unmount } = renderCard();
    await user.type(htmlBox(), '<p>x</p>');
    await user.click(convertButton());
    await screen.findByRole('link', { name: 'Download PDF' });
    unmount();
    expect(revokeUrl).toHaveBeenCalledWith('blob:pdf-1');
  });

  it('editing the html after a success drops the stale PDF', async () => {
    mockFetch(pdfResponse);
    const { user } = renderCard();
    await user.type(htmlBox(), '<p>x</p>');
    await user.click(convertButton());
    await screen.findByRole('link', { name: 'Download PDF' });
    await user.type(htmlBox(), '!');
    expect(revokeUrl).toHaveBeenCalledWith('blob:pdf-1');
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(convertButton()).toBeEnabled();
  });
});

describe('PDF converter uploads', () => {
  it('reads a .html file into the html and takes its name without the extension', async () => {
    const { user } = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Upload file' }));
    expect(screen.queryByLabelText('HTML content')).not.toBeInTheDocument();
    expect(screen.getByLabelText('HTML file')).toHaveAttribute('accept', '.html');
    await user.upload(screen.getByLabelText('HTML file'), new File(['<p>hello</p>'], 'proposal.html'));
    await waitFor(() => expect(screen.getByLabelText('File name (optional)')).toHaveValue('proposal'));
    expect(screen.getByText('proposal.html')).toBeInTheDocument();
    expect(convertButton()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Paste HTML' }));
    expect(htmlBox()).toHaveValue('<p>hello</p>');
  });

  it('refuses a file whose name does not end in .html', async () => {
    const { user } = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Upload file' }));
    // applyAccept off: the picker's filter can be bypassed (drag and drop, "All files").
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('HTML file'), new File(['hi'], 'notes.txt'));
    const toast = await toastTitled('Invalid file type');
    expect(toast).toHaveTextContent('Please upload an HTML file.');
    expect(screen.getByLabelText('File name (optional)')).toHaveValue('');
    expect(convertButton()).toBeDisabled();
  });
});

describe('PDF converter failures', () => {
  async function failWith(answer: () => Response | Promise<Response>) {
    mockFetch(answer);
    const { user } = renderCard();
    await user.type(htmlBox(), '<p>x</p>');
    await user.click(convertButton());
    const toast = await toastTitled('Conversion failed');
    expect(convertButton()).toHaveTextContent('Convert to PDF');
    expect(convertButton()).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(createUrl).not.toHaveBeenCalled();
    return within(toast);
  }

  it('builds the text from the status text', async () => {
    const t = await failWith(() => new Response('{"error":"queue full"}', { status: 429, statusText: 'Too Many Requests' }));
    expect(t.getByText('Conversion failed: Too Many Requests')).toBeInTheDocument();
  });

  it('falls back to the API error message when there is no status text', async () => {
    const t = await failWith(() => new Response('{"error":"HTML is larger than 2 MB"}', { status: 413 }));
    expect(t.getByText('Conversion failed: HTML is larger than 2 MB')).toBeInTheDocument();
  });

  it('says An error occurred during conversion when there is neither', async () => {
    const t = await failWith(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(t.getByText('An error occurred during conversion')).toBeInTheDocument();
  });

  it('shows a network error message', async () => {
    const t = await failWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(t.getByText('Failed to fetch')).toBeInTheDocument();
  });
});
