import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  cloneJobSchema,
  jobListQuerySchema,
  jobResultsQuerySchema,
  submitJobHeadersSchema,
  submitJobSchema,
  type Job,
  type JobListQuery,
  type JobListResponse,
  type JobResults,
  type SessionUser,
  type SubmitJobHeaders,
} from '@atelier/shared';
import type { z } from 'zod';
import { CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { RequestHeaders } from '../common/request-headers.decorator.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { JobsService } from './jobs.service.js';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post()
  submit(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(submitJobSchema)) body: z.output<typeof submitJobSchema>,
    @RequestHeaders(new ZodValidationPipe(submitJobHeadersSchema)) headers: SubmitJobHeaders,
  ): Promise<{ id: number }> {
    return this.jobs.submit(user, body, { idempotencyKey: headers['idempotency-key'] });
  }

  @Get()
  list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(jobListQuerySchema)) query: JobListQuery,
  ): Promise<JobListResponse> {
    return this.jobs.list(user, query);
  }

  @Get(':id')
  get(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<Job> {
    return this.jobs.get(user, id);
  }

  @Get(':id/results')
  results(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Query(new ZodValidationPipe(jobResultsQuerySchema)) query: z.output<typeof jobResultsQuerySchema>,
  ): Promise<JobResults> {
    return this.jobs.results(user, id, query.offset, query.limit);
  }

  @Post(':id/clone')
  clone(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(cloneJobSchema)) body: z.output<typeof cloneJobSchema>,
    @RequestHeaders(new ZodValidationPipe(submitJobHeadersSchema)) headers: SubmitJobHeaders,
  ): Promise<{ id: number }> {
    return this.jobs.clone(user, id, body.job_name, headers['idempotency-key']);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<Job> {
    return this.jobs.cancel(user, id);
  }
}
