import { Navigate, useParams } from 'react-router';
import { rememberInviteCode } from '../../lib/invite';
import { countInviteClick } from '../../lib/invite-click';
import { pathTo } from '../../lib/paths';

/**
 * docs/spec.md §2 `/:inviteCode?`: to /home with `invite` set and the fromInvite state flag; without a code,
 * to /home. The visit is counted for the link's owner on the way (not waited for).
 */
export default function InviteRedirectPage() {
  const { inviteCode } = useParams();
  if (!inviteCode) return <Navigate to={pathTo('home')} replace />;
  rememberInviteCode(inviteCode);
  countInviteClick(inviteCode);
  return <Navigate to={pathTo('home', {}, { invite: inviteCode })} replace state={{ fromInvite: true }} />;
}
