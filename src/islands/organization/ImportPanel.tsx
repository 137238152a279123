import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $fleetImport, confirmImport, previewImport, resetImport } from '../../stores/organization/fleet.ts';
import { FormError } from '../account/Field.tsx';
import { importButtonLabel, importCounts, importRowLabel, importSummary } from '../../lib/fleetImportText.ts';

/** A fleet from a spreadsheet: choose the file, see every row with what is wrong with it, add the good ones. */
export function ImportPanel({ onDone }: { onDone: () => void }) {
  const { file, rows, busy, error, added } = useStore($fleetImport);
  useEffect(() => resetImport, []);
  const { ready } = importCounts(rows);
  return (
    <div className="doc-form import-panel">
      <div className="form-field">
        <label className="form-field__label" htmlFor="fleet-file">
          Файл с автомобилями
        </label>
        <input
          id="fleet-file"
          name="file"
          type="file"
          accept=".xlsx,.csv"
          className="form-field__input"
          aria-describedby="fleet-file-hint"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen !== undefined) void previewImport(chosen);
          }}
        />
        <p id="fleet-file-hint" className="form-field__hint">
          XLSX или CSV, как их сохраняет Excel (кодировка UTF-8 или Windows-1251). Столбцы: «СТС», «Госномер» (можно с&nbsp;регионом), «Регион», «Марка»; первая строка — заголовки, без них порядок такой же. До&nbsp;2000 строк.
        </p>
      </div>
      {busy && (
        <p role="status" className="form-note">
          <span className="spinner spinner--dark" aria-hidden="true" /> Читаем файл…
        </p>
      )}
      <FormError message={error} />
      {rows.length > 0 && (
        <>
          <p role="status">{importSummary(rows, added !== undefined)}</p>
          <div className="table-scroll">
            <table className="data-table data-table--cards import-table">
              <caption className="visually-hidden">Строки файла {file?.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Строка</th>
                  <th scope="col">Госномер</th>
                  <th scope="col">СТС</th>
                  <th scope="col">Марка</th>
                  <th scope="col">Проверка</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line} className={`import-row import-row--${row.status}`}>
                    <td data-label="Строка">{row.line}</td>
                    <td data-label="Госномер" className="plate">
                      {`${row.vehiclePlateNumber} ${row.vehiclePlateRegion}`.trim()}
                    </td>
                    <td data-label="СТС" className="nowrap">
                      {row.sts}
                    </td>
                    <td data-label="Марка">{row.model ?? ''}</td>
                    <td data-label="Проверка" className="import-row__status">
                      {importRowLabel(row)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="doc-form__buttons">
        {added === undefined && ready > 0 && (
          <button type="button" className="btn" disabled={busy} onClick={() => void confirmImport()}>
            {importButtonLabel(ready)}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {added !== undefined ? 'Готово' : rows.length > 0 && ready === 0 ? 'Закрыть' : 'Отмена'}
        </button>
      </div>
    </div>
  );
}
