import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetEntity } from './asset.entity.js';
import { AssetStorage } from './asset-storage.js';
import { AssetUploadInterceptor } from './asset-upload.interceptor.js';
import { AssetsController } from './assets.controller.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetsService } from './assets.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AssetEntity])],
  controllers: [AssetsController],
  providers: [AssetsRepository, AssetsService, AssetStorage, AssetUploadInterceptor],
  exports: [AssetsRepository],
})
export class AssetsModule {}
