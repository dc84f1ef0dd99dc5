import { describe, expect, it } from 'vitest';
import { avatarUrl } from './user';
import { isImageSize, mediaIdOfAvatarUrl, uploadFieldsSchema } from './media';

describe('media schemas', () => {
  it('reads the media id back from an avatar URL', () => {
    expect(mediaIdOfAvatarUrl(avatarUrl(42))).toBe(42);
    expect(mediaIdOfAvatarUrl(avatarUrl(7, 'medium'))).toBe(7);
    expect(mediaIdOfAvatarUrl('https://cdn.example.com/api/media/avatar/9/large')).toBe(9);
    expect(mediaIdOfAvatarUrl(null)).toBeNull();
    expect(mediaIdOfAvatarUrl('/api/media/image/3')).toBeNull();
  });

  it('knows the sizes', () => {
    expect(['small', 'medium', 'large'].every(isImageSize)).toBe(true);
    expect(isImageSize('huge')).toBe(false);
    expect(isImageSize('toString')).toBe(false);
  });

  it('takes profile photos, KYC photos and company photos, with an optional numeric target', () => {
    expect(uploadFieldsSchema.parse({ album: 'profile_photos', targetId: '' })).toEqual({ album: 'profile_photos' });
    expect(uploadFieldsSchema.parse({ album: 'profile_photos', targetId: '12' })).toEqual({
      album: 'profile_photos',
      targetId: 12,
    });
    expect(uploadFieldsSchema.parse({ album: 'kyc', step: 'selfie' })).toEqual({ album: 'kyc', step: 'selfie' });
    expect(uploadFieldsSchema.parse({ album: 'channel_photos' })).toEqual({ album: 'channel_photos' });
    expect(uploadFieldsSchema.safeParse({ album: 'nope' }).error?.issues[0]?.message).toBe('msg.invalid-value');
    expect(uploadFieldsSchema.safeParse({ album: 'kyc', step: 'passport' }).error?.issues[0]?.message).toBe(
      'msg.invalid-value',
    );
    expect(uploadFieldsSchema.safeParse({ album: 'profile_photos', targetId: '0' }).success).toBe(false);
    expect(uploadFieldsSchema.safeParse({ album: 'profile_photos', targetId: '2147483648' }).success).toBe(false);
  });
});
