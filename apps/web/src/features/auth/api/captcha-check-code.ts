import { auth, type RequestOf } from '@breakshot/contracts';
import { call } from '../../../lib/http';

/** captcha/checkCode: a right answer stays usable for the call it guards; a wrong one is burnt (400, field captchaCode). */
export const checkCaptchaCode = (body: RequestOf<typeof auth.captchaCheckCode>) => call(auth.captchaCheckCode, body);
