import { Controller, Get } from '@nestjs/common';
import { API_KEY_DISPLAY_LENGTH, type AdminUser } from '@atelier/shared';
import { AdminOnly } from '../auth/auth.decorators.js';
import { UsersRepository } from './users.repository.js';

@Controller('admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: UsersRepository) {}

  @Get()
  async list(): Promise<AdminUser[]> {
    const rows = await this.users.listWithCounts();
    return rows.map(({ user, jobCount, folderCount }) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      eok_api_key: user.eokApiKey ? user.eokApiKey.slice(0, API_KEY_DISPLAY_LENGTH) : null,
      job_count: jobCount,
      folder_count: folderCount,
      created_at: user.createdAt.toISOString(),
    }));
  }
}
