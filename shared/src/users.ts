import { z } from 'zod';
import { ROLES, roleSchema } from './auth.js';
import { expectedUpdatedAtSchema, idSchema, isShownName, isoDateSchema } from './common.js';
import { MESSAGES } from './messages.js';
import { workflowTypeSchema } from './workflows.js';

/** Admin view of a user (SPEC section 3). The API key is only ever shown cut to 12 characters. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  eok_api_key: z.string().nullable(),
  job_count: z.number().int(),
  folder_count: z.number().int(),
  created_at: isoDateSchema,
  /** Beside SPEC's fields: sent back as expected_updated_at, so an edit from an older copy is refused. */
  updated_at: isoDateSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USERNAME_MAX = 200;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1000;
export const EOK_API_KEY_MAX = 500;

export const USER_MESSAGES = {
  userNotFound: 'User not found',
  usernameTaken: 'A user with this username already exists',
  invalidEmail: 'Please enter a valid email address',
  invalidRole: `Role must be one of ${ROLES.join(', ')}`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  superAdminOnly: 'Only a super admin can create, edit or delete a super admin or grant that role',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastSuperAdminDelete: 'The last super admin cannot be deleted',
  lastSuperAdminDemote: 'The last super admin cannot be demoted',
} as const;

/** Ids are PostgreSQL integers: anything larger is refused as bad input, never sent to the database. */
const rowIdSchema = idSchema;

export const userIdParamsSchema = z.object({ id: rowIdSchema });
export const userWorkflowParamsSchema = z.object({ id: rowIdSchema, workflowId: rowIdSchema });
export const userFolderParamsSchema = z.object({ id: rowIdSchema, folderId: rowIdSchema });

const isFilled = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/**
 * The browser's own rule for an email field (the user dialog's input is type=email), which takes a
 * host without a dot: the first super_admin is created as admin@localhost, and zod's stricter
 * default refused that address when the account was saved again as it was.
 */
const emailSchema = z
  .string()
  .trim()
  .max(320, { error: USER_MESSAGES.invalidEmail })
  .pipe(z.email({ pattern: z.regexes.html5Email, error: USER_MESSAGES.invalidEmail }));

/** Whether the user dialog and the API take `value` as an email address. */
export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}
/** A password as sign-in takes it (the first super_admin's too: ADMIN_PASSWORD). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: USER_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });
const roleInputSchema = z.enum(ROLES, { error: USER_MESSAGES.invalidRole });
const API_KEY_TEXT = 'API key must be text';
const apiKeySchema = z
  .string({ error: API_KEY_TEXT })
  .trim()
  .max(EOK_API_KEY_MAX, { error: `API key must be at most ${EOK_API_KEY_MAX} characters` });

/** A username is seen by every user in the shared queue: it must not pass for another, or for none (isShownName). */
export const USERNAME_HIDDEN_CHARACTERS = 'Username must not contain control or invisible characters';

/** A username as it is stored and as sign-in looks it up (the first super_admin's too: ADMIN_USERNAME). */
export const usernameSchema = z
  .string()
  .trim()
  // 'zoë' typed as one character or as o and a combining mark is one name, not two users
  .normalize('NFC')
  .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters` })
  .refine(isShownName, { error: USERNAME_HIDDEN_CHARACTERS });

/**
 * SPEC section 5: username, email and password are required ('Please fill in all required fields'),
 * checked together before any other rule so a half-filled form gets that message.
 */
export const createUserRequestSchema = z
  .looseObject({
    username: z.unknown().refine(isFilled, { error: MESSAGES.fillRequiredFields }),
    email: z.unknown().refine(isFilled, { error: MESSAGES.fillRequiredFields }),
    password: z.unknown().refine(isFilled, { error: MESSAGES.fillRequiredFields }),
  })
  .pipe(
    z.object({
      username: usernameSchema,
      email: emailSchema,
      password: passwordSchema,
      role: roleInputSchema.nullish().transform((v) => v ?? 'user'),
      eok_api_key: apiKeySchema.nullish().transform((v) => (v ? v : null)),
    }),
  );
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/**
 * Edit: absent fields keep their value. A blank (empty or all spaces) or absent password keeps the current one (SPEC
 * section 5). The API key is never sent back whole, so a blank or absent key keeps the stored one
 * and `null` removes it.
 */
export const updateUserRequestSchema = z.object({
  email: z
    .unknown()
    .optional()
    .refine((v) => v === undefined || isFilled(v), { error: MESSAGES.fillRequiredFields })
    .pipe(emailSchema.optional()),
  role: roleInputSchema.optional(),
  password: z
    .string({ error: 'Password must be text' })
    .nullish()
    // all spaces is as blank as empty: set, it would be a password the sign-in form refuses to send
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(passwordSchema.optional()),
  eok_api_key: z
    .union([apiKeySchema, z.null()], { error: API_KEY_TEXT })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** The user's updated_at as the admin's list showed it. */
  expected_updated_at: expectedUpdatedAtSchema,
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/**
 * PUT /admin/users/{id}: the user as now stored. Beside SPEC: admins who change their own password
 * also get `token`, a session under the new password for the tab that changed it; every other
 * session of theirs (another browser, a stolen token) ends as with any new password.
 */
export const updateUserResponseSchema = adminUserSchema.extend({ token: z.string().optional() });
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

/** What deleting a user removes (SPEC sections 5 and 7). */
export const userCascadeCountsSchema = z.object({
  jobs: z.number().int(),
  folders: z.number().int(),
  configs: z.number().int(),
  favorites: z.number().int(),
});
export type UserCascadeCounts = z.infer<typeof userCascadeCountsSchema>;

export const deleteUserResponseSchema = z.object({
  username: z.string(),
  cascade_deleted: userCascadeCountsSchema,
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;

export const userWorkflowAccessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workflow_type: workflowTypeSchema,
  category: z.string(),
  /** An explicit grant. */
  has_access: z.boolean(),
  /** Hidden workflows are listed only while the user holds a grant on one, so it can be seen and revoked. */
  is_hidden: z.boolean(),
});
export type UserWorkflowAccess = z.infer<typeof userWorkflowAccessSchema>;

/**
 * A user's workflow permissions (SPEC section 7: the workflows, each with has_access): every
 * visible workflow, and each hidden one the user holds a grant on. The user sees every workflow
 * when their role is admin or super_admin, or when none of these has access (SPEC section 6).
 */
export const userWorkflowsResponseSchema = z.array(userWorkflowAccessSchema);
export type UserWorkflowsResponse = z.infer<typeof userWorkflowsResponseSchema>;

export const workflowGrantResponseSchema = z.object({
  workflow_id: z.number().int(),
  has_access: z.boolean(),
});
export type WorkflowGrantResponse = z.infer<typeof workflowGrantResponseSchema>;
