import { Controller, Get } from '@nestjs/common';
import type { QueueStatus } from '@atelier/shared';
import { QueueService } from './queue.service.js';

@Controller('queue')
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Get()
  status(): Promise<QueueStatus> {
    return this.queue.status();
  }
}
