import { passkeys } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { createPasskey } from '../../../lib/passkeys';
import { USER_QUERY_KEY } from '../../../lib/query-client';

/** Under the user key, so that logging out forgets it (lib/session.ts). */
const PASSKEYS_QUERY_KEY = [USER_QUERY_KEY, 'passkeys'] as const;

export const usePasskeys = () =>
  useQuery({ queryKey: PASSKEYS_QUERY_KEY, queryFn: async () => (await call(passkeys.list, {})).list });

/** The list read again after a change. */
function useChange<A>(change: (args: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => qc.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export const useAddPasskey = () =>
  useChange(({ password, name }: { password: string; name: string }) => createPasskey(password, name));
export const useRenamePasskey = () => useChange((body: { id: number; name: string }) => call(passkeys.rename, body));
export const useRemovePasskey = () => useChange((id: number) => call(passkeys.remove, { id }));
