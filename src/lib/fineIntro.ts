/** What a fine's page holds, in a sentence: its own fine (the visitor's). */
export const FINE_INTRO_OWN =
  'Здесь всё о постановлении: когда и где зафиксировано нарушение, статья КоАП, сумма и до какого дня действует скидка, фото с камеры и реквизиты получателя платежа.';

/** What a fine's page holds, in a sentence: a fine shared by its link. */
export const FINE_INTRO_SHARED =
  'Этим штрафом с вами поделились по ссылке. Здесь всё, что нужно, чтобы проверить и оплатить его: время и место нарушения, статья КоАП, сумма и срок скидки, фото с камеры и реквизиты получателя. Другие штрафы и документы владельца по ссылке не видны.';

/** The heading a fine's page shows until the fine is read. */
export const fineShellTitle = (shared: boolean): string => (shared ? 'Штраф по ссылке' : 'Штраф ГИБДД');

/** The id of that static first state (src/components/FineShell.astro), which the island removes. */
export const FINE_SHELL_ID = 'fine-shell';
