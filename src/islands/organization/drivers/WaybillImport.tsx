import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $waybillImport, confirmWaybills, previewWaybills, resetWaybills } from '../../../stores/organization/drivers.ts';
import { waybillButtonLabel, waybillRowLabel, waybillSummary, waybillsReady } from '../../../lib/waybillImportText.ts';
import { FormError } from '../../account/Field.tsx';

/** 'DD.MM.YYYY ЧЧ:ММ' from 'YYYY-MM-DDTHH:MM' (a cell that did not read is shown as it was). */
export const ruDateTime = (local: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local.slice(0, 10).split('-').reverse().join('.')} ${local.slice(11)}` : local);

/** A waybill register from a spreadsheet: choose the file, see every row with what is wrong with it, add the good ones. */
export function WaybillImport({ onDone }: { onDone: () => void }) {
  const { file, rows, busy, error, added } = useStore($waybillImport);
  useEffect(() => resetWaybills, []);
  const ready = waybillsReady(rows);
  return (
    <div className="doc-form import-panel">
      <div className="form-field">
        <label className="form-field__label" htmlFor="waybill-file">
          Реестр путевых листов
        </label>
        <input
          id="waybill-file"
          name="file"
          type="file"
          accept=".xlsx,.csv"
          className="form-field__input"
          aria-describedby="waybill-file-hint"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen !== undefined) void previewWaybills(chosen);
          }}
        />
        <p id="waybill-file-hint" className="form-field__hint">
          XLSX или CSV, как их сохраняет Excel (UTF-8 или Windows-1251, разделитель «;», «,» или табуляция). Столбцы: «Госномер» (с&nbsp;регионом) или «СТС», «ВУ» или «ФИО водителя», «Выезд», «Возвращение» — дата и время
          ДД.ММ.ГГГГ ЧЧ:ММ по времени региона автомобиля. Без заголовков порядок такой же. До&nbsp;2000 строк.
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
          <p role="status">{waybillSummary(rows, added !== undefined)}</p>
          <div className="table-scroll">
            <table className="data-table data-table--cards import-table">
              <caption className="visually-hidden">Строки файла {file?.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Строка</th>
                  <th scope="col">Автомобиль</th>
                  <th scope="col">Водитель</th>
                  <th scope="col">Выезд</th>
                  <th scope="col">Возвращение</th>
                  <th scope="col">Проверка</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line} className={`import-row import-row--${row.status}`}>
                    <td data-label="Строка">{row.line}</td>
                    <td data-label="Автомобиль" className="plate">
                      {row.vehicle}
                    </td>
                    <td data-label="Водитель">{row.driver}</td>
                    <td data-label="Выезд" className="nowrap">
                      {ruDateTime(row.startsAt)}
                    </td>
                    <td data-label="Возвращение" className="nowrap">
                      {ruDateTime(row.endsAt)}
                    </td>
                    <td data-label="Проверка" className="import-row__status">
                      {waybillRowLabel(row)}
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
          <button type="button" className="btn" disabled={busy} onClick={() => void confirmWaybills()}>
            {waybillButtonLabel(ready)}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {added !== undefined ? 'Готово' : rows.length > 0 && ready === 0 ? 'Закрыть' : 'Отмена'}
        </button>
      </div>
    </div>
  );
}
