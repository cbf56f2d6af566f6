import sharp from 'sharp';
import { signedInAs, signedInUser, validListing, type TestApi } from '../../../../adapters/test/support/harness.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

/** Uploads a generated photo through the API and returns its URL. */
async function uploadPhoto(api: TestApi, token: string, shade: number): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 140, b: 100 } } }).png().toBuffer();
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${api.url}/api/upload/image`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

const adminTokens = new Map<string, Promise<string>>();

/** The API's bootstrap admin (one account per test API). */
export function adminToken(api: TestApi): Promise<string> {
  let token = adminTokens.get(api.url);
  if (!token) {
    token = signedInAs(api.staffEmails.admin).then((admin) => admin.token);
    adminTokens.set(api.url, token);
  }
  return token;
}

export async function approve(api: TestApi, adminAuthToken: string, id: number): Promise<void> {
  const res = await fetch(`${api.url}/api/admin/vehicles/${id}/approve`, { method: 'POST', headers: auth(adminAuthToken) });
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${await res.text()}`);
}

/** Live listings created over the API by a seller with a name, each with real uploaded photos. */
export async function publishListings(api: TestApi, listings: Record<string, unknown>[]): Promise<number[]> {
  return (await publishListingsOfSeller(api, listings)).ids;
}

/** The same, with the seller (Bola Ade) who listed them. */
export async function publishListingsOfSeller(api: TestApi, listings: Record<string, unknown>[]): Promise<{ ids: number[]; seller: { uid: string; token: string } }> {
  const seller = await signedInUser({ name: 'Bola Ade' });
  await fetch(`${api.url}/api/auth/sync`, { method: 'POST', headers: auth(seller.token), body: JSON.stringify({ firstName: 'Bola', lastName: 'Ade' }) });
  const admin = await adminToken(api);
  const ids: number[] = [];
  for (const [i, overrides] of listings.entries()) {
    const imageUrls = [await uploadPhoto(api, seller.token, 40 + i * 30), await uploadPhoto(api, seller.token, 200 - i * 20)];
    const res = await fetch(`${api.url}/api/vehicles`, { method: 'POST', headers: auth(seller.token), body: JSON.stringify(validListing({ imageUrls, ...overrides })) });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: number };
    await approve(api, admin, id);
    ids.push(id);
  }
  return { ids, seller };
}
