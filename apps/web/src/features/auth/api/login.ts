import { auth, type RequestOf } from '@breakshot/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type LoginBody = RequestOf<typeof auth.login>;

/** login → { token } */
export const postLogin = (body: LoginBody) => call(auth.login, body);

export const useLogin = () => useMutation({ mutationFn: postLogin });
