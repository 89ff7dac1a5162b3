import { kyc } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './http';

/** The player's real-name verification: its page, the profile's row and /user/qukuan's notice read it. */
export const KYC_QUERY_KEY = ['user', 'kyc'] as const;

export const useKyc = () => useQuery({ queryKey: KYC_QUERY_KEY, queryFn: () => call(kyc.kycGet, {}) });
