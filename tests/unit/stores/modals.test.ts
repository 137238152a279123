import { beforeEach, describe, expect, it } from 'vitest';
import {
  $modals,
  closeModal,
  isModalOpen,
  modalZIndex,
  nextModalPage,
  openModal,
  previousModalPage,
} from '../../../src/stores/modals.ts';

beforeEach(() => $modals.set({}));

describe('modals (spec §3, §4, §9)', () => {
  it('open sets page 0 and keeps the extra', () => {
    openModal('photo', { index: 2 });
    expect($modals.get()['photo']).toEqual({ isOpen: true, currentPageNumber: 0, extra: { index: 2 } });
  });

  it('next adds 1; previous goes down but not below 0', () => {
    openModal('wizard');
    nextModalPage('wizard');
    nextModalPage('wizard');
    expect($modals.get()['wizard']?.currentPageNumber).toBe(2);
    previousModalPage('wizard');
    previousModalPage('wizard');
    previousModalPage('wizard');
    expect($modals.get()['wizard']?.currentPageNumber).toBe(0);
  });

  it('opening again starts from page 0', () => {
    openModal('wizard');
    nextModalPage('wizard');
    openModal('wizard');
    expect($modals.get()['wizard']?.currentPageNumber).toBe(0);
  });

  it('close removes the modal', () => {
    openModal('a');
    closeModal('a');
    expect('a' in $modals.get()).toBe(false);
    expect(isModalOpen('a')).toBe(false);
  });

  it('ignores page moves of a modal that is not open', () => {
    nextModalPage('ghost');
    previousModalPage('ghost');
    expect($modals.get()).toEqual({});
  });

  it('z-index is 1000 + 2 × the index among open modals', () => {
    openModal('a');
    openModal('b');
    openModal('c');
    expect([modalZIndex('a'), modalZIndex('b'), modalZIndex('c')]).toEqual([1000, 1002, 1004]);
    closeModal('a');
    expect([modalZIndex('b'), modalZIndex('c')]).toEqual([1000, 1002]);
  });
});
