import type { FleetDriver, FleetFine } from '../../../api/structs/organization.ts';
import { chooseBearer } from '../../../stores/organization/drivers.ts';
import { filterFleetFines } from '../../../stores/organization/fleetFines.ts';

/** The fines list's filter by who drove: everyone, fines without a driver, or one driver. */
export function DriverFilter({ drivers, value }: { drivers: readonly FleetDriver[]; value: number | 'none' | undefined }) {
  return (
    <label className="form-field">
      <span className="form-field__label">Водитель</span>
      <select
        className="form-field__input"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const chosen = e.currentTarget.value;
          void filterFleetFines({ driver: chosen === '' ? undefined : chosen === 'none' ? 'none' : Number(chosen) });
        }}
      >
        <option value="">Все</option>
        <option value="none">Без водителя</option>
        {drivers.map((d) => (
          <option key={d.id} value={d.id}>
            {d.fullName ?? `ВУ ${d.driverLicense}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Who drove at a fine's violation and who bears it: the company, or the driver (withheld from pay). */
export function BearerChoice({ fine }: { fine: FleetFine }) {
  const driver = fine.whoDrove ?? null;
  return (
    <div className="fine-driver">
      {driver === null ? <span className="muted">Не найден</span> : <span className="fine-driver__name">{driver.name}</span>}
      <label className="fine-driver__bearer">
        <span className="visually-hidden">Кто платит штраф от {fine.rulingDate.split('-').reverse().join('.')}</span>
        <select
          className="form-field__input form-field__input--small"
          value={fine.bearer ?? ''}
          onChange={(e) => {
            const chosen = e.currentTarget.value;
            if (chosen === 'company' || chosen === 'driver') void chooseBearer(fine.organizationId, fine.id, chosen);
          }}
        >
          <option value="" disabled>
            Кто платит?
          </option>
          <option value="company">Платит компания</option>
          {driver !== null && <option value="driver">Платит водитель</option>}
        </select>
      </label>
    </div>
  );
}
