import { canDownloadCsv, type LicenseStatus } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { msg } from './i18n';

async function licenseOf(
  app: FastifyInstance,
  userId: number,
): Promise<{ licenseStatus: LicenseStatus } | null> {
  const [row] = await app.db.query<{ licenseStatus: LicenseStatus }>(
    'SELECT license_status AS "licenseStatus" FROM users WHERE id = $1',
    [userId],
  );
  return row ?? null;
}

/**
 * Hook of every CSV download: 401 without a signed-in user, 403 without an active licence — both before
 * any parameter is looked at (use it as onRequest).
 */
export async function requireCsvLicense(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  await app.requireUser(req);
  if (!canDownloadCsv(await licenseOf(app, req.user!.id))) {
    throw new ApiError(403, { detail: msg('csvLicenseRequired') });
  }
}

/**
 * Hook of every back-office route (/api/admin/…): 401 without a signed-in user, 403 unless the account is
 * staff — before any parameter is looked at (use it as onRequest).
 */
export async function requireStaff(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  await app.requireUser(req);
  if (!req.user!.isStaff) throw new ApiError(403, { detail: msg('staffOnly') });
}
