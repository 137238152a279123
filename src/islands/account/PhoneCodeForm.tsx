import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { useStore } from "@nanostores/react";
import { masks } from "../../lib/masks.ts";
import type { phoneCodeForm } from "../../stores/auth/phoneCode.ts";
import { Field, FormError, SubmitButton } from "./Field.tsx";

/** A number (masked, +7) and then the code from the SMS, with the wait before another code shown as it runs down. */
export function PhoneCodeForm({
  form,
  id,
  submitLabel,
  note,
}: {
  form: ReturnType<typeof phoneCodeForm>;
  id: string;
  submitLabel: string;
  note?: ReactNode;
}) {
  const state = useStore(form.$form);
  const resendIn = useStore(form.$resendIn);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const step = state.step;
  if (step.kind === "number") {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void form.submitNumber(phone);
    };
    return (
      <form
        className="auth-form"
        onSubmit={submit}
        noValidate
        aria-label="Получить код по SMS"
      >
        <Field
          id={`${id}-phone`}
          label="Номер телефона"
          name="phone"
          type="tel"
          mask={masks.phone}
          value={phone}
          onChange={setPhone}
          error={state.fields.phone}
          autoComplete="tel"
          inputMode="tel"
          hint="Российский мобильный номер: пришлём SMS с кодом из 6 цифр"
        />
        {note}
        <FormError message={state.error} />
        <SubmitButton busy={state.busy}>Получить код</SubmitButton>
      </form>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submitCode(code);
  };
  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-label="Проверка кода из SMS"
    >
      <p role="status" className="form-note">
        Отправили SMS с кодом на <strong>{step.sentTo}</strong>. Код действует 5
        минут.
      </p>
      <Field
        id={`${id}-code`}
        label="Код из SMS"
        name="code"
        value={code}
        onChange={setCode}
        error={state.fields.code}
        autoComplete="one-time-code"
        inputMode="numeric"
      />
      <FormError message={state.error} />
      <SubmitButton busy={state.busy}>{submitLabel}</SubmitButton>
      <ul className="auth-links">
        <li>
          {resendIn > 0 ? (
            <span className="muted" data-testid="resend-wait">
              Новый код можно запросить через {resendIn} с
            </span>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => void form.resend()}
              disabled={state.busy}
            >
              Отправить код ещё раз
            </button>
          )}
        </li>
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setCode("");
              form.changeNumber();
            }}
          >
            Изменить номер
          </button>
        </li>
      </ul>
    </form>
  );
}
