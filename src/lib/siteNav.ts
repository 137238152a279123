/** A link in the site's navigation. */
export type NavLink = { href: string; label: string };

/** The header's main sections; only sections that exist are listed. */
export const MAIN_NAV: readonly NavLink[] = [
  { href: '/', label: 'Проверить штрафы' },
  { href: '/pay-gibdd-fines/', label: 'Оплата' },
  { href: '/news/', label: 'Новости' },
  { href: '/good_to_know/', label: 'Полезно знать' },
  { href: '/faq/', label: 'Вопросы' },
];

/** The footer's columns: sections, and the legal texts every page links to. */
export const FOOTER_NAV: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Проверка штрафов',
    links: [
      { href: '/po-sts/', label: 'По СТС' },
      { href: '/landing/grz/', label: 'По госномеру' },
      { href: '/po-pravam/', label: 'По водительскому удостоверению' },
      { href: '/po-vin/', label: 'По VIN' },
      { href: '/po-nomeru-postanovleniya/', label: 'По номеру постановления' },
      { href: '/city/', label: 'Штрафы в городах' },
    ],
  },
  {
    title: 'Сервис',
    links: [
      { href: '/about/', label: 'О сервисе' },
      { href: '/contacts/', label: 'Контакты' },
      { href: '/support/', label: 'Написать в поддержку' },
      { href: '/developers/', label: 'API для автопарков' },
      { href: '/your-lost-profit/', label: 'Калькулятор потерь автопарка' },
      { href: '/reviews/', label: 'Отзывы' },
      { href: '/cashback-conditions/', label: 'Кешбэк' },
      { href: '/email/subscribe/', label: 'Уведомления на почту' },
      { href: '/sitemap/', label: 'Карта сайта' },
    ],
  },
  {
    title: 'Документы',
    links: [
      { href: '/licenses/license-agreement/', label: 'Пользовательское соглашение' },
      { href: '/politics_personal_data/', label: 'Политика обработки персональных данных' },
      { href: '/rules/cashback-rules/', label: 'Правила программы кешбэка' },
      { href: '/licenses/all-promotions-list/', label: 'Действующие акции' },
      { href: '/law-changes/', label: 'Изменения в законах для водителей' },
    ],
  },
];
