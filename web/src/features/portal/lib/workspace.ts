import { ApiError } from '@/lib/admin/api-client';

/** A date and time, or "never". */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return 'never';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString();
}

/** An error answer as one line: the field messages when there are some, else the message. */
export function serverMessage(err: Error): string {
  if (err instanceof ApiError) {
    const fields = Object.values(err.fields);
    if (fields.length) return fields.join(' ');
  }
  return err.message;
}
