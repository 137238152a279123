import { okEnvelope } from "./structs/envelope.ts";
import {
  PhoneCodeSent,
  PhoneLoginReply,
  PhoneRemoved,
  PhoneReply,
} from "./structs/phone.ts";
import type {
  PhoneCodeSent as CodeSent,
  PhoneReply as AccountPhone,
} from "./structs/phone.ts";
import type { LoginReply as NewSession } from "./structs/account.ts";
import type { Credentials } from "./structs/credentials.ts";
import { CONSENT_VERSION } from "../lib/consent.ts";
import { apiCall } from "./client.ts";

const codeSent = okEnvelope(PhoneCodeSent);
const loginReply = okEnvelope(PhoneLoginReply);
const phoneReply = okEnvelope(PhoneReply);
const removedReply = okEnvelope(PhoneRemoved);

/** `POST /105/api/phone/code`: a code by SMS to sign in, or (`link`, with the account's credentials) to add the number. */
export function requestPhoneCode(
  auth: Credentials | undefined,
  phone: string,
  purpose: "login" | "link",
): Promise<CodeSent> {
  return apiCall("/105/api/phone/code", codeSent, {
    method: "POST",
    auth,
    body: { phone, purpose },
  });
}

/** `POST /105/api/phone/login`: signs in (or registers) by the code; the device's anonymous credentials let its documents join. */
export function loginByPhone(
  device: Credentials | undefined,
  phone: string,
  code: string,
  isLegalEntity: boolean,
): Promise<NewSession> {
  const body = {
    phone,
    code,
    isLegalEntity: isLegalEntity ? "1" : "0",
    consentVersion: CONSENT_VERSION,
  };
  return apiCall("/105/api/phone/login", loginReply, {
    method: "POST",
    auth: device,
    body,
  });
}

/** `POST /105/api/phone/link`: adds the number to the signed-in account by its code. */
export function linkPhone(
  auth: Credentials,
  phone: string,
  code: string,
): Promise<AccountPhone> {
  return apiCall("/105/api/phone/link", phoneReply, {
    method: "POST",
    auth,
    body: { phone, code },
  });
}

/** `GET /105/api/user/phone`. */
export function fetchPhone(auth: Credentials): Promise<AccountPhone> {
  return apiCall("/105/api/user/phone", phoneReply, { auth });
}

/** `DELETE /105/api/user/phone`: refused while it is the only way to sign in. */
export async function unlinkPhone(auth: Credentials): Promise<void> {
  await apiCall("/105/api/user/phone", removedReply, {
    method: "DELETE",
    auth,
  });
}
