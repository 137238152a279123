import { map } from 'nanostores';

/** Spec §3: a modal's state — open, its current page (0 first) and whatever it was opened with. */
export type ModalState = { isOpen: boolean; currentPageNumber: number; extra: unknown };

/** Spec §9: the first modal's z-index; each next one goes 2 higher (room for its backdrop). */
export const MODAL_Z_INDEX_BASE = 1000;

/** Open modals by id, in the order they were opened. */
export const $modals = map<Record<string, ModalState>>({});

/** Opens a modal on its first page (spec §4: open sets page 0). */
export function openModal(id: string, extra: unknown = undefined): void {
  const rest = { ...$modals.get() };
  delete rest[id];
  $modals.set({ ...rest, [id]: { isOpen: true, currentPageNumber: 0, extra } });
}

/** Next page (spec §4: adds 1). */
export function nextModalPage(id: string): void {
  const modal = $modals.get()[id];
  if (modal !== undefined) $modals.setKey(id, { ...modal, currentPageNumber: modal.currentPageNumber + 1 });
}

/** Previous page, never below 0 (spec §4). */
export function previousModalPage(id: string): void {
  const modal = $modals.get()[id];
  if (modal !== undefined) $modals.setKey(id, { ...modal, currentPageNumber: Math.max(0, modal.currentPageNumber - 1) });
}

/** Closes a modal: its state is removed (spec §4). */
export function closeModal(id: string): void {
  if (!(id in $modals.get())) return;
  const rest = { ...$modals.get() };
  delete rest[id];
  $modals.set(rest);
}

/** Whether a modal is open. */
export function isModalOpen(id: string): boolean {
  return $modals.get()[id]?.isOpen === true;
}

/** z-index of a modal: 1000 + 2 × its place among the open ones (spec §9); the base when it is not open. */
export function modalZIndex(id: string): number {
  const index = Object.keys($modals.get()).indexOf(id);
  return MODAL_Z_INDEX_BASE + 2 * Math.max(0, index);
}
