import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { seededUsers, signIn } from './support/tokens';

// Sign in, upload, crop, reload, remove: 23 s on CI's busy machine, near the 30 s default.
test.describe.configure({ timeout: 90_000 });

/** A real photo-sized image made on the spot: a gradient, so crops and resizes are visible. */
async function photo(): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

test('My profile: add a photo with a crop, see it after a reload, remove it', async ({ page }) => {
  await signIn(page, seededUsers().admin.token);
  await page.goto('/account/data');
  const editor = page.getByTestId('avatar-editor');
  await expect(editor.getByRole('button', { name: 'Add photo' })).toBeVisible();

  await page
    .getByTestId('avatar-file-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('status')).toHaveText('Your photo has been updated');

  const image = page.getByTestId('avatar-image').locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/media\/avatar\/\d+\/medium$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId('avatar-image').locator('img')).toHaveAttribute(
    'src',
    /^\/api\/media\/avatar\/\d+\/medium$/,
  );
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('dialog', { name: 'Remove your photo?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('avatar-editor').getByRole('status')).toHaveText('Your photo has been removed');
  await expect(page.getByTestId('avatar-image').locator('img')).toHaveCount(0);
  await expect(page.getByTestId('avatar-image')).toHaveText('AA');
});

test('a file that is not an image is refused with a clear message', async ({ page }) => {
  await signIn(page, seededUsers().member.token);
  await page.goto('/account/data');
  await page
    .getByTestId('avatar-file-input')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just text') });
  await expect(page.getByRole('alert')).toContainText('This picture cannot be opened here');
});
