import { array, boolean, nullable, number, object, optional, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, PlateNumber, PlateRegion, StsNumber, jsonText, textField } from './fields.ts';

/** A vehicle registration certificate (СТС) in a user's profile (spec §3). */
export const Sts = type({
  id: number(),
  sts: string(),
  vehiclePlateNumber: string(),
  vehiclePlateRegion: string(),
  vehicleModel: nullable(string()),
  vehiclePlateType: nullable(string()),
  /** Display form, e.g. "А123ВС 77". */
  vehiclePlate: string(),
});
/** A vehicle registration certificate (СТС). */
export type Sts = Infer<typeof Sts>;

/** `POST /105/api/sts` and `PUT /105/api/sts/{id}` body. */
export const StsInput = object({
  sts: StsNumber,
  vehiclePlateNumber: PlateNumber,
  vehiclePlateRegion: PlateRegion,
  vehicleModel: optional(textField(100)),
});
/** Body of adding or editing an СТС. */
export type StsInput = Infer<typeof StsInput>;

/** `DELETE /105/api/sts` parameters. */
export const StsDeleteInput = object({ id: Id });

/** `POST /105/api/sts/import` body: `stsList` as an array (JSON body) or a JSON string (form field). */
export const StsImportInput = object({
  stsList: jsonText(size(array(StsInput), 1, 50)),
});

/** `GET /105/api/sts` reply. */
export const StsListReply = type({ sts: array(Sts) });
/** `POST /105/api/sts` reply: the vehicle, and whether it was new (false: an СТС with that number was already there). */
export const StsAddReply = type({ item: Sts, added: boolean() });
/** `PUT /105/api/sts/{id}` reply. */
export const StsEditReply = type({ item: Sts });
/** `POST /105/api/sts/import` reply: the whole list after the import and how many were new. */
export const StsImportReply = type({ sts: array(Sts), added: number() });
/** `DELETE` replies of every document type: the id that was removed. */
export const DeletedReply = type({ deleted: number() });
