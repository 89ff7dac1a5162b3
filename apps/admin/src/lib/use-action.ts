import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { operatorCalls, DataOf } from '@breakshot/contracts';
import { call, errorText, type InputOf } from './api';
import { callKey } from './query-client';

/**
 * A mutation of one operator call: shows the server's message on failure, `done` on success,
 * and refreshes the lists it names.
 */
export function useAction<C extends operatorCalls.AdminCall>(
  contract: C,
  options: {
    done?: string | ((data: DataOf<C>) => string);
    refresh?: Pick<operatorCalls.AdminCall, 'path'>[];
    onSuccess?: (data: DataOf<C>) => void;
  } = {},
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<C>) => call(contract, input),
    onSuccess: (data) => {
      const text = typeof options.done === 'function' ? options.done(data) : options.done;
      if (text) void message.success(text);
      for (const list of options.refresh ?? []) void queryClient.invalidateQueries({ queryKey: callKey(list) });
      options.onSuccess?.(data);
    },
    onError: (err) => void message.error(errorText(err)),
  });
}
