import { setDataSaver, useDataSaver } from '../lib/data-saver';

/** Turns data saver on or off for this browser (thumbnails only until tapped; see data-saver.ts). */
export function DataSaverToggle({ className = 'btn btn--ghost btn--sm' }: { className?: string }) {
  const on = useDataSaver();
  return (
    <button type="button" className={`${className} data-saver-toggle`} aria-pressed={on} onClick={() => setDataSaver(!on)}>
      Data saver: {on ? 'On' : 'Off'}
    </button>
  );
}
