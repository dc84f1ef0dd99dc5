/** Why the camera is not showing: each has its own advice on screen. */
export type CameraProblem = 'denied' | 'noCamera' | 'failed';

export type Facing = 'user' | 'environment';

/** getUserMedia's error names, sorted into what the person can do about them. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
}

/**
 * A still's longest side. Enough to read a document's small print; larger only grows the upload
 * (the server re-encodes it anyway).
 */
export const MAX_PHOTO_SIDE = 2048;

/** The size a frame is drawn at: the camera's own, scaled down to MAX_PHOTO_SIDE if larger. */
export function photoSize(width: number, height: number, maxSide = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * Whether a chosen file can be a photo at all: the server decides for good (size, readability), this
 * only spares uploading a PDF.
 */
export function fileProblem(file: Pick<File, 'type'>): 'UNSUPPORTED_FILE' | null {
  return file.type.startsWith('image/') ? null : 'UNSUPPORTED_FILE';
}

/**
 * The video's current frame as a JPEG. Drawn unmirrored even when the preview is mirrored, so the
 * code written on paper reads the right way round for the moderator.
 */
export function captureFrame(video: HTMLVideoElement, quality = 0.9): Promise<Blob> {
  const { width, height } = photoSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || width === 0 || height === 0) return Promise.reject(new Error('no frame'));
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', quality),
  );
}
