// Deploys EEEMarket (and, on a test network, TestUSDT) to the chain at CHAIN_RPC_URL from the
// treasury key, and prints the variables the API needs. See docs/chain.md.
//
//   CHAIN_RPC_URL=https://data-seed-prebsc-1-s1.bnbchain.org:8545 CHAIN_TREASURY_PRIVATE_KEY=0x... \
//     npm run deploy -w @app/contracts -- --test-usdt
//   CHAIN_RPC_URL=https://bsc-dataseed.bnbchain.org CHAIN_TREASURY_PRIVATE_KEY=0x... \
//     CHAIN_USDT_ADDRESS=0x55d398326f99059fF775485246999027B3197955 npm run deploy -w @app/contracts
import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployContracts } from '../src/deploy';
import { testUsdtAbi } from '../src/generated/test-usdt';

const BSC_MAINNET = 56;

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required (see docs/chain.md)`);
    process.exit(1);
  }
  return value;
}

async function main() {
  const rpcUrl = required('CHAIN_RPC_URL');
  const account = privateKeyToAccount(required('CHAIN_TREASURY_PRIVATE_KEY') as Hex);
  const testUsdt = process.argv.includes('--test-usdt');
  const usdtAddress = process.env.CHAIN_USDT_ADDRESS?.trim()
    ? getAddress(process.env.CHAIN_USDT_ADDRESS.trim())
    : undefined;
  if (!testUsdt && !usdtAddress) {
    console.error('Give CHAIN_USDT_ADDRESS (the real USDT), or --test-usdt on a test network');
    process.exit(1);
  }

  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  if (testUsdt && chainId === BSC_MAINNET) {
    console.error('Refusing to deploy TestUSDT on BSC mainnet: use the real USDT (CHAIN_USDT_ADDRESS)');
    process.exit(1);
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });
  console.log(
    `Deploying to chain ${chainId} from ${account.address} (${await publicClient.getBalance({ address: account.address })} wei of BNB)`,
  );

  const deployed = await deployContracts({
    walletClient,
    publicClient,
    treasury: account.address,
    usdtAddress: testUsdt ? undefined : usdtAddress,
  });
  if (deployed.testUsdt) {
    const hash = await walletClient.writeContract({
      address: deployed.usdtAddress,
      abi: testUsdtAbi,
      functionName: 'mint',
      args: [account.address as Address, parseEther('1000000')],
    });
    await publicClient.waitForTransactionReceipt({ hash });
  }
  console.log('\nSet these for the API:\n');
  console.log(`CHAIN_RPC_URL=${rpcUrl}`);
  console.log(`CHAIN_USDT_ADDRESS=${deployed.usdtAddress}`);
  console.log(`CHAIN_MARKET_ADDRESS=${deployed.marketAddress}`);
  console.log('CHAIN_TREASURY_PRIVATE_KEY=<the key you deployed with>');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
