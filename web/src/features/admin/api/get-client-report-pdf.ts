/** The monthly report's PDF, made by the server's HTML-to-PDF converter. */
export const reportPdfUrl = (id: string, month: string) => `/api/admin/clients/${id}/report.pdf?month=${encodeURIComponent(month)}`;
