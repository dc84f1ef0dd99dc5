import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACTS, GENERATED_DIR, collectSources, sourceHash } from '../scripts/solidity.mjs';
import { sourceHash as generatedHash } from './generated/build-info';
import { eeeMarketAbi, eeeMarketBytecode } from './generated/eee-market';
import { testUsdtAbi, testUsdtBytecode } from './generated/test-usdt';

describe('compiled contract artifacts', () => {
  it('match the Solidity sources (run `npm run compile -w @app/contracts` after changing them)', () => {
    expect(generatedHash, 'src/generated/ is stale: run `npm run compile -w @app/contracts`').toBe(sourceHash());
  });

  it('hash every source the compiler sees, libraries included', () => {
    const units = Object.keys(collectSources());
    for (const { source } of CONTRACTS) expect(units).toContain(source);
    expect(units).toContain('@openzeppelin/contracts/token/ERC721/ERC721.sol');
    // Relative imports inside the library resolve as solc resolves them.
    expect(units).toContain('@openzeppelin/contracts/utils/Context.sol');
  });

  it('are generated for every contract', () => {
    for (const { module } of CONTRACTS) expect(fs.existsSync(path.join(GENERATED_DIR, `${module}.ts`))).toBe(true);
    expect(eeeMarketBytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
    expect(testUsdtBytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
    const functions = (abi: readonly { type: string; name?: string }[]) =>
      abi.filter((item) => item.type === 'function').map((item) => item.name);
    expect(functions(eeeMarketAbi)).toEqual(
      expect.arrayContaining([
        'supply',
        'mintChild',
        'grant',
        'setPrice',
        'setTreasury',
        'buy',
        'levelOf',
        'parentsOf',
        'priceOf',
        'isListed',
      ]),
    );
    expect(functions(testUsdtAbi)).toEqual(expect.arrayContaining(['mint', 'transfer', 'approve', 'decimals']));
  });
});
