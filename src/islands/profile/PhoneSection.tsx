import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { useStore } from "@nanostores/react";
import { $account } from "../../stores/auth/account.ts";
import { $signInWays, loadSignInWays } from "../../stores/auth/signInWays.ts";
import {
  $phoneRemoving,
  addEmail,
  phoneLink,
  removePhone,
} from "../../stores/profile/phone.ts";
import { Field, FormError, SubmitButton } from "../account/Field.tsx";
import { PhoneCodeForm } from "../account/PhoneCodeForm.tsx";

/** The account's phone: sign in by it, add one by a code (when the server sends SMS), or remove it while another way to sign in remains. */
export function PhoneSection() {
  const account = useStore($account);
  const removing = useStore($phoneRemoving);
  const ways = useStore($signInWays);
  const [error, setError] = useState("");
  useEffect(() => {
    void loadSignInWays();
  }, []);
  if (account.phone === "" && !ways.phone) return null;
  return (
    <div
      className="doc-form"
      role="group"
      aria-labelledby="settings-phone-title"
    >
      <h3 id="settings-phone-title">Телефон</h3>
      {account.phone === "" ? (
        <>
          <p className="muted">
            Привяжите номер, чтобы входить по коду из SMS.
          </p>
          <PhoneCodeForm
            form={phoneLink}
            id="settings"
            submitLabel="Привязать номер"
          />
        </>
      ) : (
        <>
          <p>
            Вход по номеру <strong>{account.phone}</strong>
          </p>
          {account.email === "" ? (
            <>
              <p className="muted">
                Это единственный способ входа: чтобы отвязать номер, сначала
                добавьте e-mail.
              </p>
              <AddEmailForm />
            </>
          ) : (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={removing}
              onClick={() => {
                void removePhone().then((failure) => setError(failure ?? ""));
              }}
            >
              Отвязать номер
            </button>
          )}
          <FormError message={error} />
        </>
      )}
    </div>
  );
}

/** An account made by phone adds an e-mail, confirmed by a link sent there. */
function AddEmailForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const failure = await addEmail(email);
    setBusy(false);
    setError(failure ?? "");
    if (failure === undefined) setEmail("");
  };
  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-label="Добавить e-mail"
    >
      <Field
        id="settings-add-email"
        label="E-mail"
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        error={error === "" ? undefined : error}
        autoComplete="email"
        inputMode="email"
      />
      <SubmitButton busy={busy}>Добавить e-mail</SubmitButton>
    </form>
  );
}
