import { array, boolean, nullable, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { InnNumber, PersonName, textField } from './fields.ts';

/** A tax id (ИНН) in a user's profile (spec §3). */
export const Inn = type({
  id: number(),
  inn: string(),
  /** The label shown for it: the organisation's name, or the person's full name, or an empty string. */
  innName: string(),
  surname: nullable(string()),
  name: nullable(string()),
  patronymic: nullable(string()),
});
/** A tax id. */
export type Inn = Infer<typeof Inn>;

/** `POST /105/api/inn` and `PUT /105/api/inn/{id}` body. */
export const InnInput = object({
  inn: InnNumber,
  innName: optional(textField(200)),
  surname: optional(PersonName),
  name: optional(PersonName),
  patronymic: optional(PersonName),
});
/** Body of adding or editing a tax id. */
export type InnInput = Infer<typeof InnInput>;

/** `GET /105/api/inn` reply. */
export const InnListReply = type({ items: array(Inn) });
/** `POST /105/api/inn` reply (added false: that ИНН was already there). */
export const InnAddReply = type({ item: Inn, added: boolean() });
/** `PUT /105/api/inn/{id}` reply. */
export const InnEditReply = type({ item: Inn });
