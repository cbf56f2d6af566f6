import type { Page } from 'playwright-core';

export interface Overflow {
  /** The document's width; wider than the screen means the page scrolls sideways. */
  scrollWidth: number;
  /** Elements reaching past the screen's edges, or cut off by a box that hides what overflows it. */
  stickingOut: string[];
}

/** What on the page as it is now is wider than the screen. */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const clipper = (el: Element): Element | null => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return parent;
      }
      return null;
    };
    const describe = (el: Element, where: string): string => {
      const r = el.getBoundingClientRect();
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${classes} [${Math.round(r.left)}..${Math.round(r.right)}] ${where} "${text}"`;
    };
    const stickingOut: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Wholly off to the left is how a skip link hides until focused.
      if (r.right <= 0) continue;
      const box = clipper(el);
      if (!box) {
        if (r.right > screenWidth + 0.5 || r.left < -0.5) stickingOut.push(describe(el, 'past the screen'));
        continue;
      }
      // Inside a box that scrolls sideways the rest can be reached; a box of a pixel or two is text for screen readers only.
      const style = getComputedStyle(box);
      const b = box.getBoundingClientRect();
      if (style.overflowX === 'auto' || style.overflowX === 'scroll' || b.width <= 2) continue;
      if (r.right > b.right + 0.5 || r.left < b.left - 0.5) stickingOut.push(describe(el, `cut off by ${box.tagName.toLowerCase()}.${String(box.className).split(/\s+/)[0]}`));
    }
    return { scrollWidth: document.documentElement.scrollWidth, stickingOut };
  });
}

/** Strings of exactly `length` characters made by repeating `text`, for the longest values the data allows. */
export const longest = (text: string, length: number): string => text.repeat(Math.ceil(length / text.length)).slice(0, length);
