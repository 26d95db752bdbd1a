import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  createUserRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  type AdminUser,
  type DeleteUserResponse,
  type SessionUser,
  type UpdateUserResponse,
  type UserCascadeCounts,
} from '@atelier/shared';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { UsersService, type CreateUserInput, type UpdateUserInput } from './users.service.js';

const idPipe = new ZodValidationPipe(userIdParamsSchema);

@Controller('admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list(): Promise<AdminUser[]> {
    return this.users.list();
  }

  @Post()
  create(
    @CurrentUser() actor: SessionUser,
    @Body(new ZodValidationPipe(createUserRequestSchema)) body: CreateUserInput,
  ): Promise<AdminUser> {
    return this.users.create(actor, body);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: SessionUser,
    @Param(idPipe) { id }: { id: number },
    @Body(new ZodValidationPipe(updateUserRequestSchema)) body: UpdateUserInput,
  ): Promise<UpdateUserResponse> {
    return this.users.update(actor, id, body);
  }

  /** The counts the delete dialog shows before the admin confirms (SPEC section 5). */
  @Get(':id/delete-preview')
  deletePreview(@Param(idPipe) { id }: { id: number }): Promise<UserCascadeCounts> {
    return this.users.deletePreview(id);
  }

  @Delete(':id')
  remove(@CurrentUser() actor: SessionUser, @Param(idPipe) { id }: { id: number }): Promise<DeleteUserResponse> {
    return this.users.remove(actor, id);
  }
}
