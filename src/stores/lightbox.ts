import { map } from 'nanostores';
import { closeModal, openModal } from './modals.ts';
import { notify } from './notices.ts';

/** Spec §9: zoom step, bounds and the starting scale. */
export const LIGHTBOX_ZOOM = { step: 0.12, min: 0.1, max: 3, initial: 1 } as const;

/** Spec §9: a horizontal swipe shorter than this (px) is not a swipe. */
export const SWIPE_TOLERANCE_PX = 50;

/** The lightbox's id in the modals store (it takes its z-index from there). */
export const LIGHTBOX_MODAL_ID = 'lightbox';

/** Shown (once per image) when a photo cannot be loaded. */
export const BROKEN_IMAGE_MESSAGE = 'Не удалось загрузить фотографию нарушения';

/** The image lightbox: which image, how many, whether it wraps around, the zoom and the images that failed. */
export type LightboxState = {
  open: boolean;
  index: number;
  count: number;
  loop: boolean;
  zoom: number;
  broken: readonly number[];
};

/** The lightbox of the page. */
export const $lightbox = map<LightboxState>({ open: false, index: 0, count: 0, loop: false, zoom: LIGHTBOX_ZOOM.initial, broken: [] });

/** Opens on image `index` of `count`; `loop` makes the arrows wrap around. */
export function openLightbox(count: number, index = 0, loop = false): void {
  const start = Math.min(Math.max(0, index), Math.max(0, count - 1));
  $lightbox.set({ open: true, index: start, count, loop, zoom: LIGHTBOX_ZOOM.initial, broken: $lightbox.get().broken });
  openModal(LIGHTBOX_MODAL_ID, { index: start });
}

/** Closes the lightbox. */
export function closeLightbox(): void {
  $lightbox.set({ ...$lightbox.get(), open: false, zoom: LIGHTBOX_ZOOM.initial });
  closeModal(LIGHTBOX_MODAL_ID);
}

/** Goes `step` images on (−1 back): wraps around with looping, else stops at the ends; the zoom resets. */
function move(step: 1 | -1): void {
  const { index, count, loop } = $lightbox.get();
  if (count === 0) return;
  let next = index + step;
  if (loop) next = (next + count) % count;
  else next = Math.min(Math.max(0, next), count - 1);
  if (next !== index) $lightbox.set({ ...$lightbox.get(), index: next, zoom: LIGHTBOX_ZOOM.initial });
}

/** Next image (→). */
export function showNext(): void {
  move(1);
}

/** Previous image (←). */
export function showPrevious(): void {
  move(-1);
}

/** A zoom within the bounds, rounded to hundredths so repeated steps do not drift. */
export function clampZoom(zoom: number): number {
  const rounded = Math.round(zoom * 100) / 100;
  return Math.min(LIGHTBOX_ZOOM.max, Math.max(LIGHTBOX_ZOOM.min, rounded));
}

/** One step closer. */
export function zoomIn(): void {
  $lightbox.setKey('zoom', clampZoom($lightbox.get().zoom + LIGHTBOX_ZOOM.step));
}

/** One step further. */
export function zoomOut(): void {
  $lightbox.setKey('zoom', clampZoom($lightbox.get().zoom - LIGHTBOX_ZOOM.step));
}

/** Back to the starting scale. */
export function resetZoom(): void {
  $lightbox.setKey('zoom', LIGHTBOX_ZOOM.initial);
}

/** The mouse wheel: up zooms in, down zooms out. */
export function wheelZoom(deltaY: number): void {
  if (deltaY < 0) zoomIn();
  else if (deltaY > 0) zoomOut();
}

/** A finished horizontal swipe of `dx` px: left shows the next image, right the previous; shorter than the tolerance does nothing. */
export function swipe(dx: number): 'next' | 'previous' | 'none' {
  if (Math.abs(dx) < SWIPE_TOLERANCE_PX) return 'none';
  if (dx < 0) {
    showNext();
    return 'next';
  }
  showPrevious();
  return 'previous';
}

/** An image failed to load: the placeholder is shown for it and the visitor told once (spec §8). */
export function markBroken(index: number): void {
  const { broken } = $lightbox.get();
  if (broken.includes(index)) return;
  $lightbox.setKey('broken', [...broken, index]);
  notify('error', BROKEN_IMAGE_MESSAGE);
}

/** Forgets failed images (a new fine on the page). */
export function resetBroken(): void {
  $lightbox.setKey('broken', []);
}

/** Turns wrapping around on or off (the lightbox's `loop` prop). */
export function setLooping(loop: boolean): void {
  if ($lightbox.get().loop !== loop) $lightbox.setKey('loop', loop);
}
