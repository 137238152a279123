/** The app error screen (spec §2, §8): the 404 picture, a short explanation and a reload button. */
export default function AppErrorScreen() {
  return (
    <section className="app-error" role="alert">
      <img src="/images/404.svg" alt="" width="240" height="150" />
      <h2 className="app-error__title">Что-то пошло не так</h2>
      <p>Эта часть страницы не загрузилась из-за ошибки. Обновите страницу — обычно это помогает.</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Обновить страницу
      </button>
      <p>
        Не помогло? <a href="/support/">Написать в поддержку</a>
      </p>
    </section>
  );
}
