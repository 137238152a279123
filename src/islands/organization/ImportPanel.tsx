import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $fleetImport, confirmImport, previewImport, resetImport } from '../../stores/organization/fleet.ts';
import { FormError } from '../account/Field.tsx';

/** A fleet from a spreadsheet: choose the file, see every row with what is wrong with it, add the good ones. */
export function ImportPanel({ onDone }: { onDone: () => void }) {
  const { file, rows, busy, error, added } = useStore($fleetImport);
  useEffect(() => resetImport, []);
  const bad = rows.filter((row) => row.error !== null).length;
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
          XLSX или CSV: столбцы «СТС», «Госномер» (можно с регионом), «Регион», «Марка». Первая строка — заголовки; без них порядок такой же. До 2000 строк.
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
          <p role="status">
            {added === undefined
              ? `В файле ${rows.length} строк: ${rows.length - bad} можно добавить${bad > 0 ? `, в ${bad} ошибки — они не добавятся` : ''}.`
              : `Добавлено ${added}. Уже были в автопарке или с ошибками: ${rows.length - added}.`}
          </p>
          <div className="table-scroll">
            <table className="data-table">
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
                  <tr key={row.line} className={row.error === null ? '' : 'data-table__row--bad'}>
                    <td>{row.line}</td>
                    <td>{`${row.vehiclePlateNumber} ${row.vehiclePlateRegion}`.trim()}</td>
                    <td>{row.sts}</td>
                    <td>{row.model ?? ''}</td>
                    <td>{row.error ?? 'Можно добавить'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="doc-form__buttons">
        {added === undefined && rows.length - bad > 0 && (
          <button type="button" className="btn" disabled={busy} onClick={() => void confirmImport()}>
            Добавить {rows.length - bad}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {added === undefined ? 'Отмена' : 'Готово'}
        </button>
      </div>
    </div>
  );
}
