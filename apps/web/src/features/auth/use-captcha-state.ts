import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { captchaQuery, useCaptcha } from './api/captcha-get-code';

/** The current captcha of a form and a way to get a new one (after each failure: they are one-use). */
export function useCaptchaState(scope: string) {
  const query = useCaptcha(scope);
  const qc = useQueryClient();
  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: captchaQuery(scope).queryKey });
  }, [qc, scope]);
  return {
    captchaId: query.data?.captchaId,
    image: query.data?.image,
    loading: query.isFetching,
    failed: query.isError,
    refresh,
  };
}
