import './styles.css';

/**
 * The app starts in two steps. A page the server drew (its data in `#vm-state`) is painted first,
 * with the styles only; the app's code (start.tsx: React, the router, the page's route) is asked for
 * after that first frame, so on a slow cell it does not share the bandwidth with what the buyer is
 * waiting to see, and the page reads (its links and forms work) while the code comes. A page the
 * browser draws itself asks for the code at once.
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./start').catch(() => {
    // The code could not come (the signal went): the page still reads; try again when it is back.
    started = false;
    window.addEventListener('online', start, { once: true });
  });
}

if (document.getElementById('vm-state')) {
  requestAnimationFrame(() => setTimeout(start, 0));
  // A tab opened in the background draws no frame until it is shown.
  setTimeout(start, 1_000);
} else {
  start();
}
