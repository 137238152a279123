import { useStore } from '@nanostores/react';
import { $account } from '../../stores/auth/account.ts';

/** The cabinet's settings of signing in: the owner's phone and e-mail, changed in the profile (issue 29). */
export function CabinetSignIn() {
  const account = useStore($account);
  return (
    <section className="card" aria-labelledby="cabinet-signin-title">
      <h2 id="cabinet-signin-title">Настройки входа</h2>
      <dl className="cabinet-signin">
        <dt>Телефон владельца</dt>
        <dd>{account.phone === '' ? 'не привязан' : account.phone}</dd>
        <dt>E-mail</dt>
        <dd>{account.email === '' ? 'не добавлен' : account.email}</dd>
      </dl>
      <a href="/profile/#settings">Изменить телефон, e-mail, Яндекс ID и VK ID</a>
    </section>
  );
}
