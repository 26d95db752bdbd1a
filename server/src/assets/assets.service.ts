import { Injectable } from '@nestjs/common';
import { ASSET_MESSAGES, isAdminRole, withoutInvisibleFillers, type Asset, type SessionUser } from '@atelier/shared';
import { BadRequestError, NotFoundError } from '../common/app-errors.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import type { AssetEntity } from './asset.entity.js';
import { AssetStorage, assetPath, thumbnailPath } from './asset-storage.js';
import { AssetsRepository } from './assets.repository.js';

export interface UploadedFile {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/**
 * A name for the list when none is given: the uploaded file's name without its extension. The name
 * is whatever the client's multipart header said: control characters (a NUL cannot even be stored)
 * and the invisible ones a display name loses (uploadAssetFieldsSchema) are dropped.
 */
function defaultDisplayName(originalName: string, filename: string): string {
  const base = withoutInvisibleFillers(originalName)
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return (base || filename).slice(0, 200);
}

@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly storage: AssetStorage,
    private readonly signer: MediaUrlSigner,
  ) {}

  async list(): Promise<Asset[]> {
    return (await this.assets.listNewestFirst()).map((a) => this.toAsset(a));
  }

  /** The same image uploaded again answers the stored asset (`created` false). */
  async upload(
    user: SessionUser,
    file: UploadedFile | undefined,
    displayName: string | undefined,
  ): Promise<{ asset: Asset; created: boolean }> {
    if (!file || file.size === 0) throw new BadRequestError(ASSET_MESSAGES.fileRequired);
    const image = await this.storage.inspect(file.buffer);
    await this.storage.save(image, file.buffer);
    const { asset, created } = await this.assets.findOrInsert({
      type: 'image',
      filename: image.filename,
      displayName: displayName ?? defaultDisplayName(file.originalname, image.filename),
      mimeType: image.mimeType,
      sizeBytes: file.size,
      sha256: image.sha256,
      uploadedBy: user.id,
    });
    return { asset: this.toAsset(asset), created };
  }

  /** Admins and the uploader may delete; for anyone else the asset is not found (DESIGN section 3). */
  async remove(user: SessionUser, id: number): Promise<void> {
    const asset = await this.assets.findById(id);
    if (!asset || (!isAdminRole(user.role) && asset.uploadedBy !== user.id))
      throw new NotFoundError(ASSET_MESSAGES.assetNotFound);
    await this.assets.delete(id);
    await this.storage.remove(asset.filename, asset.sha256);
  }

  private toAsset(asset: AssetEntity): Asset {
    return {
      id: asset.id,
      type: asset.type,
      filename: asset.filename,
      display_name: asset.displayName,
      url: this.signer.sign(assetPath(asset.filename)),
      thumbnail_url: this.signer.sign(thumbnailPath(asset.sha256)),
    };
  }
}
