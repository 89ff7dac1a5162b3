import { useQuery } from '@tanstack/react-query';
import { gamesAdmin } from '@breakshot/contracts';
import { call } from '../../lib/api';
import { callKey } from '../../lib/query-client';

/** The providers and our public key: the providers tab, and the games tab's provider names and filter. */
export function useProviders() {
  return useQuery({ queryKey: callKey(gamesAdmin.providersList), queryFn: () => call(gamesAdmin.providersList, {}) });
}
