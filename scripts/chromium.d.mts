/** Types for scripts/chromium.mjs (plain JavaScript, run by node without a build). */
export interface ResolvedChromium {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | 'packaged';
  args: string[];
  env: Record<string, string>;
  label: string;
}
export function resolveChromium(): ResolvedChromium;
export function unpackPackagedChromium(): string;
