import { loginByPhone, requestPhoneCode } from "../../api/phone.ts";
import { $credentials } from "../authData.ts";
import { acceptSession } from "./account.ts";
import { phoneCodeForm } from "./phoneCode.ts";
import { $signIn, finishSignIn } from "./signIn.ts";

/**
 * /auth/ «По номеру телефона»: a code by SMS, then the session. The code is typed on this device, so
 * what the device held anonymously joins the account, as after a password; a new number registers
 * (an organization when /auth/ was opened for one).
 */
export const phoneSignIn = phoneCodeForm(
  (phone) => requestPhoneCode($credentials.get(), phone, "login"),
  async (phone, code) => {
    await acceptSession(
      await loginByPhone(
        $credentials.get(),
        phone,
        code,
        $signIn.get().legalEntity,
      ),
    );
    finishSignIn();
  },
);
