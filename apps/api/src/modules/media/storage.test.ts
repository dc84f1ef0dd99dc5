import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from './storage';

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
    store = new LocalFileStore(path.join(root, 'media'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets and overwrites a file, leaving no temporary files', async () => {
    await store.put('u1/5-abc/small.webp', Buffer.from('one'), 'image/webp');
    await store.put('u1/5-abc/small.webp', Buffer.from('two'), 'image/webp');
    expect((await store.get('u1/5-abc/small.webp'))?.toString()).toBe('two');
    expect(fs.readdirSync(path.join(root, 'media/u1/5-abc'))).toEqual(['small.webp']);
  });

  it('answers null for a missing file', async () => {
    expect(await store.get('u1/none/small.webp')).toBeNull();
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    await store.put('u1/5-abc/small.webp', Buffer.from('a'), 'image/webp');
    await store.put('u1/5-abc/large.webp', Buffer.from('b'), 'image/webp');
    await store.put('u1/6-def/small.webp', Buffer.from('c'), 'image/webp');
    await store.deletePrefix('u1/5-abc');
    await store.deletePrefix('u1/never-written');
    expect(await store.get('u1/5-abc/small.webp')).toBeNull();
    expect(await store.get('u1/5-abc/large.webp')).toBeNull();
    expect((await store.get('u1/6-def/small.webp'))?.toString()).toBe('c');
  });

  it('refuses keys that would leave its directory', async () => {
    for (const key of ['../outside.webp', 'u1/../../x', '/etc/passwd', 'u1//x', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(store.deletePrefix('..')).rejects.toThrow(/Unsafe storage key/);
    expect(fs.existsSync(path.join(root, 'outside.webp'))).toBe(false);
  });
});
