// Which Chromium the browser tests, the PWA acceptance and Lighthouse drive, in this order:
//   1. CHROMIUM_PATH, when set;
//   2. Debian's (or the machine's) Chromium at /usr/bin/chromium or /usr/bin/chromium-browser;
//   3. the Linux x64 build that ships inside the npm package @sparticuz/chromium, unpacked once into
//      node_modules/.cache, so that `npm install` then `npm test` needs nothing else on the machine.
// `node scripts/chromium.mjs` prints the chosen browser; `--packaged` unpacks and prints the packaged
// binary's path (CI uses it to run the suite on the packaged browser with the system one present).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags every run needs: root in a container, and no calls to Google's hosts from a closed network. */
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

function packagedVersion() {
  // The package exports no package.json: read it from its folder.
  const main = createRequire(path.join(ROOT, 'package.json')).resolve('@sparticuz/chromium');
  let dir = path.dirname(main);
  while (!fs.existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== 'chromium') dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

function packagedDir() {
  return path.join(ROOT, 'node_modules', '.cache', `sparticuz-chromium-${packagedVersion()}`);
}

/**
 * Unpacks the packaged browser (about 2 s, once per version). The package unpacks into the system's
 * temporary folder and reuses any `chromium` it finds there, so it runs with TMPDIR pointing at a
 * folder of its own version: a stale binary of another version can never be picked up.
 */
export function unpackPackagedChromium() {
  const dir = packagedDir();
  const binary = path.join(dir, 'chromium');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "import c from '@sparticuz/chromium'; await c.executablePath();"],
      { cwd: ROOT, env: { ...process.env, TMPDIR: dir }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  // Its own fontconfig: the machine's fonts when there are any, plus the package's Open Sans (Latin and
  // Cyrillic), so Russian pages render on a machine without a single font installed.
  const fontsConf = path.join(dir, 'fonts.conf');
  if (!fs.existsSync(fontsConf)) {
    fs.writeFileSync(
      fontsConf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <dir>${path.join(dir, 'fonts')}</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
  }
  return binary;
}

/**
 * @returns {{ executablePath: string, source: 'CHROMIUM_PATH' | 'system' | 'packaged', args: string[],
 *   env: Record<string, string>, label: string }}
 */
export function resolveChromium() {
  const packagedBinary = path.join(packagedDir(), 'chromium');
  const fromEnv = process.env.CHROMIUM_PATH;
  const system = SYSTEM_PATHS.find((p) => fs.existsSync(p));
  const executablePath = fromEnv || system || unpackPackagedChromium();
  const packaged = path.resolve(executablePath) === packagedBinary;
  const source = packaged ? 'packaged' : fromEnv ? 'CHROMIUM_PATH' : 'system';
  if (!packaged) {
    return {
      executablePath,
      source,
      args: [...COMMON_ARGS, '--disable-gpu'],
      env: {},
      label: `${source} ${executablePath}`,
    };
  }
  unpackPackagedChromium();
  return {
    executablePath,
    source,
    // A headless-shell build: pages are composited in software (--disable-gpu; drawing them through
    // ANGLE on SwiftShader cost the browser tests a fifth of their CPU, decision 025) and WebGL (the
    // map) still runs on the SwiftShader libraries unpacked beside the binary. None of the package's
    // serverless flags (--single-process, --no-zygote, --disable-web-security) is used: they change
    // what the tests are meant to check.
    args: [...COMMON_ARGS, '--disable-gpu', '--enable-unsafe-swiftshader'],
    env: { FONTCONFIG_PATH: packagedDir(), FONTCONFIG_FILE: path.join(packagedDir(), 'fonts.conf') },
    label: `packaged @sparticuz/chromium ${packagedVersion()} ${executablePath}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--packaged')) console.log(unpackPackagedChromium());
  else console.log(resolveChromium().label);
}
