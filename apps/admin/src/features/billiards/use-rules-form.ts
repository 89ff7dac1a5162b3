import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import type { DataOf, operatorCalls } from '@breakshot/contracts';
import { call, type InputOf } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { refusalOf } from './rules-dialog';

type AdminCall = operatorCalls.AdminCall;

/**
 * The wiring of a rules dialog (rules-dialog.tsx) and its `form`: the stored rules read by `read`,
 * saved by `set` (the read refreshed, the dialog closed, `done` said), whether the operator may set
 * them, and a refusal shown under the form's field it names (`fieldOf`) or above the form.
 */
export function useRulesForm<V extends object, R extends AdminCall, S extends AdminCall>(
  form: FormInstance<V>,
  read: R,
  set: S,
  options: { done: string; fieldOf: (serverField: string) => (keyof V & string) | undefined; onClose: () => void },
) {
  const may = useMay();
  const editable = may(set);
  const [problem, setProblem] = useState<string | null>(null);
  const stored = useQuery({
    queryKey: callKey(read),
    queryFn: (): Promise<DataOf<R>> => call(read, {} as InputOf<R>),
  });
  const save = useAction(set, { done: options.done, refresh: [read], onSuccess: options.onClose });
  const submit = (input: InputOf<S>) => {
    setProblem(null);
    save.mutate(input, {
      onError: (err) => {
        const { name, message } = refusalOf(err, options.fieldOf);
        if (name) form.setFields([{ name: name as never, errors: [message] }]);
        else setProblem(message);
      },
    });
  };
  return {
    editable,
    submit,
    /** What RulesDialog takes of it. */
    dialog: {
      read: stored,
      editable,
      problem,
      saving: save.isPending,
      onOk: () => form.submit(),
      onClose: options.onClose,
    },
  };
}
