import { ApiError, currentToken, errorFromBody, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import type { UploadedImage } from '../../../lib/api-types';

/** Uploads one photo (field `image`), reporting progress from 0 to 1. */
export async function uploadListingImage(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  const token = await currentToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/image');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as UploadedImage);
      else reject(errorFromBody(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
