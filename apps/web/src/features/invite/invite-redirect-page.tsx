import { Navigate, useParams } from 'react-router';
import { rememberInviteCode } from '../../lib/invite';
import { pathTo } from '../../lib/paths';

/** SPEC §2 `/:inviteCode?`: to /home with `invite` set and the fromInvite state flag; without a code, to /home. */
export default function InviteRedirectPage() {
  const { inviteCode } = useParams();
  if (!inviteCode) return <Navigate to={pathTo('home')} replace />;
  rememberInviteCode(inviteCode);
  return <Navigate to={pathTo('home', {}, { invite: inviteCode })} replace state={{ fromInvite: true }} />;
}
