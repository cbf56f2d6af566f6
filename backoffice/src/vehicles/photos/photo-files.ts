/** The contract's limits on a listing's photos (AdminVehicleUpdate.imageUrls and the upload endpoint). */
export const MAX_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 5_242_880;

const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
const ACCEPTED_NAME = /\.(jpe?g|png|webp)$/i;

/** What the file picker offers; the check below also takes a typeless file by its extension. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Refuses what the server would refuse, before a byte is sent: "Title: description", or null when the file may go. */
export function photoFileProblem(file: File): string | null {
  const typeOk = ACCEPTED_TYPES.includes(file.type) || (file.type === '' && ACCEPTED_NAME.test(file.name));
  if (!typeOk) return `Invalid file type: ${file.name} is not a supported image format`;
  if (file.size > MAX_PHOTO_BYTES) return `File too large: ${file.name} exceeds 5MB limit`;
  return null;
}

/** Why a batch does not fit beside the listing's current photos, or null when it does. */
export function tooManyPhotos(current: number, adding: number, max = MAX_PHOTOS): string | null {
  const room = max - current;
  if (adding <= room) return null;
  const advice = room > 0 ? `you can add ${room} more` : 'remove one before adding another';
  return `Too many photos: a listing can have at most ${max} photos; it has ${current}, so ${advice}.`;
}

export const photoCount = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;
