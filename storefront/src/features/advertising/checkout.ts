/** The checkout address the server answered, if it is one a browser may be sent to (never a javascript: link). */
export function checkoutUrl(answer: string | undefined): string | null {
  if (!answer) return null;
  try {
    const url = new URL(answer, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Leaves the storefront for Paystack's checkout (its own module, so tests can see where the browser was sent). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
