import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { QueueDashboardController } from './queue-dashboard.controller.js';

@Module({ imports: [AuthModule, QueueModule], controllers: [QueueDashboardController] })
export class QueueDashboardModule {}
