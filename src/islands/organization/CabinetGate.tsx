/** The page a cabinet report shows when it cannot: signed out (a link to sign in) or an error (a link back to the cabinet). */
export function CabinetGate({ className, title, signedOut, signedOutText, message }: { className: string; title: string; signedOut: boolean; signedOutText: string; message: string }) {
  return (
    <section className={`${className} card`}>
      <h1>{title}</h1>
      <p role="alert">{signedOut ? signedOutText : message}</p>
      <p>
        <a className="btn" href={signedOut ? '/auth/' : '/organization/'}>
          {signedOut ? 'Войти' : 'В кабинет'}
        </a>
      </p>
    </section>
  );
}
