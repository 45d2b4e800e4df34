import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { msg } from './i18n';

export type LicenseStatus = 'active' | 'inactive' | 'pending';

/** CSV downloads of filtered data need a licence in force (SPEC §6); a missing status counts as inactive. */
export const canDownloadCsv = (status: LicenseStatus | null | undefined) => status === 'active';

async function licenseStatusOf(app: FastifyInstance, userId: number): Promise<LicenseStatus | null> {
  const [row] = await app.db.query<{ status: LicenseStatus }>(
    'SELECT license_status AS status FROM users WHERE id = $1',
    [userId],
  );
  return row?.status ?? null;
}

/**
 * Hook of every CSV download: 401 without a signed-in user, 403 without an active licence — both before
 * any parameter is looked at (use it as onRequest).
 */
export async function requireCsvLicense(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  await app.requireUser(req);
  if (!canDownloadCsv(await licenseStatusOf(app, req.user!.id))) {
    throw new ApiError(403, { detail: msg('csvLicenseRequired') });
  }
}
