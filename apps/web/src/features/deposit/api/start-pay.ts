import { payments, type RequestOf } from '@breakshot/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export const startPay = (body: RequestOf<typeof payments.startPay>) => call(payments.startPay, body);
export const useStartPay = () => useMutation({ mutationFn: startPay });
