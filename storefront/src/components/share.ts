import { toast } from './toast';

/** The device's share sheet where there is one, else the link is copied. */
export async function shareVehicle(id: number, title: string): Promise<void> {
  const url = `${window.location.origin}/vehicles/${id}`;
  if (navigator.share) {
    try {
      await navigator.share({ title, text: `${title} on Voltmarket`, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'Vehicle link copied to clipboard!' });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}
