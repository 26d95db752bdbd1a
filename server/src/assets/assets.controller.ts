import { Body, Controller, Delete, Get, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { assetIdParamsSchema, uploadAssetFieldsSchema, type Asset, type SessionUser } from '@atelier/shared';
import { CurrentUser, Public } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { AssetUploadInterceptor } from './asset-upload.interceptor.js';
import { AssetsService, type UploadedFile as AssetFile } from './assets.service.js';

@Controller('assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  /** SPEC section 7: the Generate dashboard asks without a token. The URLs are signed and expire. */
  @Public()
  @Get()
  list(): Promise<Asset[]> {
    return this.assets.list();
  }

  /** 201 for a new image, 200 when the same image was already stored. */
  @Post()
  @UseInterceptors(AssetUploadInterceptor)
  async upload(
    @CurrentUser() user: SessionUser,
    @UploadedFile() file: AssetFile | undefined,
    @Body(new ZodValidationPipe(uploadAssetFieldsSchema)) fields: { display_name?: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<Asset> {
    const { asset, created } = await this.assets.upload(user, file, fields.display_name);
    res.status(created ? 201 : 200);
    return asset;
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: SessionUser,
    @Param(new ZodValidationPipe(assetIdParamsSchema)) { id }: { id: number },
  ): Promise<{ message: string }> {
    await this.assets.remove(user, id);
    return { message: 'Asset deleted' };
  }
}
