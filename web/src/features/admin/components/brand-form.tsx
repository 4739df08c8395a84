import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton } from '@/components/ui/form-styles';
import { useUpdateClient } from '../api/update-client';
import type { Client } from '../api/client-schema';
import { LOGO_TYPES, MAX_LOGO_BYTES, type LogoAnswer } from '../api/brand-schema';
import { useBrand } from '../api/get-brand';
import { useUpdateBrand } from '../api/update-brand';
import { useUploadBrandLogo } from '../api/upload-brand-logo';
import { useUploadClientBrandLogo } from '../api/upload-client-brand-logo';
import { placeServerErrors } from '../lib/server-field-errors';

// The white-label brand (docs/clients.md "White-label"): the agency's (PUT /api/admin/brand) and a
// client's override (settings.brand). The schema mirrors the server's checks (internal/clients/brand.go).
const oneLine = z
  .string()
  .trim()
  .max(80, 'At most 80 characters.')
  .refine((v) => !/[\r\n<>"]/.test(v), 'One line, without < > or ".');
const email = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(v), 'One email address, such as leads@agency.example.');

export const brandSchema = z.object({
  name: oneLine,
  logoUrl: z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    // An https:// image, or a logo uploaded here (http:// too while BASE_URL is, in development).
    .refine(
      (v) => v === '' || /^https:\/\/[^\s/@]+(\/\S*)?$/i.test(v) || /^https?:\/\/[^\s/@?]+\/api\/brand\/logos\/[^\s?]+$/i.test(v),
      'An https:// URL.',
    ),
  primaryColor: z
    .string()
    .trim()
    .refine((v) => v === '' || /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v), 'A hex colour such as #1f6feb.'),
  senderName: oneLine,
  senderAddress: email,
  replyTo: email,
  portalHost: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(v),
      'A host name such as leads.agency.example (no https://, path or port).',
    ),
});
export type BrandValues = z.infer<typeof brandSchema>;

const empty: BrandValues = { name: '', logoUrl: '', primaryColor: '', senderName: '', senderAddress: '', replyTo: '', portalHost: '' };

export const toBrandValues = (b: unknown): BrandValues => {
  const r = brandSchema.partial().safeParse(b ?? {});
  return { ...empty, ...(r.success ? Object.fromEntries(Object.entries(r.data).filter(([, v]) => typeof v === 'string')) : {}) };
};

const FIELDS: [keyof BrandValues, string, string][] = [
  ['name', 'Name', 'Shown in the portal, emails, the feed, Slack and the Good/Noise pages.'],
  ['logoUrl', 'Logo URL', 'An https:// image, or upload one below.'],
  ['primaryColor', 'Primary colour', 'Hex, e.g. #1f6feb.'],
  ['senderName', 'Sender name', 'From name of emails; empty: the name.'],
  ['senderAddress', 'Sender address', 'From address; your mail server must accept it.'],
  ['replyTo', 'Reply-to', 'Where replies go.'],
  ['portalHost', 'Portal host name', 'e.g. leads.agency.example, pointed at this server.'],
];

/** The brand's fields; the server's field errors (prefix + field) show under their fields. */
export function BrandForm({
  idPrefix,
  brand,
  placeholders,
  errorPrefix = '',
  onSave,
  onUpload,
}: {
  idPrefix: string;
  brand: unknown;
  /** What stands where a field is empty (the agency's, or the defaults). */
  placeholders?: Partial<Record<keyof BrandValues, string>>;
  errorPrefix?: string;
  onSave: (b: BrandValues) => Promise<unknown>;
  /** Uploads a logo (saved at once as the brand's logoUrl); the form then shows its URL. */
  onUpload?: (file: File) => Promise<LogoAnswer>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BrandValues>({ resolver: zodResolver(brandSchema), defaultValues: toBrandValues(brand) });
  useEffect(() => reset(toBrandValues(brand)), [brand, reset]);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      toast.success('Brand saved');
    } catch (err) {
      placeServerErrors(err, setError, { prefixes: [errorPrefix], fields: Object.keys(empty), fallback: 'Could not save the brand.' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(([name, label, hint]) => {
          const id = `${idPrefix}-${name}`;
          return (
            <div key={name}>
              <label htmlFor={id} className="text-sm font-medium text-slate-200">
                {label}
              </label>
              <input
                id={id}
                className={inputClass}
                placeholder={placeholders?.[name]}
                {...register(name)}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${id}-error` : `${id}-hint`}
              />
              {errors[name] ? (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-rose-200">
                  {errors[name]?.message}
                </p>
              ) : (
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
                  {hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {onUpload && (
        <LogoUpload
          id={`${idPrefix}-logo-file`}
          onUpload={onUpload}
          onUploaded={(url) => setValue('logoUrl', url, { shouldValidate: true })}
        />
      )}
      {errors.root && (
        <p role="alert" className="text-sm text-rose-200">
          {errors.root.message}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save brand'}
      </button>
    </form>
  );
}

/**
 * Uploads a logo: a PNG, JPEG or WebP image of at most 512 KB (checked here first, then by the server,
 * which sniffs the bytes). The server saves it as the brand's logo at once.
 */
export function LogoUpload({
  id,
  onUpload,
  onUploaded,
}: {
  id: string;
  onUpload: (file: File) => Promise<LogoAnswer>;
  onUploaded: (logoUrl: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setError('A PNG, JPEG or WebP image (SVG is not accepted).');
      return;
    }
    if (file.size > MAX_LOGO_BYTES) {
      setError('At most 512 KB.');
      return;
    }
    setBusy(true);
    try {
      const a = await onUpload(file);
      onUploaded(a.logoUrl);
      toast.success('Logo uploaded and saved');
    } catch (err) {
      setError(
        err instanceof ApiError && err.fields.file ? err.fields.file : err instanceof Error ? err.message : 'Could not upload the logo.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        Upload a logo
      </label>
      <input
        id={id}
        type="file"
        accept={LOGO_TYPES.join(',')}
        className="mt-1 block w-full text-sm text-slate-300 file:mr-3 file:rounded file:border-0 file:bg-slate-700 file:px-3 file:py-1.5 file:text-slate-100"
        disabled={busy}
        onChange={(e) => void onChange(e)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-rose-200">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {busy ? 'Uploading…' : 'PNG, JPEG or WebP, at most 512 KB. Saved at once as the logo URL.'}
        </p>
      )}
    </div>
  );
}

/** The agency's brand (the install's), which every client takes unless it overrides a field. */
export function AgencyBrandPanel() {
  const q = useBrand();
  const save = useUpdateBrand();
  const upload = useUploadBrandLogo();
  if (q.isPending) return <p className="p-4 text-sm text-slate-400">Loading…</p>;
  if (q.isError) return <p className="p-4 text-sm text-rose-200">Could not load the brand: {q.error.message}</p>;
  return (
    <div className="p-4">
      <p className="text-sm text-slate-400">
        What your clients see: the portal, lead emails and digests, the feed, Slack messages, the Good/Noise pages and invites. Empty fields
        keep the defaults (the name “{q.data.defaults.name}”).
      </p>
      <BrandForm
        idPrefix="agency-brand"
        brand={q.data.brand}
        placeholders={{ name: q.data.defaults.name }}
        onSave={(b) => save.mutateAsync(b)}
        onUpload={(f) => upload.mutateAsync(f)}
      />
    </div>
  );
}

/** A client's own brand (settings.brand): empty fields take the agency's. */
export function ClientBrandPanel({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  const upload = useUploadClientBrandLogo(client.id);
  const settings = (client.settings ?? {}) as Record<string, unknown>;
  return (
    <section aria-labelledby={`brand-${client.id}`}>
      <h3 id={`brand-${client.id}`} className="text-lg font-semibold text-white">
        Brand
      </h3>
      <p className="mt-1 text-sm text-slate-400">
        Overrides the agency’s brand for this client, field by field; empty fields take the agency’s.
      </p>
      <BrandForm
        idPrefix={`client-brand-${client.id}`}
        brand={settings.brand}
        errorPrefix="settings.brand."
        onSave={(b) => update.mutateAsync({ settings: { brand: b } })}
        onUpload={(f) => upload.mutateAsync(f)}
      />
    </section>
  );
}
