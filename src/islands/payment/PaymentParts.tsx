/** The payment behind the address is not the visitor's or is gone (the result and wait pages). */
export function PaymentNotFound({ message }: { message?: string | undefined }) {
  return (
    <section className="pay-card card">
      <h1>Платёж не найден</h1>
      <p>{message ?? 'Ссылка устарела, или платёж начат в другом браузере. Статус оплаты штрафа виден в списке штрафов.'}</p>
      <a className="btn" href="/fines/">
        К штрафам
      </a>
    </section>
  );
}

/** Why a cancel did not go through (role=alert). */
export function CancelError({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
