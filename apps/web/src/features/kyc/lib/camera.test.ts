import { describe, expect, it } from 'vitest';
import { cameraProblem, fileProblem, photoSize } from './camera';

describe('camera', () => {
  it('sorts getUserMedia failures into what the person can do', () => {
    expect(cameraProblem({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblem({ name: 'SecurityError' })).toBe('denied');
    expect(cameraProblem({ name: 'NotFoundError' })).toBe('noCamera');
    expect(cameraProblem({ name: 'NotReadableError' })).toBe('noCamera');
    expect(cameraProblem({ name: 'OverconstrainedError' })).toBe('noCamera');
    expect(cameraProblem(new Error('boom'))).toBe('failed');
    expect(cameraProblem(undefined)).toBe('failed');
  });

  it('scales a large frame down to the longest side, never a small one up', () => {
    expect(photoSize(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(photoSize(1080, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(photoSize(3000, 4000, 1000)).toEqual({ width: 750, height: 1000 });
    expect(photoSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('refuses files that are not images before uploading them', () => {
    expect(fileProblem({ type: 'application/pdf' })).toBe('UNSUPPORTED_FILE');
    expect(fileProblem({ type: '' })).toBe('UNSUPPORTED_FILE');
    expect(fileProblem({ type: 'image/jpeg' })).toBeNull();
    expect(fileProblem({ type: 'image/heic' })).toBeNull();
  });
});
