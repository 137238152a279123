// The header's behaviour on every page, kept out of React: a small module beats an island for a menu
// button and a sign-out button (no hydration, nothing in the page's weight but these lines).

/** The narrowest viewport on which the main sections stand in the header itself (global.css, .site-header). */
const INLINE_NAV_MIN_WIDTH = 900;

/**
 * The phone menu as a disclosure (WAI-ARIA APG "Disclosure Navigation Menu"). Without JavaScript the
 * toggle is a link to the site map; here it becomes the button that opens the sections under the
 * header: aria-expanded tells its state, Escape closes and gives focus back to the button, and so do a
 * click outside and focus leaving the header.
 */
export function startSiteMenu(header: HTMLElement): void {
  const fallback = header.querySelector<HTMLAnchorElement>('[data-menu-toggle]');
  const menu = header.querySelector<HTMLElement>('#site-menu');
  if (fallback === null || menu === null) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = fallback.className;
  button.innerHTML = fallback.innerHTML;
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', menu.id);
  fallback.replaceWith(button);

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    header.toggleAttribute('data-menu-open', open);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  button.addEventListener('click', () => setOpen(!isOpen()));
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !header.contains(event.target)) setOpen(false);
  });
  header.addEventListener('focusout', (event) => {
    if (isOpen() && event.relatedTarget instanceof Node && !header.contains(event.relatedTarget)) setOpen(false);
  });
  // Widened past the phone layout, the sections stand in the header again: the open state would only linger.
  window.matchMedia(`(min-width: ${INLINE_NAV_MIN_WIDTH}px)`).addEventListener('change', (query) => {
    if (query.matches) setOpen(false);
  });
}

/**
 * The header's «Выйти» (shown once the header knows an account signed in): ends the session as the
 * profile's own button does (the account store, loaded only now), then opens the home page signed out.
 */
export function startSignOut(header: HTMLElement): void {
  for (const button of header.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    const caption = button.textContent ?? '';
    button.addEventListener('click', async () => {
      if (button.disabled) return;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = 'Выходим…';
      let store: typeof import('../../stores/auth/account.ts');
      try {
        store = await import('../../stores/auth/account.ts');
      } catch {
        // The code did not arrive (connection lost): nothing happened yet, so the visitor may try again.
        button.disabled = false;
        button.removeAttribute('aria-busy');
        button.textContent = caption;
        button.title = 'Нет связи с сайтом — попробуйте ещё раз';
        return;
      }
      try {
        await store.signOut();
      } catch (error) {
        // The local half of signing out has run even when the server could not be told (account.ts).
        console.error('Sign-out could not reach the server', error);
      }
      location.assign('/');
    });
  }
}
