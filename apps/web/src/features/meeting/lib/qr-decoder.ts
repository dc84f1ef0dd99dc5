/** Reads a QR code from the current frame of a playing video. */
export interface QrDecoder {
  kind: 'native' | 'jsqr';
  decode(video: HTMLVideoElement): Promise<string | null>;
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are scaled down to this many pixels across before a JS decode: plenty for a code held up close. */
const MAX_SIDE = 720;

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS), else jsQR,
 * a small pure JavaScript decoder loaded only now (desktop Linux and Windows browsers, Firefox).
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      if ((await Detector.getSupportedFormats()).includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return { kind: 'native', decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
      }
    } catch {
      // A detector that cannot run here: the JS decoder takes over.
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'jsqr',
    decode: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || !width || !height) return null;
      const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
    },
  };
}
