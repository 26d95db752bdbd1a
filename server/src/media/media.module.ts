import { Global, Module } from '@nestjs/common';
import { MediaController } from './media.controller.js';
import { MediaUrlSigner } from './media-url-signer.js';

@Global()
@Module({ controllers: [MediaController], providers: [MediaUrlSigner], exports: [MediaUrlSigner] })
export class MediaModule {}
