import type { FastifyRequest } from 'fastify';

/** Absolute next/previous links, as Django REST Framework's page-number pagination gives them. */
export function pageLinks(
  req: FastifyRequest,
  count: number,
  page: number,
  pageSize: number,
): { next: string | null; previous: string | null } {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const linkTo = (p: number) => {
    const u = new URL(url);
    if (p === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(p));
    return u.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}
