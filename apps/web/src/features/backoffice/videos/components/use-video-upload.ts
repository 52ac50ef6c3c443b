import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { VIDEO_UPLOAD_PATH } from '@velora/shared';
import { getAccessToken } from '@/lib/storage';

// The resumable upload of a video's file (decision record 074) with tus-js-client: the file goes in parts of
// UPLOAD_CHUNK_BYTES; a dropped connection is retried from the offset the server reports (HEAD), and the upload's
// URL is remembered in local storage so choosing the same file again, even after a reload, carries on.

/** Small enough that a dropped connection loses little and proxies with body limits pass it. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export type UploadPhase = 'idle' | 'uploading' | 'retrying' | 'paused' | 'done' | 'refused' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  sent: number;
  total: number;
  /** The server's reason for a refusal (not a video, too large, a video with a source already). */
  reason: string | null;
  status: number | null;
}

const IDLE: UploadState = { phase: 'idle', sent: 0, total: 0, reason: null, status: null };

const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? null;
const bodyOf = (error: Error) => ((error as DetailedError).originalResponse?.getBody() ?? '').trim();

export function useVideoUpload(onDone?: () => void) {
  const [state, setState] = useState<UploadState>(IDLE);
  const upload = useRef<Upload | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  // Leaving the screen stops sending; the upload stays resumable.
  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(async (file: File, videoId: number) => {
    await upload.current?.abort();
    setState({ ...IDLE, phase: 'uploading', total: file.size });
    const next = new Upload(file, {
      endpoint: VIDEO_UPLOAD_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type, video_id: String(videoId) },
      // The same file for another video is another upload.
      fingerprint: async (f: File) => `velora-video-${videoId}-${f.name}-${f.size}-${f.lastModified}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        const token = getAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => setState((s) => ({ ...s, phase: 'uploading', sent, total })),
      onShouldRetry: (error) => {
        const status = statusOf(error);
        // A refusal stays a refusal; a dropped connection, a 5xx, a lock (409, 423) are tried again.
        if (status !== null && status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
        setState((s) => ({ ...s, phase: 'retrying' }));
        return true;
      },
      onError: (error) => {
        const status = statusOf(error);
        const refused = status !== null && status >= 400 && status < 500;
        setState((s) => ({ ...s, phase: refused ? 'refused' : 'failed', status, reason: refused ? bodyOf(error) || null : null }));
      },
      onSuccess: () => {
        setState((s) => ({ ...s, phase: 'done', sent: s.total }));
        done.current?.();
      },
    });
    upload.current = next;
    const previous = await next.findPreviousUploads();
    if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
    next.start();
  }, []);

  const pause = useCallback(() => {
    void upload.current?.abort();
    setState((s) => ({ ...s, phase: 'paused' }));
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    setState((s) => ({ ...s, phase: 'uploading' }));
    upload.current.start();
  }, []);

  return { state, start, pause, resume };
}
