import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon } from '../../../components/icons';
import { VehicleImage } from '../../../components/vehicle-image';
import { useDataSaver } from '../../../lib/data-saver';
import { smallOf } from '../../../lib/images';

const SWIPE_PX = 50;

/** Arrow keys and horizontal swipes step through the photos. */
function useStepper(count: number) {
  const [index, setIndex] = useState(0);
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  const swipeStart = useRef<number | null>(null);
  const swipe = {
    onPointerDown: (e: PointerEvent) => {
      swipeStart.current = e.clientX;
    },
    onPointerUp: (e: PointerEvent) => {
      if (swipeStart.current === null) return;
      const dx = e.clientX - swipeStart.current;
      swipeStart.current = null;
      if (Math.abs(dx) > SWIPE_PX) step(dx < 0 ? 1 : -1);
    },
  };
  return { index, setIndex, step, swipe };
}

export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { index, setIndex, step, swipe } = useStepper(Math.max(images.length, 1));
  const [viewerOpen, setViewerOpen] = useState(false);
  // Data saver: thumbnails until the buyer asks for the full-size photos (or opens one full screen).
  const saver = useDataSaver();
  const [full, setFull] = useState(false);
  const many = images.length > 1;
  return (
    <section className="gallery" aria-label="Photos" aria-roledescription="carousel">
      <div
        className="gallery__stage"
        {...swipe}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') step(1);
          if (e.key === 'ArrowLeft') step(-1);
        }}
      >
        <VehicleImage
          src={images[index]}
          alt={`${title}, photo ${index + 1} of ${Math.max(images.length, 1)}`}
          priority
          full={full}
          sizes="(max-width: 900px) 100vw, 800px"
          className="gallery__image"
          width={1600}
          height={1200}
          draggable={false}
        />
        {many && (
          <>
            <button type="button" className="icon-btn gallery__prev" aria-label="Previous photo" onClick={() => step(-1)}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className="icon-btn gallery__next" aria-label="Next photo" onClick={() => step(1)}>
              <ChevronRightIcon />
            </button>
          </>
        )}
        {saver && !full && images.length > 0 && (
          <button type="button" className="btn btn--light btn--sm gallery__full" onClick={() => setFull(true)}>
            Load full-size photos
          </button>
        )}
        {images.length > 0 && (
          <button type="button" className="icon-btn gallery__expand" aria-label="View photos full screen" onClick={() => setViewerOpen(true)}>
            <ExpandIcon />
          </button>
        )}
        {many && (
          <span className="gallery__counter" aria-live="polite">
            {index + 1} / {images.length}
          </span>
        )}
      </div>
      {many && (
        <div className="gallery__thumbs">
          {images.map((url, i) => (
            <button key={url} type="button" className="gallery__thumb" aria-label={`Show photo ${i + 1}`} aria-current={i === index} onClick={() => setIndex(i)}>
              <img src={smallOf(url) ?? url} alt="" loading="lazy" decoding="async" width={96} height={72} />
            </button>
          ))}
        </div>
      )}
      {viewerOpen && <Viewer images={images} title={title} start={index} onClose={(last) => { setIndex(last); setViewerOpen(false); }} />}
    </section>
  );
}

/** Full-screen photo viewer: a modal dialog, closed with Escape, stepped with arrows or swipes. */
function Viewer({ images, title, start, onClose }: { images: string[]; title: string; start: number; onClose: (index: number) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { index, setIndex, step, swipe } = useStepper(images.length);
  const latest = useRef(start);
  latest.current = index;

  useEffect(() => {
    setIndex(start);
    const node = dialog.current;
    if (node && !node.open) node.showModal?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={`${title} photos`}
      onClose={() => onClose(latest.current)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') step(1);
        if (e.key === 'ArrowLeft') step(-1);
      }}
    >
      <div className="viewer__stage" {...swipe}>
        <img src={images[index]} alt={`${title}, photo ${index + 1} of ${images.length}`} className="viewer__image" draggable={false} />
      </div>
      <p className="viewer__counter" aria-live="polite">
        {index + 1} / {images.length}
      </p>
      {images.length > 1 && (
        <>
          <button type="button" className="icon-btn viewer__prev" aria-label="Previous photo" onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className="icon-btn viewer__next" aria-label="Next photo" onClick={() => step(1)}>
            <ChevronRightIcon />
          </button>
        </>
      )}
      <button type="button" className="icon-btn viewer__close" aria-label="Close full-screen view" autoFocus onClick={() => dialog.current?.close()}>
        <CloseIcon />
      </button>
    </dialog>
  );
}
