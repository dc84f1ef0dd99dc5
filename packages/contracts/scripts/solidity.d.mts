// Types of solidity.mjs for the TypeScript that imports it (the artifacts test).
export const PACKAGE_DIR: string;
export const GENERATED_DIR: string;
export const CONTRACTS: ReadonlyArray<{ source: string; name: string; module: string; prefix: string }>;
export const SETTINGS: Record<string, unknown>;
export type Sources = Record<string, { content: string }>;
export function collectSources(): Sources;
export function compilerVersion(): string;
export function sourceHash(sources?: Sources, version?: string): string;
export function build(): { hash: string; version: string; warnings: string[]; files: Record<string, string> };
