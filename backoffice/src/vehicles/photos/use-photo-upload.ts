import { useCallback, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { useVoltmarket } from '../../data/use-voltmarket';
import { failureReason } from '../moderation/moderation-messages';
import { MAX_PHOTOS, photoCount, photoFileProblem, tooManyPhotos } from './photo-files';

export interface UploadProgress {
  total: number;
  done: number;
}

/**
 * Adds a batch of photos to the form's `source` list. Every file is checked before any is sent,
 * then they are uploaded one by one; any single failure fails the batch, so none of it is added.
 */
export function usePhotoUpload(source: string, max = MAX_PHOTOS) {
  const notify = useNotify();
  const provider = useVoltmarket();
  const { getValues, setValue } = useFormContext();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const busy = useRef(false);

  const current = useCallback((): string[] => {
    const value: unknown = getValues(source);
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  }, [getValues, source]);

  const uploadAll = async (files: File[]): Promise<string[] | null> => {
    const urls: string[] = [];
    try {
      for (const file of files) {
        urls.push((await provider.uploadImage(file)).imageUrl);
        setProgress({ total: files.length, done: urls.length });
      }
      return urls;
    } catch (error) {
      notify(`Upload Failed: Failed to upload one or more images (${failureReason(error, 'please try again')})`, { type: 'error' });
      return null;
    }
  };

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    if (busy.current) {
      notify('Upload in progress: wait for the current photos to finish uploading', { type: 'warning' });
      return;
    }
    const problems = files.map(photoFileProblem).filter((p): p is string => p !== null);
    const refusal = problems.length > 0 ? problems.join('\n') : tooManyPhotos(current().length, files.length, max);
    if (refusal) {
      notify(refusal, { type: 'error', multiLine: problems.length > 1 });
      return;
    }
    busy.current = true;
    setProgress({ total: files.length, done: 0 });
    const uploaded = await uploadAll(files);
    busy.current = false;
    setProgress(null);
    if (!uploaded) return;
    setValue(source, [...current(), ...uploaded], { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    notify(`Images Uploaded: ${photoCount(uploaded.length)} added`, { type: 'success' });
  };

  return { addFiles, progress, isUploading: () => busy.current };
}
