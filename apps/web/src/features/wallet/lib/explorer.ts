/** Links into the block explorer (null on the development chain, which has none). */
const base = (explorerUrl: string) => explorerUrl.replace(/\/+$/, '');

export const txUrl = (explorerUrl: string | null | undefined, hash: string | null | undefined) =>
  explorerUrl && hash ? `${base(explorerUrl)}/tx/${hash}` : null;

export const addressUrl = (explorerUrl: string | null | undefined, address: string | null | undefined) =>
  explorerUrl && address ? `${base(explorerUrl)}/address/${address}` : null;
