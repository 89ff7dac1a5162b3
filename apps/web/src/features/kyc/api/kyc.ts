import { kyc } from '@breakshot/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { KYC_QUERY_KEY } from '../../../lib/kyc';
import { walletKeys } from '../../../lib/wallet-keys';

/** Sends the submission; the answer is the verification as it now is. */
export function useSubmitKyc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: kyc.KycSubmitRequest) => call(kyc.kycSubmit, body),
    onSuccess: (data) => {
      qc.setQueryData(KYC_QUERY_KEY, data);
      // The withdrawal page shows the status beside the amount that needs it.
      void qc.invalidateQueries({ queryKey: walletKeys.withdrawConfig() });
    },
  });
}
