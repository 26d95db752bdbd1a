import { ASSET_MAX_BYTES, ASSET_MESSAGES, type Asset } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderParameterForm } from '../../../test/parameter-form-harness';
import { fieldsFromParams } from '../utils/parameter-fields';

const asset = (id: number, name: string, type = 'image'): Asset => ({
  id,
  type,
  filename: `${name}.png`,
  display_name: name,
  url: `/api/media/assets/${id}.png?sig=x`,
  thumbnail_url: `/api/media/assets/${id}.webp?sig=x`,
});

const assets = [asset(1, 'Harbour'), asset(2, 'Forest'), asset(3, 'Voice note', 'audio')];
const fields = fieldsFromParams({
  image: { type: 'asset', asset_type: 'image', display_name: 'Source image' },
});

describe('asset parameter', () => {
  it('offers the assets of its type as thumbnails', () => {
    renderParameterForm(fields, assets);
    const picker = screen.getByRole('group', { name: /Source image/ });
    const choices = within(picker).getAllByRole('button', { pressed: false });
    expect(choices.map((choice) => choice.textContent)).toEqual(['Harbour', 'Forest']);
    expect(within(choices[0]!).getByRole('presentation')).toHaveAttribute('src', '/api/media/assets/1.webp?sig=x');
  });

  it('refuses a file over the size limit before sending it', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    const { user } = renderParameterForm(fields, assets);
    const big = new File([new Uint8Array(ASSET_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image file for Source image'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSET_MESSAGES.tooLarge);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    // an asset picked instead answers the problem
    await user.click(screen.getByRole('button', { name: 'Forest' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no upload for an asset that is not an image', () => {
    renderParameterForm(
      fieldsFromParams({ voice: { type: 'asset', asset_type: 'audio', display_name: 'Voice' } }),
      assets,
    );
    expect(screen.queryByRole('button', { name: 'Upload image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voice note' })).toBeInTheDocument();
  });

  it('is required: says so on submit, then sends the chosen asset id', async () => {
    const { user, check } = renderParameterForm(fields, assets);
    expect(await check()).toBeNull();
    expect(screen.getByText('Source image is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forest' }));
    expect(screen.getByRole('button', { name: 'Forest' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Harbour' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Source image is required')).not.toBeInTheDocument();
    expect(await check()).toEqual({ image: 2 });
  });

  it('says when there is nothing to pick', () => {
    renderParameterForm(fields, []);
    expect(screen.getByText('No assets available.')).toBeInTheDocument();
  });
});
