import { limits, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { LIMITS_QUERY_KEY } from '../../../lib/query-client';

export const useLimits = () => useQuery({ queryKey: LIMITS_QUERY_KEY, queryFn: () => call(limits.get, {}) });

/** Sets a limit; the answer is the limits as they now are. */
export function useSetLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof limits.set>) => call(limits.set, body),
    onSuccess: (data) => qc.setQueryData(LIMITS_QUERY_KEY, data),
  });
}
