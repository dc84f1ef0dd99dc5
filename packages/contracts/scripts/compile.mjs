// Compiles the Solidity contracts with solc-js and writes typed artifacts to src/generated/.
// Run after changing anything under contracts/: npm run compile -w @app/contracts
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_DIR, build } from './solidity.mjs';

const started = Date.now();
const { hash, version, warnings, files } = build();
for (const warning of warnings) console.warn(warning);
fs.mkdirSync(GENERATED_DIR, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  fs.writeFileSync(path.join(GENERATED_DIR, name), text);
}
console.log(
  `Compiled ${Object.keys(files).length - 1} contracts with solc ${version} in ${Date.now() - started} ms; sourceHash ${hash}`,
);
