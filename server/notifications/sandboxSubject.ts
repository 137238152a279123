import { parseCarId } from '../../src/api/structs/carId.ts';
import { normalizeDriverLicense, normalizeInn, normalizePlateNumber, normalizePlateRegion, normalizeSts } from '../../src/lib/normalize.ts';
import { validators } from '../../src/lib/validators.ts';
import { ApiError } from '../http/apiError.ts';
import type { FineSubject } from '../providers/fines/provider.ts';

/** The document a sandbox control names (POST /sandbox/fines): checked like every other document. */
export function sandboxSubject(input: { type: string; sts?: string | undefined; vehiclePlateNumber?: string | undefined; vehiclePlateRegion?: string | undefined; driverLicense?: string | undefined; inn?: string | undefined; car?: string | undefined }): FineSubject {
  const invalid = (message: string) => new ApiError(422, message);
  switch (input.type) {
    case 'sts': {
      const sts = normalizeSts(input.sts ?? '');
      const plateNumber = normalizePlateNumber(input.vehiclePlateNumber ?? '');
      const plateRegion = normalizePlateRegion(input.vehiclePlateRegion ?? '');
      const problem = validators.sts(sts) ?? validators.plateNumber(plateNumber) ?? validators.plateRegion(plateRegion);
      if (problem !== undefined) throw invalid(problem);
      return { kind: 'sts', sts, plateNumber, plateRegion };
    }
    case 'dl': {
      const driverLicense = normalizeDriverLicense(input.driverLicense ?? '');
      const problem = validators.driverLicense(driverLicense);
      if (problem !== undefined) throw invalid(problem);
      return { kind: 'dl', driverLicense };
    }
    case 'inn': {
      const inn = normalizeInn(input.inn ?? '');
      const problem = validators.inn(inn);
      if (problem !== undefined) throw invalid(problem);
      return { kind: 'inn', inn };
    }
    default: {
      const car = parseCarId(input.car ?? '');
      if (car === undefined) throw invalid('Поле «Госномер или VIN» заполнено неверно');
      return car.kind === 'vin' ? { kind: 'vin', vin: car.vin } : { kind: 'plate', plateNumber: car.plateNumber, plateRegion: car.plateRegion };
    }
  }
}
