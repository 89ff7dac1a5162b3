import { security } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export const sendBindCode = (mobile: string) => call(security.sendSmsCode, { purpose: 'bind', mobile });
export const sendChangeCode = () => call(security.sendSmsCode, { purpose: 'change' });
export const bindMobile = (body: { mobile: string; code: string }) => call(security.bindMobile, body);
export const changeMobile = (body: { oldCode: string; mobile: string; code: string }) =>
  call(security.changeMobile, body);
