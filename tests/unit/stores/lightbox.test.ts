import { beforeEach, describe, expect, it } from 'vitest';
import {
  $lightbox,
  BROKEN_IMAGE_MESSAGE,
  LIGHTBOX_MODAL_ID,
  clampZoom,
  closeLightbox,
  markBroken,
  openLightbox,
  resetBroken,
  showNext,
  showPrevious,
  swipe,
  wheelZoom,
  zoomIn,
  zoomOut,
} from '../../../src/stores/lightbox.ts';
import { $modals } from '../../../src/stores/modals.ts';
import { $notices } from '../../../src/stores/notices.ts';

beforeEach(() => {
  closeLightbox();
  resetBroken();
  $notices.set([]);
});

describe('lightbox (spec §4, §8, §9)', () => {
  it('opens as a modal and closes', () => {
    openLightbox(3, 1);
    expect($lightbox.get()).toMatchObject({ open: true, index: 1, count: 3 });
    expect($modals.get()[LIGHTBOX_MODAL_ID]?.isOpen).toBe(true);
    closeLightbox();
    expect($lightbox.get().open).toBe(false);
    expect(LIGHTBOX_MODAL_ID in $modals.get()).toBe(false);
  });

  it('stops at the ends without looping', () => {
    openLightbox(2, 0);
    showPrevious();
    expect($lightbox.get().index).toBe(0);
    showNext();
    showNext();
    expect($lightbox.get().index).toBe(1);
  });

  it('wraps around with looping', () => {
    openLightbox(3, 0, true);
    showPrevious();
    expect($lightbox.get().index).toBe(2);
    showNext();
    expect($lightbox.get().index).toBe(0);
  });

  it('zooms in steps of 0.12 between 0.1 and 3', () => {
    openLightbox(1);
    zoomIn();
    expect($lightbox.get().zoom).toBe(1.12);
    for (let i = 0; i < 40; i++) zoomIn();
    expect($lightbox.get().zoom).toBe(3);
    for (let i = 0; i < 40; i++) zoomOut();
    expect($lightbox.get().zoom).toBe(0.1);
    wheelZoom(-100);
    expect($lightbox.get().zoom).toBe(0.22);
  });

  it.each([
    [1.0000000001, 1],
    [5, 3],
    [0, 0.1],
    [-2, 0.1],
  ])('clamps zoom %s to %s', (zoom, expected) => expect(clampZoom(zoom)).toBe(expected));

  it('resets the zoom when the image changes', () => {
    openLightbox(2);
    zoomIn();
    showNext();
    expect($lightbox.get().zoom).toBe(1);
  });

  it.each<[number, 'next' | 'previous' | 'none', number]>([
    [-49, 'none', 1],
    [49, 'none', 1],
    [-50, 'next', 2],
    [50, 'previous', 0],
    [-300, 'next', 2],
  ])('a swipe of %s px is %s', (dx, result, index) => {
    openLightbox(3, 1);
    expect(swipe(dx)).toBe(result);
    expect($lightbox.get().index).toBe(index);
  });

  it('marks a broken image and tells the visitor once', () => {
    openLightbox(2);
    markBroken(0);
    markBroken(0);
    expect($lightbox.get().broken).toEqual([0]);
    expect($notices.get().map((n) => n.message)).toEqual([BROKEN_IMAGE_MESSAGE]);
  });
});
