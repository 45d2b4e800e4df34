'use client';

import { DOWNLOAD_FORMATS, DownloadLogSchema, type DownloadLogEntry } from '@portal/contract';
import {
  downloadCaption,
  downloadExportUrl,
  downloadFiltered,
  downloadQuery,
  downloadQueryText,
  formatDateTime,
  formatLabel,
  formatRows,
  NO_DOWNLOAD_FILTER,
  type DownloadFilter,
  type DownloadFormat,
} from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { AdminSection, FilterSelect, PagedTable, SearchForm, useListControls } from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.downloads;
const PAGE_SIZE = 20;

const FORMAT_OPTIONS: readonly { value: DownloadFormat | ''; label: string }[] = [
  { value: '', label: text.allFormats },
  ...DOWNLOAD_FORMATS.map((value) => ({ value, label: formatLabel(value) })),
];
const COLUMNS = [
  text.columns.at,
  text.columns.user,
  text.columns.format,
  text.columns.query,
  text.columns.rows,
];

/**
 * "Download": who downloaded what, newest first, by user, format and days; "Esporta CSV" links to the
 * same rows as a CSV file (a plain link: the session cookie goes with it). Asked again after every
 * action of the page, like the other lists.
 */
export function DownloadLog({ version }: { version: number }) {
  const controls = useListControls<DownloadFilter>(NO_DOWNLOAD_FILTER);
  const { filters: filter, setFilters: change } = controls;

  const { list, stale } = useApiList(
    '/api/admin/downloads/',
    DownloadLogSchema,
    { ...downloadQuery(filter), page: controls.page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  return (
    <AdminSection id="download" titleId="admin-downloads-title" title={text.title}>
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-download-format"
          label={text.format}
          value={filter.format}
          options={FORMAT_OPTIONS}
          onChange={(format) => change({ format })}
        />
        <div className={styles.field}>
          <label htmlFor="admin-download-from">{text.from}</label>
          <input
            id="admin-download-from"
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="admin-download-to">{text.to}</label>
          <input
            id="admin-download-to"
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => change({ to: event.target.value })}
          />
        </div>
        <SearchForm
          id="admin-download-search"
          label={text.search}
          search={filter.search}
          onSearch={(search) => change({ search })}
        />
        <a className={`button button--outline ${styles.export}`} href={downloadExportUrl(filter)} download>
          {text.export}
        </a>
      </div>

      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-downloads"
        caption={(count) => downloadCaption(filter, count)}
        columns={COLUMNS}
        empty={downloadFiltered(filter) ? text.emptyFiltered : text.empty}
        row={(entry) => <DownloadRow key={entry.id} entry={entry} />}
        label={text.title}
        page={controls.page}
        pageSize={PAGE_SIZE}
        onPage={controls.setPage}
      />
    </AdminSection>
  );
}

function DownloadRow({ entry }: { entry: DownloadLogEntry }) {
  const at = formatDateTime(entry.at);
  return (
    <tr>
      <td>{at ? <time dateTime={entry.at}>{at}</time> : adminMessages.none}</td>
      <th scope="row" className={styles.email}>
        {entry.user ?? <span className={styles.deleted}>{text.deletedUser}</span>}
      </th>
      <td>{formatLabel(entry.format)}</td>
      <td className={`${styles.wrap} ${styles.query}`}>{downloadQueryText(entry.query)}</td>
      <td className={styles.number}>{formatRows(entry.rowCount)}</td>
    </tr>
  );
}
