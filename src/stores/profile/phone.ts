import { atom } from "nanostores";
import { register } from "../../api/account.ts";
import { linkPhone, requestPhoneCode, unlinkPhone } from "../../api/phone.ts";
import { userMessage } from "../../api/userMessage.ts";
import { validators } from "../../lib/validators.ts";
import { requireCredentials } from "../authData.ts";
import { notify } from "../notices.ts";
import { loadAccount, onSignOut } from "../auth/account.ts";
import { phoneCodeForm } from "../auth/phoneCode.ts";

/** The profile's «Привязать номер»: a code by SMS to the number, then the number joins the account. */
export const phoneLink = phoneCodeForm(
  (phone) => requestPhoneCode(requireCredentials(), phone, "link"),
  async (phone, code) => {
    const linked = await linkPhone(requireCredentials(), phone, code);
    await loadAccount();
    phoneLink.reset();
    notify(
      "success",
      `Номер ${linked.phone ?? ""} привязан: теперь можно входить по нему`,
    );
  },
);

onSignOut(() => phoneLink.reset());

/** Busy while the number is being removed. */
export const $phoneRemoving = atom(false);

/** Removes the account's number; answers why not (the last way to sign in stays), or undefined. */
export async function removePhone(): Promise<string | undefined> {
  if ($phoneRemoving.get()) return undefined;
  $phoneRemoving.set(true);
  try {
    await unlinkPhone(requireCredentials());
    await loadAccount();
    notify("success", "Номер отвязан");
    return undefined;
  } catch (error) {
    return userMessage(error);
  } finally {
    $phoneRemoving.set(false);
  }
}

/** An account made by phone adds an e-mail: the confirmation link goes there (the same as registering it). */
export async function addEmail(email: string): Promise<string | undefined> {
  const problem =
    email.trim() === "" ? "Укажите e-mail" : validators.email(email);
  if (problem !== undefined) return problem;
  try {
    const reply = await register(requireCredentials(), email.trim(), false);
    notify(
      "info",
      `Мы отправили ссылку на ${reply.email}. E-mail добавится, когда вы её откроете`,
    );
    return undefined;
  } catch (error) {
    return userMessage(error);
  }
}
