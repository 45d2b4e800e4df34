import { RegionListSchema, type Region } from '@portal/contract';
import { ApiError, apiGet } from '../lib/api.server';
import { formatInteger } from '../lib/format';
import { messages } from '../lib/messages';
import { ErrorMessage } from './error-message';

const t = messages.home;

function NotAvailable() {
  return <abbr title={t.notAvailableTitle}>{t.notAvailable}</abbr>;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

async function getRegions(): Promise<Region[] | ApiError> {
  try {
    const regions = await apiGet('/api/cities/regions/', RegionListSchema);
    return regions.toSorted((a, b) => a.id.localeCompare(b.id));
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

function Intro() {
  return (
    <>
      <h1>{t.title}</h1>
      <div className="intro">
        {t.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </>
  );
}

/**
 * The home page: what the portal is, and the 20 regions with their latest figures.
 * When the API fails, the page still renders, with the generic error in place of the table: a page
 * of the App Router cannot choose a 5xx status, and an error thrown here would leave the server-rendered
 * HTML empty until client-side JavaScript draws the error boundary.
 */
export async function RegionOverview() {
  const regions = await getRegions();
  if (regions instanceof ApiError) {
    console.error(regions);
    return (
      <>
        {/* React hoists this into <head>: an outage must not be indexed in place of the page. */}
        <meta name="robots" content="noindex" />
        <Intro />
        <ErrorMessage />
      </>
    );
  }

  const years = new Set(regions.map((region) => region.latestYear));
  const commonYear = years.size === 1 ? ([...years][0] ?? null) : null;
  const showYearColumn = years.size > 1;
  const populations = regions.map((region) => region.population);
  const totals = {
    provinces: sum(regions.map((region) => region.provincesCount)),
    comuni: sum(regions.map((region) => region.comuniCount)),
    population: populations.every((value) => value !== null) ? sum(populations as number[]) : null,
  };

  return (
    <>
      <Intro />

      <section aria-labelledby="regions-title">
        <h2 id="regions-title">{t.regionsTitle}</h2>
        <div className="table-scroll" role="region" aria-labelledby="regions-caption" tabIndex={0}>
          <table className="data-table">
            <caption id="regions-caption">{t.regionsCaption(commonYear)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.region}</th>
                <th scope="col" className="num">
                  {t.columns.provinces}
                </th>
                <th scope="col" className="num">
                  {t.columns.comuni}
                </th>
                <th scope="col" className="num">
                  {t.columns.population}
                </th>
                {showYearColumn && (
                  <th scope="col" className="num">
                    {t.columns.year}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {regions.map((region) => (
                <tr key={region.id}>
                  <th scope="row">{region.name}</th>
                  <td className="num">{formatInteger(region.provincesCount)}</td>
                  <td className="num">{formatInteger(region.comuniCount)}</td>
                  <td className="num">
                    {region.population === null ? <NotAvailable /> : formatInteger(region.population)}
                  </td>
                  {showYearColumn && (
                    <td className="num">
                      {region.latestYear === null ? <NotAvailable /> : region.latestYear}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t.total}</th>
                <td className="num">{formatInteger(totals.provinces)}</td>
                <td className="num">{formatInteger(totals.comuni)}</td>
                <td className="num">
                  {totals.population === null ? <NotAvailable /> : formatInteger(totals.population)}
                </td>
                {showYearColumn && <td />}
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
    </>
  );
}
