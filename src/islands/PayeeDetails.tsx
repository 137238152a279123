import type { Fine } from '../api/structs/fine.ts';

/** The payee's details of a ruling, as a bank or a payment terminal asks for them. */
export function PayeeDetails({ fine }: { fine: Fine }) {
  const rows: [string, string][] = [
    ['Получатель', fine.payee.name],
    ['ИНН', fine.payee.inn],
    ['КПП', fine.payee.kpp],
    ['Счёт', fine.payee.account],
    ['БИК', fine.payee.bik],
    ['Банк', fine.payee.bankName],
    ['ОКТМО', fine.payee.oktmo],
    ['КБК', fine.payee.kbk],
    ['УИН', fine.uin],
  ];
  return (
    <dl className="details-list details-list--payee">
      {rows.map(([term, value]) => (
        <div key={term} className="details-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
