'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { explorerHref, parseExplorerState } from './explorer-state';
import { explorerMessages } from './messages';

const t = explorerMessages.notFound;
type Level = keyof typeof t.levels;

/** The territories the explorer's URL asks for (well-formed ISTAT codes only; others are ignored). */
export function askedTerritories(params: URLSearchParams): { level: Level; code: string }[] {
  const state = parseExplorerState(Object.fromEntries(params));
  const asked: { level: Level; code: string }[] = [];
  if (state.region) asked.push({ level: 'region', code: state.region });
  if (state.province) asked.push({ level: 'province', code: state.province });
  if (state.city) asked.push({ level: 'city', code: state.city });
  return asked;
}

/** What the 404 page says of an unknown territory: the one asked for, or every code of the URL. */
export function territoryNotFoundText(asked: { level: Level; code: string }[]): string {
  if (asked.length === 1) return t.one[asked[0]!.level](asked[0]!.code);
  return t.many(asked.map((a) => `${t.levels[a.level]} ${a.code}`).join(', '));
}

/**
 * The body of app/not-found.tsx. The explorer (/) answers 404 for a region, province or comune that does
 * not exist; not-found.tsx gets no props, so the territory is read back from the URL. Any other page
 * keeps the generic text.
 */
export function NotFoundContent({ generic }: { generic: ReactNode }) {
  const pathname = usePathname();
  const params = useSearchParams();
  // /classifiche answers 404 for an unknown region or province too, with the same parameters.
  const rankings = pathname === '/classifiche';
  const asked = pathname === '/' || rankings ? askedTerritories(new URLSearchParams(params.toString())) : [];
  if (asked.length === 0) return generic;
  const { year, compareYear } = parseExplorerState(Object.fromEntries(params));
  return (
    <div data-testid="territory-not-found">
      <h1>{t.title}</h1>
      <p>{territoryNotFoundText(asked)}</p>
      <p>{t.hint}</p>
      <p>
        {/* A full load: a client-side navigation to the same path would keep the not-found boundary. */}
        {rankings ? (
          <a href="/classifiche">{t.backRankings}</a>
        ) : (
          <a href={explorerHref({ year, compareYear })}>{t.back}</a>
        )}
      </p>
    </div>
  );
}
