import { auth } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** captcha/getCode → { captchaId, image (SVG data URL) }; one use, so never cached. */
export const fetchCaptcha = () => call(auth.captchaGetCode, {});

export const captchaQuery = (scope: string) =>
  queryOptions({ queryKey: ['captcha', scope], queryFn: fetchCaptcha, staleTime: Infinity, gcTime: 0, retry: 0 });

export const useCaptcha = (scope: string) => useQuery(captchaQuery(scope));
