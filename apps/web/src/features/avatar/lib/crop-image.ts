import type { Area } from 'react-easy-crop';
import { IMAGE_SIZES } from '@app/shared/schemas/media';

/** The server keeps nothing larger, so a bigger upload would only cost the user time and data. */
const MAX_SIDE = IMAGE_SIZES.large;

/** Resolves once the browser has decoded the image; rejects for files it cannot show (HEIC in most browsers). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be decoded'));
    image.src = src;
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Cuts the chosen square out of the picture (browsers draw photos upright by their EXIF
 * orientation, as the cropper showed them) into WebP, or JPEG where the browser cannot encode
 * WebP. Encoding anew also leaves the camera's metadata behind before anything is sent.
 */
export async function cropToSquare(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(MAX_SIDE, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.imageSmoothingQuality = 'high';
  const draw = () => context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);

  draw();
  const webp = await canvasBlob(canvas, 'image/webp', 0.9);
  // A browser without a WebP encoder answers PNG instead.
  if (webp?.type === 'image/webp') return webp;

  // JPEG has no transparency: a transparent PNG would turn black without a background.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  draw();
  const jpeg = await canvasBlob(canvas, 'image/jpeg', 0.92);
  if (!jpeg) throw new Error('The image could not be encoded');
  return jpeg;
}
