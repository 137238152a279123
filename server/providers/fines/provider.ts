import type { Payee } from '../../../src/api/structs/fine.ts';
import type { SourceTax } from './sourceTax.ts';
import type { InnSources } from './innSources.ts';

/** A document the fines source is asked about; numbers already normalised and valid. */
export type FineSubject =
  | { kind: 'sts'; sts: string; plateNumber: string; plateRegion: string }
  | { kind: 'dl'; driverLicense: string }
  | { kind: 'inn'; inn: string }
  | { kind: 'plate'; plateNumber: string; plateRegion: string }
  | { kind: 'vin'; vin: string };

/** How a fine was found: 'sts' | 'dl' | 'inn' | 'plate' | 'vin' | 'uin'. */
export type IdentifierType = 'sts' | 'dl' | 'inn' | 'plate' | 'vin' | 'uin';

/** One photo the source has for a camera ruling (the picture is rendered when asked for). */
export type SourcePhoto = { title: string; width: number; height: number };

/** A fine as the source reports it; dates 'YYYY-MM-DD', violationAt local time with offset. */
export type SourceFine = {
  uin: string;
  plateNumber: string;
  plateRegion: string;
  article: string;
  articleTitle: string;
  amount: number;
  rulingDate: string;
  violationAt: string;
  /** Set for pinned demo fines whose dates move with today: the ruling is always this many days old. */
  daysAgo: number | null;
  place: { address: string; lat: number; lon: number };
  department: string;
  /** When it was paid (ISO date-time), null when unpaid. */
  paidAt: string | null;
  /** Camera id for camera rulings, null for an inspector's. */
  cameraId: string | null;
  speed: { actual: number; limit: number } | null;
  payee: Payee;
  photos: SourcePhoto[];
};

/** Everything the source knows about one document: its fines, under a key shared by all aliases of that document. */
export type SourceSubject = {
  /** Storage key; documents that are one vehicle (a pinned СТС and its plate) share it. */
  key: string;
  /** The document number as shown, e.g. the СТС or 'А123ВС77'. */
  identifier: string;
  identifierType: IdentifierType;
  fines: SourceFine[];
};

/** A tax accrual as the source reports it. */
export type { SourceTax } from './sourceTax.ts';

/** Where fines come from: the sandbox now, a ГИС ГМП gateway later. Lookups are as of `today` ('YYYY-MM-DD', Moscow). */
export type FinesProvider = {
  /** The storage key of a document (cheap, no lookup): the same key means the same fines. */
  subjectKey(subject: FineSubject): string;
  /** The fines of a document. */
  finesFor(subject: FineSubject, today: string): Promise<SourceSubject>;
  /** The document bundle holding the fine with this УИН, or undefined when the source has no such ruling. */
  findUin(uin: string, today: string): Promise<SourceSubject | undefined>;
  /** A tax accrual by its УИН, or undefined. */
  findTax(uin: string, today: string): Promise<SourceTax | undefined>;
  /** Tax accruals (ФНС) and enforcement proceedings (ФССП) of the holder of an ИНН. */
  innSources(inn: string, today: string): Promise<InnSources>;
  /**
   * Sandbox only (absent on a real source): issues a new unpaid ruling on the document, dated today
   * or on `rulingDate` (not after today), which the next check of the document finds.
   */
  addFine?(subject: FineSubject, today: string, options?: { amount?: number; article?: string; rulingDate?: string }): Promise<SourceFine>;
};
