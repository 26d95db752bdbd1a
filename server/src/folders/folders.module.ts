import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FolderEntity } from './folder.entity.js';
import { FoldersRepository } from './folders.repository.js';
import { FoldersService } from './folders.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FolderEntity])],
  providers: [FoldersRepository, FoldersService],
  exports: [FoldersService],
})
export class FoldersModule {}
