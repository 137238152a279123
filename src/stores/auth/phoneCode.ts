import { atom, computed, onMount } from "nanostores";
import { map } from "nanostores";
import { userMessage } from "../../api/userMessage.ts";
import { NOT_A_MOBILE, russianMobile } from "../../lib/mobilePhone.ts";

/** Where a phone form stands: the number to type, or the code sent to it (masked) and when another may be asked for. */
export type PhoneCodeStep =
  | { kind: "number" }
  | { kind: "code"; phone: string; sentTo: string; resendAt: number; waitSec: number };

/** A phone form's state: the step, busy while a call runs, a failure, messages per field. */
export type PhoneCodeState = {
  step: PhoneCodeStep;
  busy: boolean;
  error: string;
  fields: Partial<Record<"phone" | "code", string>>;
};

/** A fresh form. */
export const EMPTY_PHONE_CODE: PhoneCodeState = {
  step: { kind: "number" },
  busy: false,
  error: "",
  fields: {},
};

/** The current second, ticking once a second while a countdown shows. */
export const $second = atom(Date.now());
onMount($second, () => {
  $second.set(Date.now());
  const timer = setInterval(() => $second.set(Date.now()), 1000);
  return () => clearInterval(timer);
});

/** Seconds until the form may ask for another code (0: now). */
export function resendSeconds(state: PhoneCodeState, now: number): number {
  return state.step.kind === "code"
    ? // Never more than the server said: the ticking second may lag behind the moment the code was sent.
      Math.min(state.step.waitSec, Math.max(0, Math.ceil((state.step.resendAt - now) / 1000)))
    : 0;
}

/** The number's message, or undefined when it is a Russian mobile number. */
export function phoneProblem(text: string): string | undefined {
  if (text.replace(/\D/g, "").length <= 1) return "Укажите номер телефона";
  return russianMobile(text) === undefined ? NOT_A_MOBILE : undefined;
}

/** The code's message, or undefined for 6 digits. */
export function codeProblem(code: string): string | undefined {
  return /^\d{6}$/.test(code.replace(/\s/g, ""))
    ? undefined
    : "Введите 6 цифр из SMS";
}

/**
 * One phone form (sign-in on /auth/, adding a number in the profile): asks for a code by `send`
 * and checks it by `check`; the countdown to the next code comes from the server's resendAfterSec.
 */
export function phoneCodeForm(
  send: (phone: string) => Promise<{ phone: string; resendAfterSec: number }>,
  check: (phone: string, code: string) => Promise<void>,
) {
  const $form = map<PhoneCodeState>({ ...EMPTY_PHONE_CODE });
  const $resendIn = computed([$form, $second], resendSeconds);

  /** Runs a call with busy set and its failure worded once. */
  const run = async (call: () => Promise<void>): Promise<void> => {
    if ($form.get().busy) return;
    $form.set({ ...$form.get(), busy: true, error: "" });
    try {
      await call();
    } catch (error) {
      $form.setKey("error", userMessage(error));
    } finally {
      $form.setKey("busy", false);
    }
  };

  const sendTo = (phone: string) =>
    run(async () => {
      const sent = await send(phone);
      $form.set({
        ...$form.get(),
        step: {
          kind: "code",
          phone,
          sentTo: sent.phone,
          resendAt: Date.now() + sent.resendAfterSec * 1000,
          waitSec: sent.resendAfterSec,
        },
        fields: {},
      });
    });

  return {
    $form,
    $resendIn,
    /** Asks for a code to the number typed. */
    async submitNumber(text: string): Promise<void> {
      const problem = phoneProblem(text);
      $form.set({
        ...$form.get(),
        fields: problem === undefined ? {} : { phone: problem },
        error: "",
      });
      if (problem !== undefined) return;
      await sendTo(russianMobile(text) as string);
    },
    /** Asks for another code to the same number (the button is enabled once the wait is over). */
    async resend(): Promise<void> {
      const step = $form.get().step;
      if (step.kind === "code" && $resendIn.get() === 0)
        await sendTo(step.phone);
    },
    /** Checks the code typed. */
    async submitCode(code: string): Promise<void> {
      const step = $form.get().step;
      if (step.kind !== "code") return;
      const problem = codeProblem(code);
      $form.set({
        ...$form.get(),
        fields: problem === undefined ? {} : { code: problem },
        error: "",
      });
      if (problem !== undefined) return;
      await run(() => check(step.phone, code.replace(/\s/g, "")));
    },
    /** Back to the number. */
    changeNumber(): void {
      $form.set({ ...EMPTY_PHONE_CODE });
    },
    /** Forgets everything (the form was left). */
    reset(): void {
      $form.set({ ...EMPTY_PHONE_CODE });
    },
  };
}
