// Preloaded (node --require) into the development chain's process by apps/api/src/chain/dev-chain.ts.
// The parent keeps our stdin open; when it dies, however abruptly, the pipe closes and we exit too,
// so no orphaned chain keeps a port.
'use strict';
const exit = () => process.exit(0);
process.stdin.on('end', exit);
process.stdin.on('close', exit);
process.stdin.on('error', exit);
process.stdin.resume();
