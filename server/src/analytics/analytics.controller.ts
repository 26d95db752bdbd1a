import { Controller, Get, Query } from '@nestjs/common';
import {
  DASHBOARD_TOP_USERS,
  DASHBOARD_TOP_WORKFLOWS,
  analyticsQuerySchema,
  isAdminRole,
  type Analytics,
  type AnalyticsQuery,
  type SessionUser,
} from '@atelier/shared';
import { CurrentUser } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { AnalyticsRepository } from './analytics.repository.js';

const PERIOD_DAYS = { '7days': 7, '30days': 30, '90days': 90 } as const;

/** DESIGN section 3: a personal view for role user (their jobs only), the system view for admins. */
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsRepository) {}

  @Get('dashboard')
  async dashboard(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(analyticsQuerySchema)) query: AnalyticsQuery,
  ): Promise<Analytics> {
    const system = isAdminRole(user.role);
    const scope = {
      userId: system ? null : user.id,
      days: PERIOD_DAYS[query.period],
      tz: query.tz,
      timeZone: query.timezone,
    };
    const [system_stats, popular_workflows, active_users, usage_by_hour] = await Promise.all([
      this.analytics.systemStats(scope),
      this.analytics.popularWorkflows(scope, DASHBOARD_TOP_WORKFLOWS),
      this.analytics.activeUsers(scope, DASHBOARD_TOP_USERS),
      this.analytics.usageByHour(scope),
    ]);
    return { view_type: system ? 'system' : 'personal', system_stats, popular_workflows, active_users, usage_by_hour };
  }
}
