/** GET /api/admin/newsletter.csv: the server's export (every sign-up, formula-safe cells); a plain link downloads it. */
export const newsletterCsvUrl = '/api/admin/newsletter.csv';
