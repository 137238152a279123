import { useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $lightbox,
  LIGHTBOX_MODAL_ID,
  LIGHTBOX_ZOOM,
  closeLightbox,
  markBroken,
  resetZoom,
  setLooping,
  showNext,
  showPrevious,
  swipe,
  wheelZoom,
  zoomIn,
  zoomOut,
} from '../stores/lightbox.ts';
import { $modals, modalZIndex } from '../stores/modals.ts';
import './Lightbox.css';

/** One image of the lightbox. */
export type LightboxImage = { src: string; title: string; width: number; height: number };

type Props = {
  images: readonly LightboxImage[];
  /** The arrows wrap around from the last image to the first (default: as opened). */
  loop?: boolean;
  /** Called when an image fails to load (spec §8: the lightbox emits an error). */
  onImageError?: (index: number, image: LightboxImage) => void;
};

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The image lightbox (spec §4, §9): Escape closes, arrows navigate (optionally looping), + and − or
 * the wheel zoom in 0.12 steps within 0.1–3, a swipe of 50 px changes the image, a failed image shows
 * a placeholder. A modal dialog: focus stays inside and returns where it was on close.
 */
export default function Lightbox({ images, loop, onImageError }: Props) {
  const state = useStore($lightbox);
  useStore($modals);
  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<number | undefined>(undefined);
  const image = images[state.index];
  const broken = state.broken.includes(state.index);
  const canGoBack = state.loop || state.index > 0;
  const canGoOn = state.loop || state.index < images.length - 1;

  useEffect(() => {
    if (loop !== undefined) setLooping(loop);
  }, [loop]);

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const actions: Record<string, () => void> = {
        Escape: closeLightbox,
        ArrowRight: showNext,
        ArrowLeft: showPrevious,
        '+': zoomIn,
        '=': zoomIn,
        '-': zoomOut,
        '0': resetZoom,
      };
      const action = actions[event.key];
      if (action !== undefined) {
        event.preventDefault();
        action();
      } else if (event.key === 'Tab') trapFocus(event);
    };
    const trapFocus = (event: KeyboardEvent) => {
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (first === undefined || last === undefined) return;
      const inside = dialog.current?.contains(document.activeElement) === true;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const element = stage.current;
    if (element === null) return;
    // Not passive: the wheel zooms the photo instead of scrolling the page behind.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      wheelZoom(event.deltaY);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: ReactPointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (swipeStart.current !== undefined) swipe(event.clientX - swipeStart.current);
    swipeStart.current = undefined;
  };

  if (image === undefined) return null;
  const position = `${state.index + 1} из ${images.length}`;
  return (
    <div className="lightbox" style={{ zIndex: modalZIndex(LIGHTBOX_MODAL_ID) }}>
      <div className="lightbox__backdrop" onClick={closeLightbox} aria-hidden="true" />
      <div ref={dialog} className="lightbox__dialog" role="dialog" aria-modal="true" aria-label={`Фото нарушения, ${position}`}>
        <div className="lightbox__bar">
          <p className="lightbox__title">
            {image.title} <span className="lightbox__position">({position})</span>
          </p>
          <div className="lightbox__tools">
            <button type="button" onClick={zoomOut} disabled={state.zoom <= LIGHTBOX_ZOOM.min} aria-label="Уменьшить">
              −
            </button>
            <output className="lightbox__zoom" aria-live="polite" aria-label="Масштаб">
              {Math.round(state.zoom * 100)} %
            </output>
            <button type="button" onClick={zoomIn} disabled={state.zoom >= LIGHTBOX_ZOOM.max} aria-label="Увеличить">
              +
            </button>
            <button ref={closeButton} type="button" onClick={closeLightbox} aria-label="Закрыть">
              ✕
            </button>
          </div>
        </div>
        <div ref={stage} className="lightbox__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {broken ? (
            <div className="lightbox__broken" role="img" aria-label="Фото не загрузилось">
              <span aria-hidden="true">🖼</span>
              <p>Фото не загрузилось. Попробуйте открыть его позже.</p>
            </div>
          ) : (
            <img
              key={image.src}
              className="lightbox__image"
              src={image.src}
              alt={image.title}
              width={image.width}
              height={image.height}
              draggable={false}
              style={{ transform: `scale(${state.zoom})` }}
              onError={() => {
                markBroken(state.index);
                onImageError?.(state.index, image);
              }}
            />
          )}
        </div>
        {images.length > 1 && (
          <div className="lightbox__nav">
            <button type="button" className="lightbox__prev" onClick={showPrevious} disabled={!canGoBack} aria-label="Предыдущее фото">
              ‹
            </button>
            <button type="button" className="lightbox__next" onClick={showNext} disabled={!canGoOn} aria-label="Следующее фото">
              ›
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
