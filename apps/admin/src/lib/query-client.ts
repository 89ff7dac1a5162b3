import { QueryClient } from '@tanstack/react-query';
import type { operatorCalls } from '@breakshot/contracts';
import { ApiError } from './api';

/** Every query of an operator call is keyed `['admin', path, input]`. */
export const ADMIN_QUERY = 'admin';
export const callKey = (call: Pick<operatorCalls.AdminCall, 'path'>, input?: unknown) =>
  input === undefined ? [ADMIN_QUERY, call.path] : [ADMIN_QUERY, call.path, input];

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiError && err.code !== 0) && count < 1,
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
