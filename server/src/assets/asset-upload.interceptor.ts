import {
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { ASSET_DISPLAY_NAME_MAX, ASSET_MAX_BYTES, ASSET_MESSAGES } from '@atelier/shared';
import { AppError } from '../common/app-errors.js';

const MultipartFile = FileInterceptor('file', {
  defParamCharset: 'utf8',
  limits: { fileSize: ASSET_MAX_BYTES, files: 1, fields: 5, fieldSize: ASSET_DISPLAY_NAME_MAX * 4, parts: 8 },
});

/**
 * Reads the multipart `file` into memory (multer's default with no storage set) within the size
 * limit, naming the limit when it is passed.
 */
@Injectable()
export class AssetUploadInterceptor implements NestInterceptor {
  private readonly multipart = new MultipartFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new AppError(413, ASSET_MESSAGES.tooLarge);
      throw error;
    }
  }
}
