import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUDGET_HEADERS, type DownloadBudgetKind } from '@portal/contract';
import { LIMITS } from './rate-limit';

const BUDGETS = {
  images: { limit: LIMITS.downloadImagesUser, message: 'imageDownloadsThrottled' },
  csv: { limit: LIMITS.downloadCsvUser, message: 'csvDownloadsThrottled' },
} as const;

/** The limit of a budget (docs/downloads.md "Limits"). */
export const budgetLimit = (kind: DownloadBudgetKind) => BUDGETS[kind].limit;

/**
 * Spends one file of the signed-in user's budget of `kind` (pictures or CSV, decision 075): past it, 429
 * naming the budget and the wait. The answer says what is left (RateLimit-Limit, -Remaining, -Reset in
 * seconds), so the page warns before the limit is reached; a store that fails lets the file through, and
 * the answer then says nothing of a budget it could not count.
 */
export async function spendDownload(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: DownloadBudgetKind,
): Promise<void> {
  const { limit, message } = BUDGETS[kind];
  const state = await app.rateLimiter.consume(limit, String(req.user!.id), message, { max: limit.max });
  if (!state) return;
  reply
    .header(BUDGET_HEADERS.limit, String(state.limit))
    .header(BUDGET_HEADERS.remaining, String(state.remaining))
    .header(BUDGET_HEADERS.reset, String(Math.max(1, Math.ceil(state.resetMs / 1000))));
}
