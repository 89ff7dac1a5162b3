import { auth, type RequestOf } from '@breakshot/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type RegisterBody = RequestOf<typeof auth.register>;

/** register → { token } */
export const postRegister = (body: RegisterBody) => call(auth.register, body);

export const useRegister = () => useMutation({ mutationFn: postRegister });
