/**
 * "Error: Failed to update rental status: This booking is already cancelled." The spec's title and
 * fallback first, then the server's own reason when it gave one, so staff know what to do next.
 */
export function failureToast(fallback: string, error: unknown, title = 'Error'): string {
  const reason = error instanceof Error ? error.message.trim() : '';
  return reason && reason !== fallback ? `${title}: ${fallback}: ${reason}` : `${title}: ${fallback}`;
}
