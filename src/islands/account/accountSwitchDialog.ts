import { $handoffProblem, $pendingSwitch, acceptPendingSwitch, declinePendingSwitch } from '../../stores/auth/addressCredentials.ts';

/** A <dialog> with a heading, text and buttons, added to the page (webview pages render nothing for it in HTML). */
function dialog(id: string, heading: string, paragraphs: readonly string[], buttons: readonly { label: string; primary?: boolean; onClick: () => void }[]): HTMLDialogElement {
  document.getElementById(id)?.remove();
  const box = document.createElement('dialog');
  box.id = id;
  box.className = 'switch-dialog';
  box.setAttribute('aria-labelledby', `${id}-title`);
  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.textContent = heading;
  box.append(title);
  for (const text of paragraphs) {
    const p = document.createElement('p');
    p.textContent = text;
    box.append(p);
  }
  const actions = document.createElement('div');
  actions.className = 'switch-dialog__actions';
  for (const button of buttons) {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = button.primary === true ? 'btn' : 'btn btn--ghost';
    element.textContent = button.label;
    element.addEventListener('click', () => {
      box.close();
      box.remove();
      button.onClick();
    });
    actions.append(element);
  }
  box.append(actions);
  document.body.append(box);
  box.showModal();
  return box;
}

/**
 * Asks, on a page opened by a link, before another account's session replaces the one present, and
 * says when the link's one-time code no longer works. Staying is the default (focused first).
 */
export function watchAddressSessions(): void {
  $pendingSwitch.subscribe((pending) => {
    if (pending === undefined) return;
    dialog(
      'account-switch',
      'Ссылка открывает другой аккаунт',
      [
        'Вы уже вошли на этом устройстве, а ссылка ведёт в другой аккаунт.',
        'Переходите, только если это ваш аккаунт: всё, что вы добавите в чужом, увидит его владелец.',
      ],
      [
        { label: 'Остаться в своём аккаунте', primary: true, onClick: () => void declinePendingSwitch() },
        { label: 'Перейти в аккаунт по ссылке', onClick: () => acceptPendingSwitch() && window.location.reload() },
      ],
    );
  });
  $handoffProblem.subscribe((problem) => {
    if (problem !== undefined) dialog('handoff-problem', 'Не удалось открыть страницу', [problem], [{ label: 'Понятно', primary: true, onClick: () => $handoffProblem.set(undefined) }]);
  });
}
