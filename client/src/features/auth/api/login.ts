import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/login', loginResponseSchema, { method: 'POST', body, anonymous: true });
}

export const loginMutationOptions = { mutationKey: ['login'], mutationFn: login } as const;

export function useLogin() {
  return useMutation(loginMutationOptions);
}
