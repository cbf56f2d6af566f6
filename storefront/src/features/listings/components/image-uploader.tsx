import { useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon, UploadIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { smallOf } from '../../../lib/images';
import { uploadListingImage } from '../api/upload-image';
import { MAX_IMAGES } from '../listing-form-values';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
const ACCEPTED_NAME = /\.(jpe?g|png|webp)$/i;

/** Refuses what the server would refuse, before a byte is sent. */
export function checkImageFile(file: File): { title: string; description: string } | null {
  if (!ACCEPTED.includes(file.type) && !(file.type === '' && ACCEPTED_NAME.test(file.name))) {
    return { title: 'Invalid file type', description: `${file.name} is not a supported image format` };
  }
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File too large', description: `${file.name} exceeds 5MB limit` };
  return null;
}

interface ImageUploaderProps {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string | undefined;
  onBusyChange?: (busy: boolean) => void;
}

export function ImageUploader({ images, onChange, error, onBusyChange }: ImageUploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<{ name: string; progress: number }[]>([]);
  const latest = useRef(images);
  latest.current = images;

  const addFiles = async (files: File[]) => {
    const room = MAX_IMAGES - latest.current.length;
    const accepted: File[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) toast({ ...problem, variant: 'destructive' });
      else accepted.push(file);
    }
    if (accepted.length > room) toast({ title: 'Too many images', description: `A listing can have at most ${MAX_IMAGES} images.`, variant: 'destructive' });
    const batch = accepted.slice(0, Math.max(room, 0));
    if (batch.length === 0) return;
    toast({ title: 'Uploading images...', description: `Processing ${batch.length} file(s)` });
    setUploads(batch.map((f) => ({ name: f.name, progress: 0 })));
    onBusyChange?.(true);
    let added = 0;
    for (const [i, file] of batch.entries()) {
      try {
        const uploaded = await uploadListingImage(file, (p) => setUploads((u) => u.map((x, j) => (j === i ? { ...x, progress: p } : x))));
        latest.current = [...latest.current, uploaded.imageUrl];
        onChange(latest.current);
        added++;
      } catch (err) {
        toast({ title: 'Upload failed', description: `Failed to upload ${file.name}${err instanceof Error ? `: ${err.message}` : ''}`, variant: 'destructive' });
      }
    }
    setUploads([]);
    onBusyChange?.(false);
    if (added > 0) toast({ title: 'Images uploaded successfully', description: `Added ${added} image(s) to your listing` });
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange(next);
  };

  return (
    <fieldset className={`uploader${error ? ' field--invalid' : ''}`} aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className="field__label">Photos</legend>
      <p className="field__hint">JPEG, PNG or WebP, up to 5 MB each. The first photo is the cover.</p>
      {images.length > 0 && (
        <ol className="uploader__list">
          {images.map((url, i) => (
            <li key={url} className="uploader__item">
              <img src={smallOf(url) ?? url} alt={`Photo ${i + 1}${i === 0 ? ' (cover)' : ''}`} width={160} height={120} />
              {i === 0 && <span className="badge uploader__cover">Cover</span>}
              <div className="uploader__actions">
                <button type="button" className="icon-btn" aria-label={`Move photo ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  <ChevronLeftIcon width={16} height={16} />
                </button>
                <button type="button" className="icon-btn" aria-label={`Move photo ${i + 1} later`} disabled={i === images.length - 1} onClick={() => move(i, i + 1)}>
                  <ChevronRightIcon width={16} height={16} />
                </button>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`Remove photo ${i + 1}`} onClick={() => onChange(images.filter((_, j) => j !== i))}>
                  <TrashIcon width={16} height={16} />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {uploads.map((u) => (
        <div key={u.name} className="uploader__progress">
          <span className="small">{u.name}</span>
          <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
        </div>
      ))}
      <input
        ref={input}
        id={inputId}
        name="imageUrls"
        className="visually-hidden"
        aria-invalid={!!error}
        aria-describedby={error ? `${inputId}-error` : undefined}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploads.length > 0 || images.length >= MAX_IMAGES}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void addFiles(files);
        }}
      />
      <label htmlFor={inputId} className="uploader__drop">
        <UploadIcon /> <span>{images.length > 0 ? 'Add more photos' : 'Upload photos'}</span>
      </label>
      {error && (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
