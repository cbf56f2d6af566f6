const reasonOf = (error: unknown): string => (error instanceof Error ? error.message.trim() : '');

/**
 * "Error: Failed to update rental status: This booking is already cancelled." The spec's title and
 * fallback first, then the server's own reason when it gave one, so staff know what to do next.
 */
export function failureToast(fallback: string, error: unknown, title = 'Error'): string {
  const reason = reasonOf(error);
  return reason && reason !== fallback ? `${title}: ${fallback.replace(/\.$/, '')}: ${reason}` : `${title}: ${fallback}`;
}

/** "Creation Failed: Title is required." The server's text when it gave one, else the default. */
export const serverTextOr = (title: string, fallback: string, error: unknown): string => `${title}: ${reasonOf(error) || fallback}`;
