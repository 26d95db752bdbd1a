import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';

@Module({ controllers: [AnalyticsController], providers: [AnalyticsRepository] })
export class AnalyticsModule {}
