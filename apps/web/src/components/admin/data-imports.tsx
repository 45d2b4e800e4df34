'use client';

import {
  ImportResultSchema,
  ImportsOverviewSchema,
  type ImportRecord,
  type ImportsOverview,
} from '@portal/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { UploadProgress } from '../../lib/api';
import { apiUpload } from '../../lib/api.client';
import { IMPORT_DEADLINE_MS } from '../../../server/import-deadline.mjs';
import { FormErrors } from '../shell/form-parts';
import {
  formatDateTime,
  formatRows,
  importFailure,
  importProblems,
  importResultText,
  yearsText,
} from './admin-view';
import styles from './admin.module.css';
import { ImportProgress } from './import-progress';
import { adminMessages } from './messages';
import { AdminSection, DataTable, ListStatus } from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.imports;
const COLUMNS = [
  text.columns.dataset,
  text.columns.file,
  text.columns.rows,
  text.columns.years,
  text.columns.importedAt,
];

type Outcome =
  { kind: 'done'; text: string } | { kind: 'failed'; lines: string[]; messages: string[] } | null;

/**
 * "Dati": the upload of a dataset's CSV files (several at once for a folder dataset), and the latest
 * imports. A file with bad rows changes nothing: every line the importer refused is listed. After an
 * import the page's lists are asked again (`onChanged`: the audit log has a 'data.import' entry).
 */
export function DataImports({ version, onChanged }: { version: number; onChanged(): void }) {
  const [retries, setRetries] = useState(0);
  const { list, stale } = useApiList('/api/admin/imports/', ImportsOverviewSchema, {}, version + retries);

  return (
    <AdminSection id="dati" titleId="admin-imports-title" title={text.title}>
      <p>{text.intro}</p>
      <ListStatus list={list} stale={stale} onRetry={() => setRetries((n) => n + 1)}>
        {(overview) => (
          <>
            <ImportForm datasets={overview.datasets} onImported={onChanged} />
            <RecentImports overview={overview} stale={stale} />
          </>
        )}
      </ListStatus>
    </AdminSection>
  );
}

function ImportForm({ datasets, onImported }: { datasets: ImportsOverview['datasets']; onImported(): void }) {
  const [datasetId, setDatasetId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A new file input (its key) clears the files chosen once they are imported.
  const [inputKey, setInputKey] = useState(0);
  const [pending, setPending] = useState(false);
  // While pending: the bytes sent, then (uploaded) the API importing them.
  const [upload, setUpload] = useState<{ progress: UploadProgress | null; uploaded: boolean }>({
    progress: null,
    uploaded: false,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const linesId = useId();
  const dataset = datasets.find((item) => item.id === datasetId);

  // The button was disabled while the files went up, which drops the focus: it gets it back.
  useEffect(() => {
    if (!pending && outcome && document.activeElement === document.body) submitRef.current?.focus();
  }, [pending, outcome]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const problems = importProblems(dataset, files);
    if (problems.length > 0 || !dataset) {
      setOutcome({ kind: 'failed', lines: [], messages: problems });
      return;
    }
    const body = new FormData();
    body.append('dataset', dataset.id);
    for (const file of files) body.append('file', file, file.name);
    setPending(true);
    setOutcome(null);
    setUpload({ progress: null, uploaded: false });
    try {
      const result = await apiUpload('/api/admin/imports/', body, {
        schema: ImportResultSchema,
        // The answer comes once the whole file is imported (the web server waits as long: api-forwarding.mjs).
        timeoutMs: IMPORT_DEADLINE_MS,
        onProgress: (progress) => setUpload({ progress, uploaded: false }),
        onUploaded: () => setUpload((current) => ({ ...current, uploaded: true })),
      });
      setOutcome({ kind: 'done', text: importResultText(result) });
      setFiles([]);
      setInputKey((n) => n + 1);
      onImported();
    } catch (error) {
      setOutcome({ kind: 'failed', ...importFailure(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.upload} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <div className={styles.field}>
        <label htmlFor="admin-import-dataset">{text.dataset}</label>
        <select
          id="admin-import-dataset"
          value={datasetId}
          required
          onChange={(event) => {
            setDatasetId(event.target.value);
            setOutcome(null);
          }}
        >
          <option value="">{text.chooseDataset}</option>
          {datasets.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label || item.id}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="admin-import-file">{text.file}</label>
        <input
          key={inputKey}
          id="admin-import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          multiple={dataset?.multipleFiles ?? false}
          required
          aria-describedby="admin-import-file-hint"
          onChange={(event) => {
            setFiles(Array.from(event.target.files ?? []));
            setOutcome(null);
          }}
        />
        <p id="admin-import-file-hint" className={styles.hint}>
          {dataset?.multipleFiles ? text.filesHint : text.fileHint}
        </p>
      </div>
      <div className={styles.uploadActions}>
        <button ref={submitRef} type="submit" className="button" disabled={pending} aria-busy={pending}>
          {pending ? text.pending : text.submit}
        </button>
      </div>

      {pending ? <ImportProgress upload={upload.progress} uploaded={upload.uploaded} /> : null}

      <div role="status" className={outcome?.kind === 'done' ? 'form-success' : undefined}>
        {outcome?.kind === 'done' ? <p>{outcome.text}</p> : null}
      </div>
      {outcome?.kind === 'failed' && outcome.lines.length > 0 ? (
        <div className={`form-errors ${styles.importLines}`} role="alert" aria-labelledby={linesId}>
          <h3 id={linesId} className={styles.importLinesTitle}>
            {text.rejected}
          </h3>
          <ul>
            {outcome.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome?.kind === 'failed' ? <FormErrors errors={outcome.messages} /> : null}
    </form>
  );
}

function RecentImports({ overview, stale }: { overview: ImportsOverview; stale: boolean }) {
  const labels = new Map<string, string>(overview.datasets.map((item) => [item.id, item.label]));
  return (
    <DataTable
      id="admin-imports"
      caption={text.recentCaption}
      columns={COLUMNS}
      stale={stale}
      empty={overview.recent.length > 0 ? null : text.recentEmpty}
    >
      {overview.recent.map((record, index) => (
        <ImportRow
          key={`${record.importedAt}-${record.fileName}-${index}`}
          record={record}
          label={labels.get(record.dataset)}
        />
      ))}
    </DataTable>
  );
}

function ImportRow({ record, label }: { record: ImportRecord; label: string | undefined }) {
  const importedAt = formatDateTime(record.importedAt);
  return (
    <tr>
      <td className={styles.wrap}>
        {record.dataset}
        {label ? <span className={styles.muted}>{label}</span> : null}
      </td>
      <th scope="row" className={styles.email}>
        {record.fileName}
      </th>
      <td className={styles.number}>{formatRows(record.rowCount)}</td>
      <td>{yearsText(record.years) ?? adminMessages.none}</td>
      <td>{importedAt ? <time dateTime={record.importedAt}>{importedAt}</time> : adminMessages.none}</td>
    </tr>
  );
}
