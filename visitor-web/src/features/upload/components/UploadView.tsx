import { useCallback, useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '../../../components/toast-store';
import { UploadIcon } from '../../../components/icons';
import { formatBytes } from '../../../lib/format';
import { ACCEPT, DROP_MAX_BYTES, mediaKind, rejectionText, sizeError, validateFile } from '../hooks/upload-rules';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { UploadQueue } from './UploadQueue';
import './upload-view.css';
import type { Id } from '../../../api/types';

interface Rejected {
  key: string;
  name: string;
  size: number;
  message: string;
}

function pastedName(file: File): string {
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `pasted-image-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.${ext}`;
}

export function UploadView({ userId }: { userId: Id | undefined }) {
  const queue = useUploadQueue(userId);
  const { add } = queue;
  const [rejected, setRejected] = useState<Rejected[]>([]);

  // after files are chosen (the file dialog closed, or a drop), focus goes to the queue they joined
  const queueRef = useRef<HTMLElement>(null);
  const [focusQueue, setFocusQueue] = useState(0);
  useEffect(() => {
    if (focusQueue) queueRef.current?.focus();
  }, [focusQueue]);

  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      add(accepted);
      if (accepted.length) setFocusQueue((n) => n + 1);
      setRejected(
        rejections.map(({ file, errors }, i) => ({
          key: `${file.name}-${i}-${Date.now()}`,
          name: file.name,
          size: file.size,
          message: rejectionText(errors[0]?.code ?? '', file, errors[0]?.message),
        })),
      );
    },
    [add],
  );

  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: ACCEPT,
    maxSize: DROP_MAX_BYTES,
    multiple: true,
    onDrop,
    noClick: false,
    validator: (file: File) => {
      if (!(file instanceof File) || typeof file.size !== 'number') return null;
      const message = sizeError(file);
      return message ? { code: 'file-too-large', message } : null;
    },
  });

  // Paste an image from the clipboard anywhere on this page.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.items ?? [])
        .filter((it) => it.kind === 'file')
        .map((it) => it.getAsFile())
        .filter((f): f is File => f !== null);
      if (!files.length) return;
      e.preventDefault();
      for (const raw of files) {
        const file =
          raw.name && raw.name !== 'image.png'
            ? raw
            : new File([raw], pastedName(raw), { type: raw.type, lastModified: Date.now() });
        const problem =
          file.type.startsWith('image/') && mediaKind(file)
            ? validateFile(file)
            : 'Only JPEG, PNG, GIF and WebP images can be pasted';
        if (problem) {
          toast({ title: 'Invalid File', description: problem, variant: 'destructive' });
        } else {
          add([file]);
          toast({
            title: 'Image Pasted',
            description: 'Image from clipboard added to upload queue',
            variant: 'success',
          });
        }
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [add]);

  return (
    <div className="upload">
      {/* The file input sits beside the drop zone: a button must not hold another control. */}
      <input {...getInputProps({ 'aria-label': 'Choose photos or videos to upload' })} data-testid="file-input" />
      <div
        {...getRootProps({
          className: `dropzone${isDragActive ? ' is-active' : ''}${isDragReject ? ' is-reject' : ''}`,
          role: 'button',
          // no aria-label: the button is named by the text it shows
        })}
        data-testid="dropzone"
      >
        <div className="dropzone__icon" aria-hidden="true">
          <UploadIcon size={30} />
        </div>
        <p className="dropzone__title">
          {isDragActive
            ? isDragReject
              ? 'Some of these files are not supported'
              : 'Drop to add them'
            : 'Drag & drop photos or videos here'}
        </p>
        <p className="dropzone__text">
          or <span className="dropzone__browse">click to browse</span> — you can also paste an image (Ctrl+V / ⌘V)
        </p>
        <p className="dropzone__hint">JPEG, PNG, GIF or WebP up to 10 MB · MP4 video up to 20 MB</p>
      </div>

      {rejected.length > 0 && (
        <div className="rejected" role="alert" data-testid="rejected">
          <div className="rejected__head">
            <strong>
              {rejected.length === 1 ? 'This file was not added' : `${rejected.length} files were not added`}
            </strong>
            <button type="button" className="link-button" onClick={() => setRejected([])}>
              Dismiss
            </button>
          </div>
          <ul>
            {rejected.map((r) => (
              <li key={r.key}>
                <span className="rejected__name">{r.name}</span> <span className="muted">({formatBytes(r.size)})</span>
                <span className="rejected__message">{r.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <UploadQueue queue={queue} sectionRef={queueRef} />
    </div>
  );
}
