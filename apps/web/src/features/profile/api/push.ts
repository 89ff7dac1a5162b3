import { push, type RequestOf } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/http';
import { USER_QUERY_KEY } from '../../../lib/query-client';

const PUSH_SETTINGS_KEY = [USER_QUERY_KEY, 'push'] as const;

/** Which kinds the player gets and how many browsers are subscribed. */
export const usePushSettings = () => useQuery({ queryKey: PUSH_SETTINGS_KEY, queryFn: () => call(push.settings, {}) });

/** Switches kinds on or off; the answer is the settings as they now are. */
export function useSetPushKinds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof push.setKinds>) => call(push.setKinds, body),
    onSuccess: (data) => qc.setQueryData(PUSH_SETTINGS_KEY, data),
  });
}

/** Puts the settings a subscribe or unsubscribe answered. */
export function useStorePushSettings() {
  const qc = useQueryClient();
  return useCallback((data: push.PushSettings) => void qc.setQueryData(PUSH_SETTINGS_KEY, data), [qc]);
}
