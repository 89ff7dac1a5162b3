import { profile, type CallContract, type RequestOf } from '@breakshot/contracts';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';

/** Each change, then user info again (the header, /user and /user/gerenziliao show it). */
const thenReload =
  <C extends CallContract>(contract: C) =>
  async (body: RequestOf<C>) => {
    const data = await call(contract, body);
    await useSession.getState().loadUserInfo();
    return data;
  };

export const changeAvatar = thenReload(profile.changeAvatar);
export const changeNickname = thenReload(profile.changeNickname);
export const changeSex = thenReload(profile.changeSex);
export const changeBirthday = thenReload(profile.changeBirthday);
export const changePassword = (body: RequestOf<typeof profile.changePassword>) => call(profile.changePassword, body);
