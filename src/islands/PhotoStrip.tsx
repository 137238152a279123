import { Suspense, lazy, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { apiUrl } from '../api/client.ts';
import type { PhotoTarget } from '../api/photo.ts';
import { $lightbox, openLightbox, resetBroken } from '../stores/lightbox.ts';
import { $photos, loadPhotos } from '../stores/photo.ts';

/** The lightbox code is fetched only when a photo is opened. */
const Lightbox = lazy(() => import('./Lightbox.tsx'));

type Props = { target: PhotoTarget; loop?: boolean };

/** The violation's photos: loads them (waiting while the camera archive answers), shows thumbnails, opens the lightbox. */
export function PhotoStrip({ target, loop = true }: Props) {
  const photos = useStore($photos).current;
  const lightbox = useStore($lightbox);
  const key = 'hash' in target ? target.hash : String(target.fineId);

  useEffect(() => {
    resetBroken();
    void loadPhotos(target);
    // Loaded once per fine.
  }, [key]);

  if (photos.state === 'idle' || photos.state === 'loading') {
    return (
      <div className="photo-strip photo-strip--loading" aria-busy="true">
        <div className="skeleton skeleton--photo" />
        <p role="status">Запрашиваем фото из архива камеры…</p>
      </div>
    );
  }
  if (photos.state === 'missing') return <p className="muted">{photos.message}</p>;
  if (photos.state === 'error') {
    return (
      <div className="photo-strip__error">
        <p role="alert">{photos.message}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void loadPhotos(target)}>
          Загрузить фото ещё раз
        </button>
      </div>
    );
  }
  const items = photos.photos.map((photo) => ({ ...photo, src: apiUrl(photo.url) }));
  return (
    <>
      <ul className="photo-strip">
        {items.map((photo, index) => (
          <li key={photo.url}>
            <button type="button" className="photo-strip__open" onClick={() => openLightbox(items.length, index, loop)}>
              <img src={photo.src} alt="" width={photo.width} height={photo.height} loading="lazy" />
              <span className="photo-strip__caption">{photo.title}</span>
              <span className="visually-hidden">
                {' '}
                — открыть фото {index + 1} из {items.length}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {lightbox.open && (
        <Suspense fallback={null}>
          <Lightbox images={items} />
        </Suspense>
      )}
    </>
  );
}
