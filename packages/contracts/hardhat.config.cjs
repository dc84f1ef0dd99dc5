// The embedded development chain (apps/api/src/chain/dev-chain.ts runs `hardhat node` with this
// file). Hardhat compiles nothing here: scripts/compile.mjs builds the contracts with solc-js.
// Block production is set at run time over RPC (evm_setIntervalMining), so this stays static.
/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  defaultNetwork: 'hardhat',
  networks: {
    hardhat: {
      chainId: 31337,
      hardfork: 'cancun',
      // Accounts are funded with hardhat_setBalance; the node's own well-known accounts stay few.
      accounts: { count: 1 },
      mining: { auto: true, interval: 1000 },
      loggingEnabled: false,
      // As on a real chain: a transaction that reverts is mined with status 0, not refused at send.
      throwOnTransactionFailures: false,
    },
  },
  paths: {
    sources: './contracts',
    cache: './.hardhat/cache',
    artifacts: './.hardhat/artifacts',
  },
};
