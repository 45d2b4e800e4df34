import { z } from 'zod';
import { it } from 'zod/locales';

// Italian messages. The one locale by name: `z.locales.it()` kept every locale of zod in the browser's bundle.
z.config(it());

/** Error body of 401/403/404/429/500 answers. */
export const DetailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof DetailSchema>;

/** Error body of 400 answers: messages per field, and nonFieldErrors for the rest. */
export const ValidationErrorSchema = z.record(z.string(), z.array(z.string()));
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof HealthSchema>;

/**
 * GET /api/data-version/: a value that changes whenever an import changed the data (and only compared for
 * equality); the web processes poll it to drop their page caches.
 */
export const DataVersionSchema = z.object({ version: z.string().min(1) });
export type DataVersion = z.infer<typeof DataVersionSchema>;
