import type { Vehicle } from '../../lib/api-types';
import { formatNaira } from '../../lib/format';

/** Premium Spotlight (tier 2) and Ultimate Exposure (tier 3) include a WhatsApp contact button. */
export const WHATSAPP_MIN_TIER = 2;

export const hasWhatsAppButton = (vehicle: Pick<Vehicle, 'boost'>): boolean => (vehicle.boost?.tier ?? 0) >= WHATSAPP_MIN_TIER;

/**
 * A wa.me chat with the seller, opened with a message about the listing. wa.me wants the international
 * number as digits only: +2348035551234 → 2348035551234.
 */
export function whatsappHref(phoneE164: string, vehicle: Pick<Vehicle, 'id' | 'title' | 'price'>, origin: string): string {
  const text = `Hi, I'm interested in your ${vehicle.title} listed on Voltmarket for ${formatNaira(vehicle.price)}: ${origin}/vehicles/${vehicle.id}`;
  return `https://wa.me/${phoneE164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
